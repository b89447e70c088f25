/**
 * Learning and material requests (spec 000 §2.10 /learning-request, /material-request; issue 17
 * §4, docs/decisions/058): screens of the menu's "learning" section, one set of modules for both
 * kinds (the kind is the URL's first segment). The learning results are learning requests'
 * only. Plain data (client-safe: the browser reads screens for titles).
 *
 * @typedef {import("./menu.js").Screen} Screen
 */

const LR = {
  view: "request_form_view_request_form",
  change: "request_form_change_request_form",
  progress: "request_form_progress_request_form",
};
const MR = { view: "material_request_view_material_request", change: "material_request_change_material_request" };
/**
 * The people a flow names decide its requests without the kind's flags (docs/decisions/074): the
 * `decides_{kind}` guard passes the pages of the requests they decide, and their decisions.
 */
const LR_DECIDES = ["decides_learning_request"];
const MR_DECIDES = ["decides_material_request"];

/** @type {Screen[]} */
export const REQUESTS_SCREENS = [
  // The list's first tab is "waiting" (what an approver acts on).
  {
    id: "learning-request",
    path: "learning-request",
    labelKey: "menu_learning_request",
    flag: LR.view,
    also: LR_DECIDES,
    module: "routes/learning-request.list.tsx",
  },
  {
    id: "learning-request-waiting",
    path: "learning-request/waiting",
    labelKey: "req_tab_waiting",
    flag: LR.view,
    also: LR_DECIDES,
    module: "routes/learning-request.list.tsx",
    menu: false,
  },
  {
    id: "learning-request-approval-result",
    path: "learning-request/approval-result",
    labelKey: "req_tab_approval_result",
    flag: LR.view,
    also: LR_DECIDES,
    module: "routes/learning-request.list.tsx",
    menu: false,
  },
  {
    id: "learning-request-learning-result",
    path: "learning-request/learning-result/:learningresultid?",
    labelKey: "req_tab_learning_result",
    flag: LR.view,
    module: "routes/learning-request.result.tsx",
    menu: false,
    post: { change: LR.progress },
  },
  {
    id: "learning-request-item",
    path: "learning-request/:requestid",
    labelKey: "req_request_title",
    flag: LR.view,
    also: LR_DECIDES,
    module: "routes/learning-request.item.tsx",
    menu: false,
    params: { requestid: { api: "dashboard/learning-request/" } },
    post: { decide: LR.change },
    postAlso: { decide: LR_DECIDES },
  },
  // A rejection, confirmed on a page of its own with the reason the learner is shown (issue 33 item 12):
  // seen as the request is, sent with the change flag or as the step's decider.
  {
    id: "learning-request-reject",
    path: "learning-request/:requestid/reject",
    labelKey: "req_reject_title",
    flag: LR.view,
    also: LR_DECIDES,
    module: "routes/learning-request.reject.tsx",
    menu: false,
    params: { requestid: { api: "dashboard/learning-request/" } },
    post: { reject: LR.change },
    postAlso: { reject: LR_DECIDES },
  },
  {
    id: "learning-request-answer",
    path: "learning-request/:requestid/request-form/:requestformid?/section/:sectionid?",
    labelKey: "req_answer_title",
    flag: LR.view,
    also: LR_DECIDES,
    module: "routes/learning-request.answer.tsx",
    menu: false,
    params: { requestid: { api: "dashboard/learning-request/" } },
  },
  {
    id: "material-request",
    path: "material-request",
    labelKey: "menu_material_request",
    flag: MR.view,
    also: MR_DECIDES,
    module: "routes/learning-request.list.tsx",
  },
  {
    id: "material-request-approval-result",
    path: "material-request/approval-result",
    labelKey: "req_tab_approval_result",
    flag: MR.view,
    also: MR_DECIDES,
    module: "routes/learning-request.list.tsx",
    menu: false,
  },
  {
    id: "material-request-item",
    path: "material-request/:requestid",
    labelKey: "req_request_title",
    flag: MR.view,
    also: MR_DECIDES,
    module: "routes/learning-request.item.tsx",
    menu: false,
    params: { requestid: { api: "dashboard/material-request/" } },
    post: { decide: MR.change },
    postAlso: { decide: MR_DECIDES },
  },
  {
    id: "material-request-reject",
    path: "material-request/:requestid/reject",
    labelKey: "req_reject_title",
    flag: MR.view,
    also: MR_DECIDES,
    module: "routes/learning-request.reject.tsx",
    menu: false,
    params: { requestid: { api: "dashboard/material-request/" } },
    post: { reject: MR.change },
    postAlso: { reject: MR_DECIDES },
  },
];

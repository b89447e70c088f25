import { REQUEST_TYPE } from "../../../contract/request-codes";

/**
 * The kinds of request the same screens serve (docs/decisions/058, 074), told apart by the URL's
 * path: their API path, flags, the guard of the people a flow names (`decides`), where their
 * list is and its tabs. Plain data (client-safe).
 */
export type RequestKindDef = {
  kind: number;
  segment: "learning-request" | "material-request" | "enrollment/request";
  api: string;
  titleKey: string;
  flags: { view: string; change: string };
  /** The guard of a flow's deciders, who see and decide without the flags (docs/decisions/074). */
  decides: string;
  /** The list a request page leads back to (under /dashboard/). */
  list: string;
  /** The list's tabs: [path under the segment ("" the first), label key]. */
  tabs: [string, string][];
};

export const REQUEST_KIND_DEFS: RequestKindDef[] = [
  {
    kind: REQUEST_TYPE.learning,
    segment: "learning-request",
    api: "dashboard/learning-request/",
    titleKey: "menu_learning_request",
    flags: { view: "request_form_view_request_form", change: "request_form_change_request_form" },
    decides: "decides_learning_request",
    list: "learning-request",
    tabs: [
      ["waiting", "req_tab_waiting"],
      ["approval-result", "req_tab_approval_result"],
      ["learning-result", "req_tab_learning_result"],
    ],
  },
  {
    kind: REQUEST_TYPE.material,
    segment: "material-request",
    api: "dashboard/material-request/",
    titleKey: "menu_material_request",
    flags: { view: "material_request_view_material_request", change: "material_request_change_material_request" },
    decides: "decides_material_request",
    list: "material-request",
    tabs: [
      ["", "req_tab_waiting"],
      ["approval-result", "req_tab_approval_result"],
    ],
  },
  {
    // An enrolment waiting in its content's approval flow: listed on the enrollment approval pages.
    kind: REQUEST_TYPE.enrollment,
    segment: "enrollment/request",
    api: "dashboard/enrollment/request/",
    titleKey: "req_enrollment_request_title",
    flags: { view: "enrollment_view_enrollment", change: "enrollment_change_enrollment" },
    decides: "decides_enrollment",
    list: "enrollment/waiting",
    tabs: [],
  },
];

/** The kind of the URL (`/dashboard/{segment}/…`). */
export function kindOfPath(pathname: string): RequestKindDef {
  const path = pathname.replace(/^\/dashboard\//, "");
  return REQUEST_KIND_DEFS.find((k) => path === k.segment || path.startsWith(`${k.segment}/`)) ?? REQUEST_KIND_DEFS[0];
}

import { REQUEST_TYPE } from "../../../contract/request-codes";

/**
 * The two kinds of request the same screens serve (docs/decisions/058), told apart by the URL's
 * first segment: their API path, flags and tabs. Plain data (client-safe).
 */
export type RequestKindDef = {
  kind: number;
  segment: "learning-request" | "material-request";
  api: string;
  titleKey: string;
  flags: { view: string; change: string };
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
    tabs: [["waiting", "req_tab_waiting"], ["approval-result", "req_tab_approval_result"], ["learning-result", "req_tab_learning_result"]],
  },
  {
    kind: REQUEST_TYPE.material,
    segment: "material-request",
    api: "dashboard/material-request/",
    titleKey: "menu_material_request",
    flags: { view: "material_request_view_material_request", change: "material_request_change_material_request" },
    tabs: [["", "req_tab_waiting"], ["approval-result", "req_tab_approval_result"]],
  },
];

/** The kind of the URL (`/dashboard/{segment}/…`). */
export function kindOfPath(pathname: string): RequestKindDef {
  const segment = pathname.split("/")[2];
  return REQUEST_KIND_DEFS.find((k) => k.segment === segment) ?? REQUEST_KIND_DEFS[0];
}

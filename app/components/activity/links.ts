import type { VerifyViewType } from "../../../contract/activity-codes";

/**
 * The addresses of activity's own pages under an activity (`base` is /dashboard/activity/{id}),
 * as the registry declares them (app/registry/content.js `pages`): one place builds them.
 */
export const checklistHref = (base: string, checklistId: number) => `${base}/checklist/${checklistId}`;
/** overall/progress/{slotid}: one checklist's learners and their slots. */
export const slotProgressHref = (base: string, checklistId: number) => `${base}/overall/progress/${checklistId}`;

/**
 * checklist/{checklistid?}/slot/{slotid?}/verify/{view_type?}: the checklists to choose from, one
 * checklist's slots of a view, or one slot. The default view (waiting) is left out of the address.
 */
export function verifyHref(
  base: string,
  checklistId?: number | null,
  slotId?: number | null,
  view: VerifyViewType = "waiting",
) {
  const parts = [
    "checklist",
    checklistId,
    "slot",
    checklistId ? slotId : null,
    "verify",
    view === "waiting" ? null : view,
  ];
  return `${base}/${parts.filter((p) => p !== null && p !== undefined).join("/")}`;
}

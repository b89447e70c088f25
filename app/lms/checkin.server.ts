import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import { MSG } from "../../contract/messages";
import { checkinSchema } from "../../contract/schemas/activity";
import type { Lms } from "./api.server";
import { apiFieldErrors } from "./content-form.server";
import { redirectWithToast } from "./toast.server";
import { withPageSelected } from "./select-all";

/**
 * The check-in form's action (intent=checkin), shared by an activity's checklist and a class's
 * session (app/components/checkin): the ticked learners checked in or out at `apiPath`
 * ({enrollment_list, action}); the API's refusal (400, 403, 404) is the form's error, otherwise
 * back to `here` with a toast. The schema stays on the server (docs/decisions/016).
 */
export async function checkinAction(
  api: Lms,
  posted: FormData,
  apiPath: string,
  here: string,
  keys: { learnersInvalid: string },
) {
  // "Select all on this page" stands for the page's learners (docs/decisions/077).
  const form = withPageSelected(posted, "enrollment_list");
  const submission = parseWithZod(form, { schema: checkinSchema });
  const refuse = (status: number, formErrors: string[]) =>
    data({ result: submission.reply({ formErrors }) }, { status, headers: api.headers() });
  // Nothing ticked is the usual slip: say so in words, not as the field's "required".
  if (submission.status !== "success")
    return refuse(400, submission.error?.enrollment_list ? ["chk_tick_learners"] : [MSG.invalid]);
  const { action: direction, enrollment_list } = submission.value;
  const res = await api.post<Record<string, unknown>>(apiPath, submission.value, { accept: [400, 403, 404] });
  if (res.status === 404) return refuse(404, [MSG.not_found]);
  if (res.status >= 400) {
    // A learner the API refuses (400 on enrollment_list): left the content, or checking out without having checked in.
    const { formErrors, fieldErrors } = apiFieldErrors(res.data);
    const learners = fieldErrors.enrollment_list
      ? [direction === "out" ? "chk_checkout_needs_checkin" : keys.learnersInvalid]
      : [];
    return refuse(res.status, [
      ...formErrors,
      ...learners,
      ...Object.entries(fieldErrors).flatMap(([k, v]) => (k === "enrollment_list" ? [] : v)),
    ]);
  }
  const message = direction === "in" ? "chk_toast_checked_in" : "chk_toast_checked_out";
  return redirectWithToast(
    here,
    { type: "success", message, values: { n: enrollment_list.length } },
    { headers: api.headers() },
  );
}

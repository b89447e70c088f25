import type { Profile } from "../../contract/schemas/account";
import { personName } from "~/components/login-as/log-parts";
import type { Lms } from "./api.server";
import { dash } from "./paths";
import { redirectWithToast } from "./toast.server";

/**
 * Login as, on the dashboard's side (docs/decisions/033). The start form's schema is reached
 * through this .server module so that zod stays out of the browser's bundle (schemas.server.ts).
 */
export { parseWithZod } from "@conform-to/zod/v4";
export { LOGIN_AS_MINUTES, loginAsStartSchema } from "../../contract/schemas/login-as";

/** Back to the administrator's own account (the API ends the acting); false when the session was not acting. */
export async function leaveActing(api: Lms): Promise<boolean> {
  const res = await api.post("dashboard/login-as/leave/", {}, { accept: [400] });
  return res.status === 200;
}

/**
 * The session acts as someone who cannot use the dashboard (a learner, or a staff account that
 * lost its roles meanwhile): the dashboard cannot show that account anything, and signing the
 * administrator out (the 403 reaction) would punish the wrong person, so it returns to the
 * administrator's own account and says why.
 */
export async function leaveForDashboard(api: Lms, profile: Profile): Promise<Response> {
  await leaveActing(api);
  return redirectWithToast(
    dash(""),
    { type: "error", message: "acting_as_no_dashboard", values: { name: personName(profile) } },
    { headers: api.headers() },
  );
}

import type { Profile } from "../../contract/schemas/account";
import { DASHBOARD_FLAG, type PermissionAnswer } from "../../contract/permissions";
import { lms, type Lms } from "./api.server";
import { dash } from "./paths";

export type { Profile };
export type SignedIn = { api: Lms; profile: Profile; permission: PermissionAnswer };

/** Where a signed-out visitor is sent, keeping where they wanted to go (spec 000 §4). */
export function signInUrl(request: Request) {
  const url = new URL(request.url);
  const loginPath = url.searchParams.get("login") === "/account/login" ? "account/login/" : "account/signin/";
  return `${dash(loginPath)}?next=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The profile of the signed-in user, or null (the API answers 401 without a session). */
export async function getProfile(api: Lms): Promise<Profile | null> {
  const res = await api.get<Profile>("account/profile/", { accept: [401] });
  return res.status === 200 ? res.data : null;
}

/**
 * The signed-in dashboard user with their flags, read once per request. No session → sign-in
 * page with next; no dashboard_view_dashboard → signed out and /error/403 (spec 000 §4).
 */
export async function requireDashboardUser(request: Request): Promise<SignedIn> {
  const api = lms(request);
  const profile = await getProfile(api);
  if (!profile) throw api.redirect(signInUrl(request));
  const { data: permission } = await api.get<PermissionAnswer>("dashboard/account/permission/");
  if (!permission.permission[DASHBOARD_FLAG]) {
    await api.signOut();
    throw api.redirect(dash("error/403"));
  }
  return { api, profile, permission };
}

/** The signed-in user holding `flag`, or the spec's 403 reaction. */
export async function requirePermission(request: Request, flag: string): Promise<SignedIn> {
  const user = await requireDashboardUser(request);
  if (!user.permission.permission[flag]) {
    await user.api.signOut();
    throw user.api.redirect(dash("error/403"));
  }
  return user;
}

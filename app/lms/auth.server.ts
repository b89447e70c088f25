import type { Profile } from "../../contract/schemas/account";
import { answerHolds, DASHBOARD_FLAG, type PermissionAnswer } from "../../contract/permissions";
import { lms, type Lms } from "./api.server";
import { requestOf, type RequestArgs } from "./deadline.server";
import { dash } from "./paths";
import { MSG } from "../../contract/messages";
import { switchesOn, type ConfigDict } from "../../contract/config";
import { switchesOf } from "~/registry/features.js";
import { SCREENS } from "~/registry/menu.js";
import { redirectWithToast } from "./toast.server";
import { getConfig } from "./store.server";
import { blockedByMaintenance } from "./startup-rules";
import { keepUser, knownUser, type KnownUser } from "./user-cache.server";
import { leaveForDashboard } from "./login-as.server";

export type { Profile };
export type SignedIn = { api: Lms; profile: Profile; permission: PermissionAnswer; config: ConfigDict };

/**
 * What a guard is given: the loader's arguments (preferred) or just its request (deadline.server.ts):
 * with the arguments the layout's and the page's loaders share one read of the user
 * (docs/decisions/016) and one deadline for the API (docs/decisions/026).
 */
export { requestOf, type RequestArgs };

/**
 * Where a signed-out visitor is sent, keeping where they wanted to go: the login page named by the
 * `login` query (only the two sign-in pages are accepted), default /account/login (spec 002 §8).
 */
export function signInUrl(request: Request) {
  const url = new URL(request.url);
  const loginPath =
    url.searchParams.get("login")?.replace(/^\/+|\/+$/g, "") === "account/signin"
      ? "account/signin/"
      : "account/login/";
  return `${dash(loginPath)}?next=${encodeURIComponent(url.pathname + url.search)}`;
}

/** The profile of the signed-in user, or null (the API answers 401 without a session). */
export async function getProfile(api: Lms): Promise<Profile | null> {
  const res = await api.get<Profile>("account/profile/", { accept: [401] });
  return res.status === 200 ? res.data : null;
}

/** Like getProfile, but also tells whether a session just expired (the API says so on its 401). */
async function profileOrExpiry(api: Lms): Promise<{ profile: Profile | null; expired: boolean }> {
  const res = await api.get<Profile | { detail: string }>("account/profile/", { accept: [401] });
  if (res.status === 200) return { profile: res.data as Profile, expired: false };
  return { profile: null, expired: (res.data as { detail?: string })?.detail === MSG.session_expired };
}

/**
 * The signed-in dashboard user with their flags, read once per request. No session → sign-in
 * page with next; no dashboard_view_dashboard → signed out and /error/403 (spec 000 §4).
 */
export async function requireDashboardUser(from: RequestArgs): Promise<SignedIn> {
  const key = sharedKey(from);
  const cached = signedInCache.get(key);
  if (cached) return cached;
  const pending = loadDashboardUser(from);
  signedInCache.set(key, pending);
  return pending;
}

/**
 * Loaders of one page request share the answer (layout and page ask for the same user): keyed by
 * the request's load context, which all its loaders receive. An action (a POST) reads the user
 * afresh, so the loaders that run after it in the same request do not see what it read before
 * its change.
 */
const signedInCache = new WeakMap<object, Promise<SignedIn>>();
function sharedKey(from: RequestArgs): object {
  const request = requestOf(from);
  const context = "request" in from ? from.context : null;
  const read = request.method === "GET" || request.method === "HEAD";
  return read && context && typeof context === "object" ? context : request;
}

async function loadDashboardUser(from: RequestArgs): Promise<SignedIn> {
  const request = requestOf(from);
  const api = lms(from);
  // A page view a moment after the last one reuses its profile and flags (user-cache.server.ts);
  // an action reads them afresh, since what it writes may change them.
  const reading = request.method === "GET" || request.method === "HEAD";
  const known = reading ? knownUser(api.session) : undefined;
  const [user, config] = await Promise.all([known ?? readUser(api, request), getConfig()]);
  // spec 000 §4: maintenance (dashboard variant) sends everyone but system users away, before
  // the flag is looked at; without dashboard_view_dashboard: signed out, /error/403.
  if (blockedByMaintenance(config, user.profile)) throw api.redirect(dash("error/server-maintenance"));
  if (!user.permission?.permission?.[DASHBOARD_FLAG]) {
    // Acting as someone without the dashboard: back to the administrator, not signed out (docs/decisions/033).
    if (user.profile.is_login_as) throw await leaveForDashboard(api, user.profile);
    throw await api.refuse();
  }
  if (!known) keepUser(api.session, user);
  return { api, profile: user.profile, permission: user.permission, config };
}

/** The profile and flags from the API; no session → the sign-in page (with the expiry toast when it expired). */
async function readUser(api: Lms, request: Request): Promise<KnownUser> {
  const { profile, expired } = await profileOrExpiry(api);
  if (!profile) {
    // Another loader of this page request refused the user and signed them out: the same 403.
    if (api.refusedElsewhere) throw await api.refuse();
    // spec 002 §8: 401 → "Session Expired.", signed out, /account/login/ with next.
    if (expired)
      throw await redirectWithToast(
        signInUrl(request),
        { type: "error", message: MSG.session_expired },
        { headers: api.headers() },
      );
    throw api.redirect(signInUrl(request));
  }
  const { data: permission } = await api.get<PermissionAnswer>("dashboard/account/permission/", { accept: [403] });
  return { profile, permission };
}

/**
 * The screen's flag (or its `also` guards) from the registry, checked for the signed-in user (403 reaction otherwise);
 * a screen whose config switches are off answers 404 (docs/decisions/020).
 */
export async function requireScreen(from: RequestArgs, screenId: string): Promise<SignedIn> {
  const screen: { flag: string; also?: readonly string[]; feature?: string | readonly string[] } | undefined =
    SCREENS.find((s) => s.id === screenId);
  if (!screen) throw new Error(`unknown screen ${screenId}`);
  await requireSwitchesOn(from, switchesOf(screen));
  // Its flag, or a guard that shows it too (menu.js `also`: a flow's deciders, docs/decisions/074).
  return requirePermission(from, screen.flag, screen.also ?? []);
}

/**
 * The signed-in user on a page whose config switches are all on, else 404: for nobody does the
 * page exist, so this comes before any flag (docs/decisions/020).
 */
export async function requireSwitchesOn(from: RequestArgs, switches: readonly string[]): Promise<SignedIn> {
  const user = await requireDashboardUser(from);
  if (!switchesOn(user.config, switches)) throw new Response("Not Found", { status: 404, headers: user.api.headers() });
  return user;
}

/** The signed-in user holding `flag` (or passing one of `also`: content.js alsoFlags), or the spec's 403 reaction. */
export async function requirePermission(
  from: RequestArgs,
  flag: string,
  also: readonly string[] = [],
): Promise<SignedIn> {
  const user = await requireDashboardUser(from);
  if (![flag, ...also].some((f) => answerHolds(user.permission, f))) throw await user.api.refuse();
  return user;
}

import { LRUCache } from "lru-cache";
import type { PermissionAnswer } from "../../contract/permissions";
import type { Profile } from "../../contract/schemas/account";

/**
 * The signed-in user's profile and flags, kept per API session for a few seconds.
 *
 * Every dashboard page needs them (the menu, the guards), and reading them took two of a list
 * page's three API calls — 35 KB of permission JSON parsed per page view, the largest share of
 * the list page's cost beyond rendering (docs/decisions/016). The product the spec describes
 * reads the profile at start-up and the permissions at sign-in and keeps both; here they are
 * kept for `LMS_USER_CACHE_MS` (default 10 s, 0 = off), and forgotten at once when this session
 * writes anything through the dashboard, is refused (403), expires (401) or signs out — so a
 * user's own change (language, accepted terms) shows on the next page. A change made elsewhere
 * (another administrator editing this user's roles) shows within the TTL; the API checks every
 * call against the current flags regardless, so a stale entry can only show a menu item whose
 * page the API then refuses.
 *
 * Keyed by the API session cookie the browser sent; bounded (least recently used goes first).
 * Entries are frozen: every request of the session shares the same objects.
 */
export type KnownUser = { profile: Profile; permission: PermissionAnswer };

const TTL_MS = Number(process.env.LMS_USER_CACHE_MS ?? 10_000);
const users = TTL_MS > 0 ? new LRUCache<string, KnownUser>({ max: 10_000, ttl: TTL_MS }) : null;

export function knownUser(session: string | null): KnownUser | undefined {
  const user = session ? users?.get(session) : undefined;
  // An acting whose time is up is over at the API (docs/decisions/033): the administrator's own
  // profile and flags are read again, never the target's for the rest of the TTL.
  if (session && user?.profile.is_login_as && !(Date.parse(user.profile.datetime_login_as_expire ?? "") > Date.now())) {
    users?.delete(session);
    return undefined;
  }
  return user;
}

export function keepUser(session: string | null, user: KnownUser) {
  if (!session || !users) return;
  users.set(session, deepFreeze({ profile: user.profile, permission: user.permission }));
}

export function forgetUser(session: string | null) {
  if (session) users?.delete(session);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

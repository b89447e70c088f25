import { REGISTRY_TYPES as CONTENT_TYPES } from "../../app/registry/types.js";
import { requiredParams, type ManifestRoute } from "../../app/registry/route-manifest.js";
import { API_ORIGIN, DEMO_PASSWORD } from "./helpers";
import type { RequestClient } from "./http-session";

/**
 * Request-level helpers of the suites that walk the route manifest (the permission matrix, the
 * no-5xx probe): sign in through the API and fill a route's parameters with real ids.
 */
type Content = (typeof CONTENT_TYPES)[number];
export type Values = Record<string, number>;

const API = `${API_ORIGIN}/api`;

export const typeOf = (key: string): Content => {
  const type = CONTENT_TYPES.find((t) => t.key === key);
  if (!type) throw new Error(`unknown content type ${key}`);
  return type;
};

export async function cookie(ctx: RequestClient, name: string) {
  return (await ctx.storageState()).cookies.find((c) => c.name === name)?.value;
}

/** Sign in through the API (CSRF: its cookie from any GET, echoed in X-CSRFTOKEN). */
export async function signIn(ctx: RequestClient, username: string) {
  await ctx.get(`${API}/account/is-authenticated/`);
  const res = await ctx.post(`${API}/account/login/`, {
    data: { username, password: DEMO_PASSWORD },
    headers: { "x-csrftoken": (await cookie(ctx, "csrftoken")) ?? "" },
  });
  const body = await res.json().catch(() => null);
  if (res.status() !== 200 || !body || "is_lock_login" in body)
    throw new Error(`sign-in of ${username}: ${res.status()} ${JSON.stringify(body)}`);
}

/** Route modules that only stream a file (the exports): no document to open or check. */
export const DOWNLOADS = new Set([
  "routes/content.overall-export.tsx",
  "routes/class.overall-report-export.tsx",
  "routes/enrollment-approval-export.tsx",
  "routes/request-form.result-export.tsx",
  "routes/assignment.export.tsx",
  "routes/login-as.log-export.tsx",
  "routes/content.survey-result-export.tsx",
  "routes/user.export.tsx",
  "routes/enrollment-period-export.tsx",
]);

/** Ids of the first rows of an API list as the account sees it (empty when refused or empty). */
export async function listIds(ctx: RequestClient, path: string, size: number): Promise<number[]> {
  const res = await ctx.get(`${API}/${path}`, { params: { page_size: Math.max(size, 10), format: "json" } });
  if (res.status() !== 200) return [];
  const body = await res.json();
  const rows = (Array.isArray(body) ? body : (body.results ?? [])) as { id: number; datetime_cancel?: string | null }[];
  // A cancelled item (a class) is no example of its pages: its learners hold no seat, its codes
  // cannot change. It comes last, whichever the list's order puts first on a fresh database.
  const usable = [...rows.filter((r) => !r.datetime_cancel), ...rows.filter((r) => r.datetime_cancel)];
  return usable.slice(0, size).map((r) => r.id);
}

/**
 * Values of a route's parameters as the account sees them (so they lie in its scope): a content
 * type's first item; for a row under an item (`{list, of}`), the first item that has a row, and
 * that row (rows under a row: see ParamSource); a row that is itself an item (`{list, of, type}`:
 * a program's class) is chosen among the first 50 so that its own rows exist too; for an API list
 * on its own (`{api}`), its first row. Null when the account has nothing to request there.
 */
export async function valuesFor(ctx: RequestClient, route: ManifestRoute): Promise<Values | null> {
  const needed = requiredParams(route);
  const sources = Object.entries(route.params ?? {}).filter(([name]) => needed.includes(name));
  const values: Values = {};
  for (const [name, source] of sources) {
    if (typeof source === "object" && "api" in source) {
      const first = (await listIds(ctx, source.api, 1))[0];
      if (first === undefined) return null;
      values[name] = first;
      continue;
    }
    if (typeof source !== "string") continue;
    const below = sources.some((s) => typeof s[1] === "object" && "of" in s[1] && s[1].of === name);
    const found = await firstWithRows(
      ctx,
      sources,
      name,
      typeOf(source).api,
      await listIds(ctx, typeOf(source).api, below ? 50 : 1),
    );
    if (!found) return null;
    Object.assign(values, found);
  }
  return values;
}

type RowSource = { list: string; of: string; type?: string };
const rowSource = (s: unknown): s is RowSource => typeof s === "object" && s !== null && "of" in s;

/** The first of `ids` (items under the API path `api`) with a row in each list below `name`, and those rows. */
async function firstWithRows(
  ctx: RequestClient,
  sources: [string, unknown][],
  name: string,
  api: string,
  ids: number[],
): Promise<Values | null> {
  const below = sources.filter((s): s is [string, RowSource] => rowSource(s[1]) && s[1].of === name);
  for (const id of ids) {
    // A `{param}` in a list is a row found before it.
    const rows: Values = { [name]: id };
    let complete = true;
    for (const [rowName, { list, type }] of below) {
      const path = list.replace(/\{(\w+)\}/g, (_m, p: string) => String(rows[p]));
      const hasRows = sources.some(([, s]) => rowSource(s) && s.of === rowName);
      const candidates = await listIds(ctx, `${api}${id}/${path}`, hasRows ? 50 : 1);
      const chosen =
        hasRows && type
          ? await firstWithRows(ctx, sources, rowName, typeOf(type).api, candidates)
          : candidates.length
            ? { [rowName]: candidates[0] }
            : null;
      if (!chosen) {
        complete = false;
        break;
      }
      Object.assign(rows, chosen);
    }
    if (complete) return rows;
  }
  return null;
}

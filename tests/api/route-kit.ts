import { sql } from "kysely";
import type { FastifyInstance } from "fastify";
import { MOUNTED_DEFINITIONS } from "../../api/content/library/definitions";
import { BOOKKEEPING, BOOKKEEPING_COLUMNS } from "../fuzz-inputs";
import type { Client, TestApi } from "./harness";

/**
 * Every route the API registered, and real ids to call them with (issue 32): shared by the tests
 * that walk the whole API (no-5xx, permission-first, empty-update), so a new route is covered
 * without touching them.
 */

export type Route = { method: string; path: string };
export const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The routes of `app.printRoutes({ commonPrefix: false })`: a tree whose node texts join into paths. */
export function registeredRoutes(app: FastifyInstance): Route[] {
  const out: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack.push(m[2]);
    for (const method of m[3]?.split(", ") ?? []) out.push({ method, path: stack.join("") });
  }
  return out;
}

/** A route's path without its parameters' patterns: `/api/term/:id/accept` (how the tests' lists name routes). */
export const pattern = (path: string) => path.replace(/(:\w+)\([^)]*\)/g, "$1");

/** The content types' mounted paths, longest first (`coniclex/course` before `course`). */
const TYPE_PATHS = MOUNTED_DEFINITIONS.map((d) => d.resource.path).sort((a, b) => b.length - a.length);
/** A route's shape: its pattern with the content type's path as `{type}`, one shape for the code every type mounts. */
export function shape(path: string): string {
  const p = pattern(path);
  const type = TYPE_PATHS.find((t) => p.startsWith(`/api/dashboard/${t}/`));
  return type ? p.replace(`/api/dashboard/${type}/`, "/api/dashboard/{type}/") : p;
}

type Row = Record<string, unknown>;
const rowsOf = (body: unknown): Row[] | null => {
  const list = Array.isArray(body)
    ? body
    : Array.isArray((body as { results?: unknown })?.results)
      ? (body as { results: unknown[] }).results
      : null;
  return list ? (list.filter((r) => r && typeof r === "object") as Row[]) : null;
};
/** Objects with an id in the arrays under `rows`, at any depth (a curriculum's materials, a section's questions, a thread's replies). */
const nested = (rows: unknown[]): Row[] =>
  rows.flatMap((r) =>
    r && typeof r === "object"
      ? Object.values(r).flatMap((v) =>
          Array.isArray(v)
            ? [...(v.filter((x) => x && typeof x === "object" && "id" in x) as Row[]), ...nested(v)]
            : [],
        )
      : [],
  );

/**
 * Fills a route's parameters with rows that exist, as `admin` reads them: each parameter from the
 * list at the path before it (`…/live/{id}/question/` for `:qid`), else from the rows nested in the
 * nearest item or list above it; the first candidates whose following parameters resolve too.
 * `fixed` gives the values of a parameter no list names (a tag type), by the path before it and
 * its name, or undefined. Unresolved parameters are "1".
 */
export type FixedIds = (prefix: string, param: string) => Promise<string[] | undefined> | string[] | undefined;
export function idResolver(admin: Client, fixed: FixedIds = () => undefined) {
  const cache = new Map<string, Row[] | null>();
  const read = async (url: string, list: boolean) => {
    const key = `${list}:${url}`;
    if (!cache.has(key)) {
      // Oldest first where the list orders by id: the seed hangs its sub-rows on its first items.
      let res = await admin.get(list ? `${url}?page_size=50&ordering=id` : url);
      if (list && res.status === 400) res = await admin.get(`${url}?page_size=50`);
      cache.set(key, res.status !== 200 ? null : list ? rowsOf(res.body) : [res.body as Row]);
    }
    return cache.get(key)!;
  };
  async function candidates(prefix: string, param: string): Promise<string[]> {
    const given = await fixed(prefix, param);
    if (given) return given;
    let rows = await read(prefix, true);
    // No list at all here (an empty one is an answer): the rows nested one step above, in the item or the list (…/section/{id}/question/
    // → the section's questions; …/curriculum/material/ → the curriculum's materials).
    const up = prefix.replace(/[^/]+\/$/, "");
    if (rows === null && /\/\d+\/.+\/$/.test(up)) {
      const item = /\/(\d+)\/$/.exec(up);
      const above = item
        ? ((await read(up, false)) ??
          (await read(up.replace(/\d+\/$/, ""), true))?.filter((r) => String(r.id) === item[1]))
        : await read(up, true);
      if (above?.length) rows = nested(above);
    }
    const key = param === "number" ? "number" : "id";
    return [
      ...new Set(
        (rows ?? [])
          .map((r) => r[key] ?? r.id)
          .filter((v) => typeof v === "number" || typeof v === "string")
          .map(String),
      ),
    ].slice(0, 50);
  }
  async function fill(parts: string[], i: number, at: string): Promise<{ url: string; resolved: boolean }> {
    if (i >= parts.length) return { url: at, resolved: true };
    const part = parts[i];
    if (!part.startsWith(":")) return fill(parts, i + 1, at + part.replace("*", "/x"));
    let first: { url: string; resolved: boolean } | null = null;
    for (const value of await candidates(at, /^:(\w+)/.exec(part)![1])) {
      const done = await fill(parts, i + 1, at + value);
      if (done.resolved) return done;
      first ??= done;
    }
    return first ?? { url: (await fill(parts, i + 1, `${at}1`)).url, resolved: false };
  }
  /** The route's URL (with its trailing slash) and whether every parameter names a real row. */
  return async (route: Route) => {
    const { url, resolved } = await fill(route.path.split(/(:\w+(?:\([^)]*\))?)/), 0, "");
    return { url: `${url}/`, resolved };
  };
}

/** Rows the demo seed lacks and some routes act on, made through the API: a provider's highlight. */
export async function addUnseededRows(api: TestApi, admin: Client) {
  const provider = (await api.db.selectFrom("provider").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const made = await admin.post(`/api/dashboard/provider/${provider}/highlight/`, {
    title: "Route walk",
    external_link: "https://example.org/",
    sort: 1,
  });
  if (made.status !== 201) throw new Error(`highlight: ${made.status} ${JSON.stringify(made.body)}`);
}

/** Send `body` as JSON with the method of `route` (DELETE without one). */
export function sendAs(client: Client, method: string, url: string, body: unknown) {
  const payload = body as Record<string, unknown>;
  if (method === "DELETE") return client.delete(url);
  if (method === "PUT") return client.put(url, payload);
  if (method === "PATCH") return client.patch(url, payload);
  return client.post(url, payload);
}

/**
 * What a write leaves behind: a row trigger on every table (sign-in bookkeeping aside) counts its
 * inserts, updates and deletes in `test_write_count`, in this test's own database only. Reading
 * that one small table replaces a count over all 180 tables (48 ms a reading on PostgreSQL, which
 * made the walks over every route the slowest files of the suite), and it sees every update, not
 * only those that stamp `datetime_update` (a session's own stamp aside: BOOKKEEPING_COLUMNS). A transaction rolled back takes its counts with it, so
 * a refusal that wrote and then undid nothing shows as nothing.
 */
export async function writeFingerprint(api: TestApi): Promise<() => Promise<string>> {
  const tables = (await api.db.introspection.getTables()).filter((t) => !t.isView && !BOOKKEEPING.has(t.name));
  await sql`create table test_write_count (t varchar(100) primary key, n integer not null)`.execute(api.db);
  // `table`: an SQL expression naming the table written.
  const count = (table: string) =>
    `insert into test_write_count (t, n) values (${table}, 1) on conflict (t) do update set n = test_write_count.n + 1`;
  if (api.dialect === "postgres") {
    await sql
      .raw(
        `create function test_write_counted() returns trigger language plpgsql as $$ begin ${count("TG_TABLE_NAME")}; return null; end $$`,
      )
      .execute(api.db);
  }
  for (const { name: t, columns } of tables) {
    // An update counts when it sets a column that is not bookkeeping (both dialects: `update of`).
    const skip = BOOKKEEPING_COLUMNS[t] ?? [];
    const update = `update of ${columns
      .filter((c) => !skip.includes(c.name))
      .map((c) => `"${c.name}"`)
      .join(", ")}`;
    if (api.dialect === "postgres")
      await sql
        .raw(
          `create trigger test_write_counted after insert or ${update} or delete on "${t}" for each row execute function test_write_counted()`,
        )
        .execute(api.db);
    else
      for (const op of ["insert", update, "delete"])
        await sql
          .raw(`create trigger "test_${op.split(" ")[0]}_${t}" after ${op} on "${t}" begin ${count(`'${t}'`)}; end`)
          .execute(api.db);
  }
  return async () =>
    (await sql<{ t: string; n: number }>`select t, n from test_write_count order by t`.execute(api.db)).rows
      .map((r) => `${r.t}:${r.n}`)
      .join(" ");
}

/** The tables whose entry differs between two fingerprints. */
export const changedTables = (before: string, after: string) => {
  const old = new Set(before.split(" "));
  return after
    .split(" ")
    .filter((t) => !old.has(t))
    .map((t) => t.split(":")[0]);
};

import { afterAll, beforeAll, expect, it } from "vitest";
import fc from "fast-check";
import { sql } from "kysely";
import { CSRF_COOKIE } from "../../contract/http";
import { MSG } from "../../contract/messages";
import { fuzzBody, fuzzParam, fuzzQuery, type FuzzBody } from "../fuzz-inputs";
import { startTestApi, type Client, type TestApi } from "./harness";
import { WRITES, changedTables, registeredRoutes, writeFingerprint, type Route } from "./route-kit";

/**
 * No 5xx from input, anywhere in the API (issue 12): every route Fastify has registered (read from
 * the router itself, so a new route is covered without touching this file), writes above all, signed in
 * as the demo admin with a valid CSRF token, gets arbitrary bodies and query strings, its
 * parameters real ids from the seed or junk. No answer may be a 5xx, and a refused request (4xx)
 * writes nothing. Bounded: a fixed seed (FC_SEED to change it), printed by fast-check on failure.
 */

/** Writes are what can do harm: they get three turns in four. */
const weighted = (routes: Route[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...routes.filter((r) => WRITES.has(r.method))), weight: 3 },
    { arbitrary: fc.constantFrom(...routes.filter((r) => !WRITES.has(r.method))), weight: 1 },
  );

let api: TestApi;
let admin: Client;
/** Real values for each route parameter name (the first rows of the table it names), else "1". */
const real: Record<string, string[]> = {};
let fingerprint: () => Promise<string>;

beforeAll(async () => {
  api = await startTestApi();
  admin = api.client();
  await admin.login("admin");
  const ids = async (table: string) =>
    (await sql<{ id: number }>`select id from ${sql.table(table)} order by id limit 3`.execute(api.db)).rows.map((r) =>
      String(r.id),
    );
  Object.assign(real, {
    id: await ids("course"),
    accountId: await ids("account"),
    permissionId: await ids("content_permission"),
    enrollmentId: await ids("content_enrollment"),
    sid: await ids("content_section"),
    mid: await ids("content_material"),
    rowid: [
      ...(await ids("content_competency")),
      ...(await ids("content_survey")),
      ...(await ids("content_gamification")),
    ],
    threadid: await ids("discussion_thread"),
    replyid: await ids("discussion_reply"),
    transactionid: await ids("identification_transaction"),
    progressid: await ids("content_enrollment"),
    contentTypeId: await ids("content_type"),
    contentId: await ids("course"),
    type: ["general", "course"],
  });
  fingerprint = await writeFingerprint(api);
}, 60_000);

afterAll(async () => {
  await api?.close();
});

/** Fill `:name(regex)` parameters with the chosen values. */
const fill = (path: string, values: Record<string, string>) =>
  path.replace(/:(\w+)(\([^)]*\))?/g, (_m, name: string) => values[name] ?? "1");

async function send(route: Route, url: string, body: FuzzBody) {
  if (!admin.cookies.has(CSRF_COOKIE)) await admin.get("/api/account/is-authenticated/");
  const res = await api.app.inject({
    method: route.method as "POST",
    url,
    payload: body.payload,
    headers: {
      cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      "x-csrftoken": admin.cookies.get(CSRF_COOKIE) ?? "",
      ...(body.contentType !== undefined ? { "content-type": body.contentType } : {}),
    },
  });
  return res.statusCode;
}

it("no route answers 5xx to any input, and a refusal writes nothing", async () => {
  // Reads too: their query strings and parameters are input as well.
  const routes = registeredRoutes(api.app).filter((r) => r.method !== "HEAD" && r.path !== "*");
  expect(routes.filter((r) => WRITES.has(r.method)).length).toBeGreaterThan(40);
  const names = [...new Set(routes.flatMap((r) => [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1])))];
  const params = fc.record(
    Object.fromEntries(names.map((n) => [n, fuzzParam(real[n]?.length ? real[n] : ["1"])])) as Record<
      string,
      fc.Arbitrary<string>
    >,
  );
  const fields = [
    "name",
    "code",
    "desc",
    "username",
    "password",
    "intent",
    "is_display",
    "image",
    "file",
    "section",
    "sort",
    "account",
    "source",
  ];
  await fc.assert(
    fc.asyncProperty(
      weighted(routes),
      params,
      fuzzBody(fields),
      fc.option(fuzzQuery),
      async (route, values, body, query) => {
        const url = `${fill(route.path, values)}/${query === null ? "" : `?${query}`}`;
        const before = await fingerprint();
        const status = await send(route, url, body);
        expect(status, `${route.method} ${url} (${body.label})`).toBeLessThan(500);
        if (status >= 400)
          expect(
            changedTables(before, await fingerprint()),
            `${route.method} ${url} refused with ${status} but wrote`,
          ).toEqual([]);
        // Sign-in, sign-out and a refused sign-in end or replace the admin's session: sign in again.
        if (/\/(login|logout)/.test(route.path) || status === 401) {
          admin.cookies.clear();
          await admin.login("admin");
        }
      },
    ),
    { numRuns: Number(process.env.FC_RUNS ?? 2000), seed: Number(process.env.FC_SEED ?? 20261201), endOnFailure: true },
  );
}, 600_000); // bounded by the run count

it("a control character in a text field is refused with its message, and nothing is written", async () => {
  const before = await fingerprint();
  const category = (await api.db.selectFrom("category").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const provider = (await api.db.selectFrom("provider").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const created = await admin.post("/api/dashboard/course/", {
    name: "Nul\u0000course",
    code: "NUL1",
    category,
    provider,
  });
  expect(created.status).toBe(400);
  expect(created.body.name).toEqual([MSG.control_characters]);
  const renamed = await admin.patch(`/api/dashboard/course/${real.id[0]}/`, { name: "Bell\u0007" });
  expect(renamed.body.name).toEqual([MSG.control_characters]);
  expect(await fingerprint()).toBe(before);
});

import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApi, type Client, type TestApi } from "./harness";
import {
  WRITES,
  addUnseededRows,
  changedTables,
  idResolver,
  pattern,
  registeredRoutes,
  sendAs,
  shape,
  writeFingerprint,
  type FixedIds,
  type Route,
} from "./route-kit";

/**
 * Session and permission before the body, on every write (issue 32): a caller who may not make a
 * change learns nothing of its fields. Every write route Fastify has registered (POST, PUT, PATCH,
 * DELETE, read from the router, so a new route is covered without touching this file), its
 * parameters real rows of the seed, gets an empty and an invalid JSON body (`{}`, `[]`) with a
 * valid CSRF token from (a) an anonymous client and (b) signed-in accounts without the route's
 * flag: the read-only `viewer` (the view flags of content only) and the `learner` (no dashboard
 * permission). Each answer is 401, 403 or 404 (a signed-in caller: 403 or 404) — never 400, never
 * 2xx — and nothing is written.
 */

type Who = "anonymous" | "viewer" | "learner";
/**
 * The writes that are open by design, and to whom: `anyone` (an anonymous caller too) or
 * `signed-in` (anonymous still gets its 401). Every other write needs a flag the viewer and the
 * learner lack. A route listed here must exist (checked below), so the list cannot outlive it.
 */
const OPEN: Record<string, { to: "anyone" | "signed-in"; why: string }> = {
  "POST /api/account/login": { to: "anyone", why: "signing in is what an anonymous caller does" },
  "POST /api/dashboard/account/login": {
    to: "anyone",
    why: "the dashboard's sign-in (its own answer of the same guard)",
  },
  "POST /api/account/login/social": { to: "anyone", why: "signing in (refused: no social provider is configured)" },
  "POST /api/account/sso/validate": { to: "anyone", why: "signing in with an SSO token" },
  "POST /api/account/logout": { to: "anyone", why: "signing out ends whatever session there is (none: nothing to do)" },
  "POST /api/account/forgot-password/identify": {
    to: "anyone",
    why: "the forgotten-password steps are for who cannot sign in",
  },
  "POST /api/account/forgot-password/send": {
    to: "anyone",
    why: "the forgotten-password steps are for who cannot sign in",
  },
  "POST /api/account/forgot-password/verify": {
    to: "anyone",
    why: "the forgotten-password steps are for who cannot sign in",
  },
  "POST /api/account/forgot-password/reset": {
    to: "anyone",
    why: "the forgotten-password steps are for who cannot sign in",
  },
  "POST /api/analytic/session": {
    to: "anyone",
    why: "a visit of the learner site or the dashboard, anonymous ones counted too",
  },
  "PATCH /api/account/profile": { to: "signed-in", why: "the account's own profile (its language)" },
  "POST /api/dashboard/login-as/leave": {
    to: "signed-in",
    why: "whoever acts as someone may stop (400 when not acting)",
  },
  "POST /api/class/checkin": { to: "signed-in", why: "a learner's own check-in with a class's QR code" },
  "POST /api/class/:id/terms/accept": { to: "signed-in", why: "a learner accepts a class's terms for itself" },
  "POST /api/term/:id/accept": { to: "signed-in", why: "the account accepts the terms for itself" },
  "POST /api/term/privacy/:id/accept": { to: "signed-in", why: "the account accepts the privacy policy for itself" },
  "POST /api/term/data-consent/:id/accept": { to: "signed-in", why: "the account gives its data consent for itself" },
  "POST /api/test/:id/attempt": {
    to: "signed-in",
    why: "a learner starts its own attempt at a test it is enrolled in",
  },
  "POST /api/test/:id/attempt/:attemptid/submit": { to: "signed-in", why: "a learner submits its own attempt" },
  "POST /api/survey/:id/answer": { to: "signed-in", why: "a learner answers a survey for itself" },
  "POST /api/learning-request": { to: "signed-in", why: "a learner's own learning or material request" },
};

/** Open writes that every content type has under its learner path (api/content/features/enrollment/learner-routes.ts). */
const OPEN_SHAPES: { pattern: RegExp; to: "signed-in"; why: string }[] = [
  {
    pattern: /^POST \/api\/(coniclex\/)?[\w-]+\/:id\/enroll$/,
    to: "signed-in",
    why: "a learner enrols itself (decision 074)",
  },
  {
    pattern: /^POST \/api\/(coniclex\/)?[\w-]+\/:id\/enroll\/form$/,
    to: "signed-in",
    why: "a learner answers the enrolment form for itself (decision 074)",
  },
];
const openOf = (k: string) => OPEN[k] ?? OPEN_SHAPES.find((o) => o.pattern.test(k));

/**
 * Route shapes the seed has no row for (each parameter then names no row, and the answer is a 404
 * whatever the order): the same code is checked with real rows where its shape also exists, under
 * another content type. Listed, so that a shape that loses its rows is noticed.
 */
const UNSEEDED = new Set<string>([
  // No suggestion has enrolled anyone yet: the handler is the assignment's (api/assignment/routes-learning.ts, every kind).
  "PATCH /api/dashboard/suggestion/:id/progress/:enrollmentId",
]);

const BODIES: unknown[] = [{}, []];
const REFUSED = [401, 403, 404];
const SIGNED_IN_REFUSED = [403, 404];

let api: TestApi;
let callers: { who: Who; client: Client }[];
let routes: Route[];

beforeAll(async () => {
  api = await startTestApi();
  callers = [
    { who: "anonymous", client: api.client() },
    { who: "viewer", client: await api.signedIn("viewer") },
    { who: "learner", client: await api.signedIn("learner") },
  ];
  routes = registeredRoutes(api.app).filter((r) => WRITES.has(r.method));
  await addUnseededRows(api, await api.signedIn("admin"));
}, 60_000);

afterAll(async () => {
  await api?.close();
});

const key = (r: Route) => `${r.method} ${pattern(r.path)}`;

it("lists only writes that exist", () => {
  expect(routes.length).toBeGreaterThan(700);
  expect(Object.keys(OPEN).filter((k) => !routes.some((r) => key(r) === k))).toEqual([]);
  expect(OPEN_SHAPES.filter((o) => !routes.some((r) => o.pattern.test(key(r)))).map((o) => String(o.pattern))).toEqual(
    [],
  );
  expect([...UNSEEDED].filter((k) => !routes.some((r) => `${r.method} ${shape(r.path)}` === k))).toEqual([]);
});

it("every write refuses a caller without its permission before reading the body, and writes nothing", async () => {
  const ids = (rows: { id: number }[]) => rows.map((r) => String(r.id));
  const fixed: FixedIds = async (prefix, param) => {
    // The tag call names its tag type, content type and content in the path: a course's.
    if (param === "type") return ["CONTENT_CLUSTER"];
    if (param === "contentTypeId")
      return ids(await api.db.selectFrom("content_type").select("id").where("code", "=", "course").execute());
    if (/\/content-type\/\d+\/content\/$/.test(prefix))
      return ids(await api.db.selectFrom("course").select("id").orderBy("id").limit(3).execute());
    // A class's event zone is written under location/.
    if (prefix.endsWith("/location/zone/event/"))
      return ids(await api.db.selectFrom("class").select("id").orderBy("id").limit(3).execute());
    // A test's answers are listed by section; by the test here.
    const test = /\/dashboard\/test\/(\d+)\/answer\/$/.exec(prefix);
    if (test) {
      const rows = await api.db
        .selectFrom("test_attempt_answer as w")
        .innerJoin("test_attempt as t", "t.id", "w.attempt_id")
        .select("w.id")
        .where("t.test_id", "=", Number(test[1]))
        .limit(3)
        .execute();
      return ids(rows);
    }
    return undefined;
  };
  const resolve = idResolver(await api.signedIn("admin"), fixed);
  const fingerprint = await writeFingerprint(api);
  const failures: string[] = [];
  const resolvedShapes = new Set<string>();
  const unresolved = new Set<string>();
  for (const route of routes) {
    const open = openOf(key(route));
    const { url, resolved } = await resolve(route);
    if (!open) (resolved ? resolvedShapes : unresolved).add(`${route.method} ${shape(route.path)}`);
    // A second on: a refused write that stamped a row's update time would show in the fingerprint.
    api.advance(1_000);
    const before = await fingerprint();
    for (const body of BODIES) {
      for (const { who, client } of callers) {
        if (open && (open.to === "anyone" || who !== "anonymous")) continue;
        const res = await sendAs(client, route.method, url, body);
        // A signed-in caller is never a 401: that would be its session lost, and the check moot.
        if (!(who === "anonymous" ? REFUSED : SIGNED_IN_REFUSED).includes(res.status))
          failures.push(
            `${route.method} ${url} ${JSON.stringify(body)} as ${who}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`,
          );
      }
    }
    if (!open) {
      const wrote = changedTables(before, await fingerprint());
      if (wrote.length) failures.push(`${route.method} ${url}: refused, but wrote ${wrote.join(", ")}`);
    }
  }
  expect(failures).toEqual([]);
  // Real rows behind every shape of route (a type's feature is one code for every type).
  const missing = [...unresolved].filter((s) => !resolvedShapes.has(s) && !UNSEEDED.has(s));
  expect(missing, "route shapes whose parameters no seeded row fills").toEqual([]);
}, 600_000);

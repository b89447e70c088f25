import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../api/db/demo-accounts";
import { answerGuards, DASHBOARD_FLAG, isFlag, type PermissionAnswer } from "../../contract/permissions";
import {
  ROUTE_MANIFEST,
  ancestorsOf,
  exampleUrl,
  manifestProblems,
  pageRoutes,
  PUBLIC,
  SIGNED_IN,
  type ManifestRoute,
} from "../../app/registry/route-manifest.js";
import { holding, outsidersOf, refusedStaff, type AccountFlags, type GuardFlags } from "../matrix-accounts";
import { API_ORIGIN } from "./helpers";
import { cookie, listIds, signIn, typeOf, valuesFor, type Values } from "./route-values";
import { CHECK_TYPE, isChecked } from "../checked-type";
import { HttpSession, type HttpResponse, type JarCookie } from "./http-session";

/**
 * The permission matrix of the dashboard (issue 4 §7), generated from the route manifest that
 * routes.table.js is built from, so a new route cannot escape it. For every flag-guarded page:
 * anonymous → sign-in with next; an account without dashboard permission → signed out at
 * /error/403; the staff accounts without the route's flag that reach it (the most and the least
 * privileged: the read-only viewer for a tab needing more than view) → the same; the least
 * privileged account with it → 200. For every action: a POST without its flag is refused the
 * same way and writes nothing, and refused by the dashboard's own guard even when no form token
 * lets it reach the API. Which account holds which flag is read from the API at test time.
 *
 * Requests only (no browser), so it runs once: in the js-on project.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "requests only: runs once, in the js-on project");

const API = `${API_ORIGIN}/api`;
const SIGN_IN = /^\/dashboard\/account\/(login|signin)\/$/;
const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status);
const locationOf = (res: HttpResponse) => new URL(res.headers().location ?? "", "http://x");

/** A fresh cookie jar (a new visitor); with `dashboardForm`, it holds the form token's cookie. */
let newContext: (opts?: { dashboardForm?: boolean }) => Promise<HttpSession>;
/** The dashboard's anti-forgery pair (remix-utils): its signed cookie and the form field's value. */
let formToken: { cookie: JarCookie; value: string };
let accounts: AccountFlags[] = [];
/** Accounts whose sign-in failed (another spec may have changed a password): left out, said so. */
const unavailable: string[] = [];
/** Where the best refused account lacks even the flag that reaches the route: said, not hidden. */
const weak = new Map<string, string[]>();
/** One live session per account for the checks that must pass (they never sign out). */
const sessions = new Map<string, HttpSession>();
const opened: HttpSession[] = [];
let checks = 0;

async function session(username: string) {
  let ctx = sessions.get(username);
  if (!ctx) {
    ctx = await newContext();
    await signIn(ctx, username);
    sessions.set(username, ctx);
  }
  return ctx;
}

/** The observer: the account holding the most flags, never refused; it reads the state around a POST. */
const observer = () => session([...accounts].sort((a, b) => (b.flags?.size ?? 0) - (a.flags?.size ?? 0))[0].username);

type Task = { label: string; run: () => Promise<void> };

/** Run checks a few at a time, collecting every failure (labelled) instead of stopping at the first. */
/**
 * A snapshot without the fields that reading moves: an account's `last_active` is touched by any
 * signed-in request of that account (api/http/session.ts), so a user row, or a department's list of
 * people, changes while other checks sign in beside it without anything having been written.
 */
function withoutActivity<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (key, v) => (key === "last_active" ? undefined : v));
}

async function runAll(tasks: Task[], parallel = 8, counted = true): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++];
      if (counted) checks++;
      try {
        await task.run();
      } catch (e) {
        // The header and the changed lines of a diff, so a failure says what differed.
        const lines = (e as Error).message.split("\n");
        failures.push(
          `${task.label}: ${[
            ...lines.slice(0, 6),
            ...lines
              .slice(6)
              .filter((l) => /^\s*[-+] /.test(l))
              .slice(0, 12),
          ].join(" ")}`,
        );
      }
    }
  };
  // Inside a step: each check's `expect` is a step of the test, and one made outside any step has
  // its parent found by walking every step before it — quadratic in a test of thousands of checks.
  await test.step(`${tasks.length} checks`, () =>
    Promise.all(Array.from({ length: Math.min(parallel, tasks.length) }, worker)).then(() => undefined));
  return failures;
}

async function expectAllPass(tasks: Task[], parallel?: number) {
  const failures = await runAll(tasks, parallel);
  expect(failures, `${failures.length} of ${tasks.length} checks failed`).toEqual([]);
}

function expectSignInRedirect(res: HttpResponse, url: string) {
  expect(isRedirect(res.status()), `status ${res.status()}`).toBe(true);
  expect(locationOf(res).pathname).toMatch(SIGN_IN);
  expect(locationOf(res).searchParams.get("next")).toBe(url);
}

/**
 * One refusal: a fresh session of `username`, `send` → the 403 page, and the session is over on
 * the dashboard side (cookie cleared) and on the API side (the old session id is dead).
 */
async function expectRefused(username: string, send: (ctx: HttpSession) => Promise<HttpResponse>) {
  const ctx = await newContext({ dashboardForm: true });
  await signIn(ctx, username);
  const sid = await cookie(ctx, "sessionid");
  const res = await send(ctx);
  const landed = isRedirect(res.status()) ? locationOf(res).pathname : new URL(res.url()).pathname;
  expect(landed, `status ${res.status()}`).toBe("/dashboard/error/403");
  if (!isRedirect(res.status())) expect(res.status()).toBe(403);
  expect(await cookie(ctx, "sessionid"), "session cookie left in the browser").toBeUndefined();
  const probe = await ctx.get(`${API}/account/is-authenticated/`, { headers: { cookie: `sessionid=${sid}` } });
  expect((await probe.json()).is_authenticated, "session still alive on the API").toBe(false);
}

/**
 * Who must be refused `flag`: the accounts without dashboard permission, and the staff accounts
 * without the flag that reach the route (hold `near`): the most privileged one and the least
 * privileged one (the read-only viewer where the route needs more than view); with none reaching
 * it, the most privileged staff account without the flag, and the check is reported "weak".
 */
function refusedFor(flag: GuardFlags, near: string | undefined, where: string) {
  const staff = refusedStaff(accounts, flag, near);
  const [best] = staff;
  if (near && near !== flag && best.flags?.has(DASHBOARD_FLAG) && !best.flags.has(near)) {
    const gap = `no demo account holds ${near} without ${flag} (${best.username}, refused, lacks both)`;
    weak.set(gap, [...(weak.get(gap) ?? []), where]);
    test.info().annotations.push({ type: "weak", description: `${where}: ${gap}` });
  }
  return { staff, all: [...new Map([...outsidersOf(accounts), ...staff].map((a) => [a.username, a])).values()] };
}

/** The flag that lets an account reach a route: the guard of its nearest flag-guarded ancestor. */
const nearFlag = (route: ManifestRoute) => ancestorsOf(route).find((a) => isFlag(a.guard))?.guard;

test.beforeAll(async () => {
  const info = test.info();
  const baseURL = info.project.use.baseURL!;
  newContext = async (opts = {}) => {
    const ctx = new HttpSession(baseURL, opts.dashboardForm ? [formToken.cookie] : []);
    opened.push(ctx);
    return ctx;
  };
  // The form token of a public page (the sign-in form): valid with its cookie in any jar.
  const visitor = await newContext();
  const html = await (await visitor.get("/dashboard/account/signin")).text();
  const value = /name="csrf" value="([^"]+)"/.exec(html)?.[1];
  const tokenCookie = (await visitor.storageState()).cookies.find((c) => c.name === "csrf");
  if (!value || !tokenCookie) throw new Error("no form token on the sign-in page");
  formToken = { cookie: tokenCookie, value };
  // Every demo account signs in and says which flags it holds (403: no dashboard permission).
  const read = await Promise.all(
    DEMO_ACCOUNTS.map(async ({ username }): Promise<AccountFlags | null> => {
      const ctx = await newContext();
      try {
        await signIn(ctx, username);
      } catch (e) {
        unavailable.push(`${username} (${(e as Error).message})`);
        return null;
      }
      const res = await ctx.get(`${API}/dashboard/account/permission/`);
      if (res.status() !== 200 && res.status() !== 403) throw new Error(`permission of ${username}: ${res.status()}`);
      // Its flags and the guards its answer implies (administers_group for a group's administrator).
      const answer = res.status() === 200 ? ((await res.json()) as PermissionAnswer) : null;
      sessions.set(username, ctx);
      return { username, flags: answer ? answerGuards(answer) : null };
    }),
  );
  accounts = read.filter((a): a is AccountFlags => a !== null);
});

test.afterAll(async () => {
  console.log(
    `[permission-matrix] ${checks} route × account checks${unavailable.length ? `; left out: ${unavailable.join(", ")}` : ""}`,
  );
  for (const [gap, where] of weak)
    console.log(`[permission-matrix] weak: ${gap}: ${where.length} checks, e.g. ${where[0]}`);
  await Promise.all(opened.map((c) => c.dispose()));
});

test("the manifest has a real guard on every route", () => {
  expect(manifestProblems(ROUTE_MANIFEST, isFlag)).toEqual([]);
});

test("public pages never send a visitor to sign-in", async () => {
  const tasks = pageRoutes()
    .filter((r) => r.guard === PUBLIC)
    .map((r) => ({
      label: `${r.id} anonymous`,
      run: async () => {
        const url = exampleUrl(r);
        const res = await (await newContext()).get(url, { maxRedirects: 0 });
        expect(res.status(), url).toBeLessThan(500);
        if (isRedirect(res.status())) expect(locationOf(res).pathname, url).not.toMatch(SIGN_IN);
      },
    }));
  await expectAllPass(tasks);
});

for (const route of pageRoutes().filter((r) => r.guard === SIGNED_IN)) {
  test(`GET ${route.url} [signed in]`, async () => {
    const url = exampleUrl(route);
    await expectAllPass([
      {
        label: "anonymous → sign-in with next",
        run: async () => expectSignInRedirect(await (await newContext()).get(url, { maxRedirects: 0 }), url),
      },
      {
        label: "a staff account → 200",
        run: async () => {
          const staff = holding(accounts, DASHBOARD_FLAG)[0];
          expect((await (await session(staff.username)).get(url)).status()).toBe(200);
        },
      },
    ]);
  });
}

/**
 * The GET side, every flag-guarded page at once (checks run side by side, each in its own cookie
 * jar): anonymous → sign-in with next; the accounts without dashboard permission and the staff
 * accounts without the page's flag (refusedFor) → a redirect to /error/403, signed out; the least
 * privileged account with the flag (and something to show there) → 200.
 */
// Every refusal signs in afresh (a 403 signs out), and a sign-in costs a deliberately slow password
// hash: on a busy machine the two big tests need more than the default 30 s. The POST walk took
// 3.0 min on a shared 2-core run before surveys added their routes, 4.0 min with the six media
// types on a busy machine (1.4 min on a quiet CI run): room for the content types to come.
const MATRIX_TIMEOUT = 600_000;

test("GET: every flag-guarded page × {anonymous, no dashboard permission, staff without the flag, with it}", async () => {
  test.setTimeout(MATRIX_TIMEOUT);
  // With CHECK_TYPE (npm run check:type), that content type's pages alone.
  const routes = pageRoutes().filter(
    (r) => isFlag(r.guard) && (r.contentType ? isChecked(r.contentType) : !CHECK_TYPE),
  );
  const tasks: Task[] = [];
  const prepared = await Promise.all(
    routes.map(async (route) => {
      const where = `GET ${route.url}`;
      // The page's flag, or one that also passes its guard (a type's view scopes: content.js alsoFlags).
      const flag: GuardFlags = route.alsoBy ? [route.guard, ...route.alsoBy] : route.guard;
      const reference = await valuesFor(await observer(), route);
      if (!reference) return { where, error: `the demo data has nothing to request at ${route.url}` };
      let allowed: { username: string; url: string } | null = null;
      for (const a of holding(accounts, flag)) {
        const values = await valuesFor(await session(a.username), route);
        if (values) {
          allowed = { username: a.username, url: exampleUrl(route, values) };
          break;
        }
      }
      if (!allowed) return { where, error: `no account holding ${flag} has anything to request there` };
      return {
        where,
        flag,
        url: exampleUrl(route, reference),
        refused: refusedFor(flag, nearFlag(route), where).all,
        allowed,
      };
    }),
  );
  const errors: string[] = [];
  for (const p of prepared) {
    if ("error" in p) {
      errors.push(`${p.where}: ${p.error}`);
      continue;
    }
    const { where, flag, url, refused, allowed } = p;
    test.info().annotations.push({
      type: where,
      description: `refused: ${refused.map((a) => a.username).join(", ")}; allowed: ${allowed.username}`,
    });
    tasks.push(
      {
        label: `${where} anonymous → sign-in with next`,
        run: async () => expectSignInRedirect(await (await newContext()).get(url, { maxRedirects: 0 }), url),
      },
      ...refused.map((a) => ({
        label: `${where} ${a.username} (without ${flag}) → 403, signed out`,
        run: () => expectRefused(a.username, (ctx) => ctx.get(url, { maxRedirects: 0 })),
      })),
      {
        label: `${where} ${allowed.username} (with ${flag}) → 200`,
        run: async () => {
          // Followed: the bare item URL goes on to its default tab, a page may send back to its list.
          const res = await (await session(allowed.username)).get(allowed.url);
          expect(res.status(), res.url()).toBe(200);
          expect(new URL(res.url()).pathname, "refused after all").not.toMatch(
            /^\/dashboard\/(error\/|account\/(login|signin)\/)/,
          );
        },
      },
    );
  }
  const failures = [...errors, ...(await runAll(tasks))];
  expect(failures, `${failures.length} of ${tasks.length + errors.length} checks failed`).toEqual([]);
});

/** Form fields of an item as the registry's form posts them (references by id, boxes as "on"). */
function formOf(type: ReturnType<typeof typeOf>, item: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of type.fields) {
    const v = item[f.name];
    if (Array.isArray(v)) {
      if (v.length) out[f.name] = String((v[0] as { id?: number }).id ?? v[0]);
    } else if (v && typeof v === "object") out[f.name] = String((v as { id: number }).id);
    else if (typeof v === "boolean") {
      if (v) out[f.name] = "on";
    } else if (v != null) out[f.name] = String(v);
  }
  return out;
}

/**
 * The POST checks of one route with an action: anonymous → sign-in with next; the accounts
 * without dashboard permission → 403 and signed out, nothing written; for every intent, the staff
 * accounts without its flag (refusedFor) → the same. Each one's first post of each flag carries no
 * form token: nothing could reach the API then, so its refusal is the dashboard's own guard,
 * which comes first in every action (a missing one would answer "invalid form token" instead).
 */
async function postTasks(route: ManifestRoute): Promise<Task[]> {
  const intents = Object.entries(route.post!).filter(([, g]) => isFlag(g));
  if (!route.contentType) return screenPostTasks(route, intents);
  const type = typeOf(route.contentType);
  const rowLists = Object.values(route.params ?? {}).flatMap((s) =>
    typeof s === "object" && "list" in s ? [s.list] : [],
  );

  /** What the POST is about, as the account sees it: the route's parameters and the item. */
  const targetOf = async (ctx: HttpSession): Promise<{ values: Values; id: number } | null> => {
    const values = await valuesFor(ctx, route);
    const id = values?.[type.param] ?? (await listIds(ctx, type.api, 1))[0];
    return values && id ? { values: { ...values, [type.param]: id }, id } : null;
  };
  /** What a POST would change if it got through: the item, how many there are, its rows. */
  const stateOf = async (id: number) => {
    const ctx = await observer();
    const get = async (path: string, pageSize?: number) =>
      (
        await ctx.get(`${API}/${path}`, { params: { format: "json", ...(pageSize ? { page_size: pageSize } : {}) } })
      ).json();
    const [item, list, rows] = await Promise.all([
      get(`${type.api}${id}/`),
      get(type.api, 1),
      Promise.all(rowLists.map((rowList) => get(`${type.api}${id}/${rowList}`))),
    ]);
    return withoutActivity({ item, count: list.count, rows });
  };
  const reference = await targetOf(await observer());
  if (!reference) throw new Error(`${route.id}: the demo data has no ${type.key} to post about`);
  /** The form the page would post about an item: its own fields, changed. */
  const formFor = (item: Record<string, unknown>, intent: string, token: boolean): Record<string, string> => ({
    ...formOf(type, item),
    ...(typeof item.name === "string" ? { name: `${item.name} (matrix)` } : {}),
    ...(typeof item.code === "string" ? { code: `MX${Date.now() % 1e8}` } : {}),
    ...(token ? { csrf: formToken.value } : {}),
    ...(intent ? { intent } : {}),
    id: String(item.id),
    is_display: String(!item.is_display),
    // A list row's show/hide switch names the row in `show` or `hide` (app/components/content/list-table.tsx).
    [item.is_display ? "hide" : "show"]: String(item.id),
    datetime_start: "2031-01-01T09:00",
    back: "",
  });
  /**
   * A refused POST about what the account itself can see (so a missing guard would write), else
   * the reference target; nothing is different afterwards.
   */
  const refusedPost = async (username: string, intent: string, token: boolean) => {
    let target = reference;
    let before: Awaited<ReturnType<typeof stateOf>> | null = null;
    await expectRefused(username, async (ctx) => {
      target = (await targetOf(ctx)) ?? reference;
      const state = await stateOf(target.id);
      before = state;
      return ctx.post(exampleUrl(route, target.values), { form: formFor(state.item, intent, token), maxRedirects: 0 });
    });
    expect(await stateOf(target.id), "the refused POST wrote").toEqual(before);
  };
  const url = exampleUrl(route, reference.values);
  const [firstIntent] = intents[0];
  const outsiders = outsidersOf(accounts);
  const tasks = [
    {
      label: "anonymous → sign-in with next",
      run: async () => {
        const ctx = await newContext({ dashboardForm: true });
        expectSignInRedirect(
          await ctx.post(url, {
            form: formFor((await stateOf(reference.id)).item, firstIntent, true),
            maxRedirects: 0,
          }),
          url,
        );
      },
    },
    ...outsiders.map((a) => ({
      label: `${a.username} (without dashboard permission) → 403, signed out, nothing written`,
      run: () => refusedPost(a.username, firstIntent, true),
    })),
  ];
  const refusedBy = new Set<string>();
  for (const [intent, flag] of intents) {
    const { staff } = refusedFor(
      route.postAlsoBy?.[intent] ? [flag, ...route.postAlsoBy[intent]] : flag,
      route.guard,
      `POST ${route.url} ${intent}`,
    );
    if (flag === DASHBOARD_FLAG) continue; // the outsiders above are the accounts without it
    for (const who of staff) {
      // Each account's first intent of each flag posts without the form token: refused all the
      // same, the refusal is the dashboard's own guard (which reads no token, so with one it refuses too).
      const first = !refusedBy.has(`${flag} ${who.username}`);
      refusedBy.add(`${flag} ${who.username}`);
      tasks.push({
        label: `intent "${intent}": ${who.username} (without ${flag})${first ? ", no form token" : ""} → 403, signed out, nothing written`,
        run: () => refusedPost(who.username, intent, !first),
      });
    }
  }
  const names = new Set([...outsiders.map((a) => a.username), ...[...refusedBy].map((k) => k.split(" ")[1])]);
  test.info().annotations.push({ type: `POST ${route.url}`, description: `refused: ${[...names].join(", ")}` });
  return tasks;
}

/** What an approval page's intents post (a waiting or rejected enrolment, the class with approvals) and the counts they change. */
const APPROVAL_POSTS = {
  form: async (intent: string): Promise<Record<string, string>> => {
    const first = async (state: string, extra: Record<string, string> = {}) =>
      (
        (await (
          await (
            await observer()
          ).get(`${API}/dashboard/enrollment/`, { params: { format: "json", page_size: 1, state, ...extra } })
        ).json()) as { results: { id: number; content: { type: string; id: number } }[] }
      ).results[0];
    if (intent === "close") {
      const row = await first("waiting", { content_type: "class" });
      return { intent, content_type: row.content.type, content: String(row.content.id) };
    }
    const row = await first(intent === "cancel-reject" ? "rejected" : "waiting");
    return intent === "confirm"
      ? { intent, decision: "approve", enrollment: String(row.id) }
      : { intent, enrollment: String(row.id) };
  },
  state: async () => {
    const count = async (state: string) =>
      (
        (await (
          await (
            await observer()
          ).get(`${API}/dashboard/enrollment/`, { params: { format: "json", page_size: 1, state } })
        ).json()) as { count: number }
      ).count;
    return [await count("waiting"), await count("approved"), await count("rejected")];
  },
};

/**
 * What the action of a screen outside the content types would post, per intent, and what it would
 * change if it got through (read by the observer before and after a refused post). A screen with
 * an action names itself here.
 */
const SCREEN_POSTS: Record<
  string,
  {
    form: (intent: string) => Promise<Record<string, string>>;
    state: () => Promise<unknown>;
    url?: () => Promise<string>;
  }
> = {
  // Starting a login-as: the log would gain a row (docs/decisions/033).
  "login-as": {
    form: async (intent) => ({
      intent,
      account: String((await listIds(await observer(), "dashboard/login-as/account/", 1))[0]),
      duration: "30",
    }),
    state: async () =>
      (
        await (await observer()).get(`${API}/dashboard/login-as/log/`, { params: { format: "json", page_size: 1 } })
      ).json(),
  },
  // Uploading a user file: the import history would gain a row (docs/decisions/032). A urlencoded
  // post carries no file, but a refused one must not get as far as finding that out.
  "user-import": {
    form: async (intent) => ({ intent, mode: "all_or_nothing" }),
    state: async () =>
      (
        await (await observer()).get(`${API}/dashboard/import-history/`, { params: { format: "json", page_size: 1 } })
      ).json(),
  },
  // …and a credit file (docs/decisions/075): the same page, the same history.
  "credit-import": {
    form: async (intent) => ({ intent, mode: "all_or_nothing" }),
    state: async () =>
      (
        await (await observer()).get(`${API}/dashboard/import-history/`, { params: { format: "json", page_size: 1 } })
      ).json(),
  },
  // Enrollment approvals (docs/decisions/054): a decision or a close would change the counts.
  ...Object.fromEntries(
    [
      "enrollment-waiting",
      "enrollment-waiting-tab",
      "enrollment-approved",
      "enrollment-rejected",
      "enrollment-old",
      "enrollment-confirm",
    ].map((id) => [id, APPROVAL_POSTS]),
  ),
  // Learning and material requests (docs/decisions/058): a decision, or a learning result's progress change.
  ...Object.fromEntries(
    ["learning-request", "material-request"].map((segment) => [`${segment}-item`, requestPosts(segment)]),
  ),
  // …and the rejections' own pages, and an enrolment waiting in its flow (docs/decisions/074).
  ...Object.fromEntries(
    ["learning-request", "material-request"].map((segment) => [`${segment}-reject`, requestPosts(segment, "/reject")]),
  ),
  "enrollment-request-item": requestPosts("enrollment/request"),
  "enrollment-request-reject": requestPosts("enrollment/request", "/reject"),
  "learning-request-learning-result": {
    url: async () =>
      `/dashboard/learning-request/learning-result/${(await listIds(await observer(), "dashboard/learning-result/", 1))[0]}`,
    form: async (intent) => ({ intent, status: "30", note: "" }),
    state: async () =>
      (
        await (await observer()).get(`${API}/dashboard/learning-result/`, { params: { format: "json", page_size: 50 } })
      ).json(),
  },
};

/** A request page's decision (`page`: its rejection's own page): the first request of the kind, and its status and decisions. */
function requestPosts(segment: string, page = "") {
  const first = async () => (await listIds(await observer(), `dashboard/${segment}/`, 1))[0];
  return {
    url: async () => `/dashboard/${segment}/${await first()}${page}`,
    form: async (intent: string) => ({
      intent,
      decision: intent === "reject" ? "reject" : "approve",
      note: intent === "reject" ? "Matrix" : "",
    }),
    state: async () =>
      (
        await (await observer()).get(`${API}/dashboard/${segment}/${await first()}/`, { params: { format: "json" } })
      ).json(),
  };
}

/** The POST checks of a screen's action (SCREEN_POSTS), as postTasks does them for a content route. */
async function screenPostTasks(route: ManifestRoute, intents: [string, string][]): Promise<Task[]> {
  const screen = SCREEN_POSTS[route.id];
  if (!screen)
    throw new Error(
      `${route.id}: a flag-guarded action outside a content type: teach the matrix what it writes (SCREEN_POSTS)`,
    );
  // A screen whose path has an item's id names the URL itself.
  const url = screen.url ? await screen.url() : exampleUrl(route);
  const formFor = async (intent: string, token: boolean) => ({
    ...(await screen.form(intent)),
    ...(token ? { csrf: formToken.value } : {}),
  });
  const refusedPost = async (username: string, intent: string, token: boolean) => {
    const before = await screen.state();
    const form = await formFor(intent, token);
    await expectRefused(username, (ctx) => ctx.post(url, { form, maxRedirects: 0 }));
    expect(await screen.state(), "the refused POST wrote").toEqual(before);
  };
  const [firstIntent] = intents[0];
  const tasks: Task[] = [
    {
      label: "anonymous → sign-in with next",
      run: async () =>
        expectSignInRedirect(
          await (
            await newContext({ dashboardForm: true })
          ).post(url, { form: await formFor(firstIntent, true), maxRedirects: 0 }),
          url,
        ),
    },
    ...outsidersOf(accounts).map((a) => ({
      label: `${a.username} (without dashboard permission) → 403, signed out, nothing written`,
      run: () => refusedPost(a.username, firstIntent, true),
    })),
  ];
  for (const [intent, flag] of intents) {
    if (flag === DASHBOARD_FLAG) continue;
    // The intent's flag, or a guard that passes it too (a group's administrators: postAlsoBy).
    const guard: GuardFlags = route.postAlsoBy?.[intent] ? [flag, ...route.postAlsoBy[intent]] : flag;
    for (const [i, who] of refusedFor(guard, route.guard, `POST ${route.url} ${intent}`).staff.entries()) {
      tasks.push({
        label: `intent "${intent}": ${who.username} (without ${flag})${i === 0 ? ", no form token" : ""} → 403, signed out, nothing written`,
        run: () => refusedPost(who.username, intent, i !== 0),
      });
    }
  }
  return tasks;
}

/**
 * Each action once: a route whose module, guard and intents' flags are another's is the same
 * action under another URL — a class under a program (or the content library's program) is the
 * class's pages again (mounts.js), a permission page serves a type's permission tab and its
 * management condition — and what this walk checks, that each intent refuses an account without
 * its flag and writes nothing, is that module's guard of those flags. The GET walk above and the
 * route smoke still open every URL; this keeps the walk's time to the actions there are.
 */
function onePerAction(routes: ManifestRoute[]): ManifestRoute[] {
  const seen = new Set<string>();
  return routes.filter((r) => {
    const key = JSON.stringify([r.module, r.guard, r.post, r.postAlsoBy ?? null, r.alsoBy ?? null]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

test("POST: every action × {anonymous, no dashboard permission, staff without each intent's flag}", async () => {
  test.setTimeout(MATRIX_TIMEOUT);
  const routes = onePerAction(
    ROUTE_MANIFEST.filter(
      (r) => r.post && Object.values(r.post).some(isFlag) && (r.contentType ? isChecked(r.contentType) : !CHECK_TYPE),
    ),
  );
  const failures: string[] = [];
  // Routes side by side; within a route one check at a time, so a write that slips through is
  // pinned on the right account.
  const groups = routes.map((route) => ({
    label: `POST ${route.url}`,
    run: async () =>
      void failures.push(...(await runAll(await postTasks(route), 1)).map((f) => `POST ${route.url} ${f}`)),
  }));
  failures.push(...(await runAll(groups, 6, false)));
  expect(failures, `${failures.length} POST checks failed`).toEqual([]);
});

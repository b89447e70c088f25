import { expect, test, type APIRequestContext } from "@playwright/test";
import { ROUTE_MANIFEST, exampleUrl, requiredParams, type ManifestRoute } from "../../app/registry/route-manifest.js";
import { changed } from "../fuzz-inputs";
import { png } from "../api/fixture-files";
import { freshCourse } from "./course-fixtures";
import { fingerprint, setConfig } from "./db";
import { API_ORIGIN } from "./helpers";
import { rawRequest, sha256, type RawRequest } from "./raw-http";
import { signIn, valuesFor } from "./route-values";

/**
 * No request body brings the dashboard down (issue 32): every action of the route manifest, signed
 * in as the admin, gets the bodies a probe sent — a truncated multipart (which used to kill the
 * process), part headers that never end, forms over the size and field limits, chunked and
 * claimed lengths — and answers each with a 4xx (or the form's own refusal), writing nothing; the
 * dashboard and the API are the same processes afterwards (their health answers' start time).
 * Then a post from another site is the 403 page, and a file through a dashboard form is stored
 * whole or refused. Requests only: runs once, in the js-on project.
 */
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "requests only: runs once, in the js-on project");

/** The dashboard's limits (app/lms/read-form.server.ts): 4 MB of form text, 5 000 fields. */
const FORM_TEXT_BYTES = 4 * 1024 * 1024;
const MAX_FORM_FIELDS = 5000;

let ctx: APIRequestContext;
let base = "";
let cookies = "";
let token = "";

const started = async (url: string) => ((await (await fetch(url)).json()) as { started: string }).started;
const processes = async () => ({
  dashboard: await started(`${base}/dashboard/health`),
  api: await started(`${API_ORIGIN}/api/health/`),
});

test.beforeAll(async ({ playwright }, info) => {
  base = info.project.use.baseURL!;
  ctx = await playwright.request.newContext({ baseURL: base });
  // The dashboard's form token (its sign-in page sets the cookie it matches), then the admin's session.
  const html = await (await ctx.get("/dashboard/account/signin")).text();
  token = /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
  expect(token, "no form token on the sign-in page").not.toBe("");
  await signIn(ctx, "admin");
  cookies = await cookieHeader();
});

const cookieHeader = async () => (await ctx.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");

test.afterAll(async () => {
  await ctx?.dispose();
});

const multipartType = "multipart/form-data; boundary=x";
const formType = "application/x-www-form-urlencoded";
type Body = { label: string; req: RawRequest };

/**
 * What every action gets: the probe's truncated multipart (an action that parsed it any other way
 * than readForm answered 500, or died) and form text past the limit, sent chunked (an action that
 * read its body unbounded would take it all). `fields` are the real form's token and intent.
 */
const everyAction = (fields: string): Body[] => [
  {
    label: "truncated multipart (the 18-byte probe)",
    req: { headers: { "content-type": multipartType }, body: "--x\r\nbroken" },
  },
  {
    label: "form text over the limit (chunked)",
    req: { headers: { "content-type": formType }, chunked: Buffer.from(`${fields}&a=${"a".repeat(FORM_TEXT_BYTES)}`) },
  },
];

/** What the actions of each kind of form (ACTION_KINDS) also get: every other way a body can be wrong. */
const everyKind = (fields: string): Body[] => [
  ...everyAction(fields),
  {
    label: "multipart without a boundary",
    req: { headers: { "content-type": "multipart/form-data" }, body: "--x\r\n\r\n" },
  },
  {
    label: "multipart whose part header never ends (chunked)",
    req: {
      headers: { "content-type": multipartType },
      chunked: Buffer.concat([
        Buffer.from(`--x\r\nContent-Disposition: form-data; name="a"\r\n`),
        Buffer.alloc(FORM_TEXT_BYTES + 65536, "X"),
      ]),
    },
  },
  {
    label: "a length over the limit, claimed and not sent",
    req: { headers: { "content-type": formType }, claims: 1024 * 1024 * 1024 },
  },
  {
    label: "too many fields",
    req: {
      headers: { "content-type": formType },
      body: `${fields}&${Array.from({ length: MAX_FORM_FIELDS }, (_, i) => `f${i}=1`).join("&")}`,
    },
  },
  { label: "JSON", req: { headers: { "content-type": "application/json" }, body: '{"a":1}' } },
  { label: "no body", req: {} },
];

/**
 * One action of each way a body is read: the sign-in form, a content form that uploads an image,
 * a curriculum form that uploads a file, a media item's file form, an item page whose guard
 * depends on the posted intent (itemPost), the user import, and the upload relay (tus, streamed
 * on). Each of the others reads its body through the same code.
 */
const ACTION_KINDS = [
  "account-signin",
  "course.tab.information",
  "course.tab.curriculum",
  "document.tab.information",
  "testbank.overall.usage",
  "user-import",
  "upload",
];

/** Each action once (a module serving several URLs with the same guard and intents is one action). */
function onePerAction(routes: ManifestRoute[]): ManifestRoute[] {
  const seen = new Set<string>();
  return routes.filter((r) => {
    const key = JSON.stringify([r.module, r.guard, r.post]);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** One action's hostile bodies, one after another: what was not refused as it should be. */
async function hostileWalk(route: ManifestRoute): Promise<string[]> {
  const values = requiredParams(route).length ? await valuesFor(ctx, route) : {};
  if (!values) return [];
  const url = `${base}${exampleUrl(route, values)}`;
  const intent = Object.keys(route.post ?? {})[0];
  const fields = new URLSearchParams([["csrf", token], ...(intent ? [["intent", intent]] : [])]).toString();
  const failures: string[] = [];
  for (const { label, req } of (ACTION_KINDS.includes(route.id) ? everyKind : everyAction)(fields)) {
    const res = await rawRequest(url, { ...req, headers: { ...req.headers, cookie: cookies } });
    // A refusal: 4xx, or the page again / a redirect with the form's message (3xx). Never 2xx, never 5xx.
    if (res.status < 300 || res.status >= 500)
      failures.push(`${label} → POST ${url}: ${res.status} ${res.status ? "" : res.text}`);
    // A 403 signs the admin out (spec 000 §4): signed in again (the new session's cookies).
    if (res.status === 403 || /\/error\/403|\/account\/(login|signin)/.test(res.location ?? "")) await signInAgain();
  }
  return failures;
}

/** A new session for the admin, once however many walks saw the refusal at the same time. */
let signingIn: Promise<void> | null = null;
async function signInAgain() {
  signingIn ??= (async () => {
    await signIn(ctx, "admin");
    cookies = await cookieHeader();
  })().finally(() => (signingIn = null));
  await signingIn;
}

test("every action answers hostile bodies with a 4xx, writes nothing, and no process restarts", async () => {
  test.setTimeout(300_000);
  const before = await processes();
  const posts = ROUTE_MANIFEST.filter((r) => r.post && r.id !== "account-logout");
  const kinds = ACTION_KINDS.map((id) => posts.find((r) => r.id === id));
  expect(
    kinds.map((r, i) => r ?? ACTION_KINDS[i]).filter((r) => typeof r === "string"),
    "an action kind not in the manifest",
  ).toEqual([]);
  const routes = [...new Set([...(kinds as ManifestRoute[]), ...onePerAction(posts)])];
  expect(routes.length).toBeGreaterThan(100);
  const db = fingerprint();
  const failures: string[] = [];
  // Four actions side by side (one body at a time each): the walk's time is the guards' API calls.
  const queue = [...routes];
  const walk = async () => {
    for (let route = queue.shift(); route; route = queue.shift()) failures.push(...(await hostileWalk(route)));
  };
  await Promise.all([walk(), walk(), walk(), walk()]);
  expect(failures).toEqual([]);
  expect(changed(db, fingerprint()), "a refused body wrote").toEqual([]);
  expect(await processes(), "the dashboard or the API restarted").toEqual(before);
});

test("a post from another site is the 403 page and writes nothing", async () => {
  const db = fingerprint();
  const signin = await rawRequest(`${base}/dashboard/account/signin`, {
    headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://evil.example", cookie: cookies },
    body: new URLSearchParams({ csrf: token, username: "admin", password: "x" }).toString(),
  });
  expect(signin.status).toBe(403);
  expect(signin.text).toContain("No permission");
  for (const origin of ["null", "http://127.0.0.1.evil.example", "not a url"]) {
    const res = await rawRequest(`${base}/dashboard/course/create`, {
      headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie: cookies },
      body: new URLSearchParams({ csrf: token, name: "Forged", code: "FORGED" }).toString(),
    });
    expect(res.status, origin).toBe(403);
  }
  expect(changed(db, fingerprint())).toEqual([]);
  // The dashboard's own origin goes on to the action.
  const own = await rawRequest(`${base}/dashboard/account/signin`, {
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base, cookie: cookies },
    body: new URLSearchParams({ csrf: token }).toString(),
  });
  expect(own.status).not.toBe(403);
});

test("a cover image through the dashboard's form is stored whole at limit − 1 and limit, refused at limit + 1 and 10 × limit", async () => {
  const LIMIT = 64 * 1024;
  setConfig("image-size-limit", LIMIT);
  try {
    const id = freshCourse(test.info(), "UPL", "lim", "Upload limits");
    // A real picture of the cover's size (800 × 450: the dashboard sends it as it is, uncropped,
    // R302), padded after its end to the size wanted: its content is checked (decision 078).
    const picture = png(800, 450);
    const padded = (size: number) =>
      Buffer.concat([picture, Buffer.from(Array.from({ length: size - picture.length }, (_, i) => (i * 7919) % 251))]);
    const imageOf = async () =>
      ((await (await ctx.get(`${API_ORIGIN}/api/dashboard/course/${id}/`)).json()) as { image: string | null }).image;
    for (const size of [LIMIT - 1, LIMIT, LIMIT + 1, 10 * LIMIT]) {
      const data = padded(size);
      const before = await imageOf();
      const res = await ctx.post(`/dashboard/course/${id}/information`, {
        multipart: {
          csrf: token,
          intent: "upload-image",
          image: { name: "cover.png", mimeType: "image/png", buffer: data },
        },
        maxRedirects: 0,
      });
      expect(res.status(), `${size} B`).toBe(302);
      const image = await imageOf();
      if (size <= LIMIT) {
        expect(image, `${size} B: stored`).not.toBe(before);
        const stored = Buffer.from(
          await (await fetch(`${API_ORIGIN}${new URL(image!, API_ORIGIN).pathname}`)).arrayBuffer(),
        );
        expect({ length: stored.length, sha: sha256(stored) }, `${size} B: stored whole`).toEqual({
          length: size,
          sha: sha256(data),
        });
      } else {
        expect(image, `${size} B: refused, the image unchanged`).toBe(before);
        const page = await ctx.get(res.headers().location);
        expect(await page.text(), `${size} B: the page says why`).toContain("This file is too large.");
      }
    }
  } finally {
    setConfig("image-size-limit", 10485760);
  }
});

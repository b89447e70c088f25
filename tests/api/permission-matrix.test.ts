import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { FILTER_NAMES } from "../../contract/config";
import { CONTENT_TAG_EXTRAS, GENERAL_TAG_TYPE } from "../../contract/codes";
import { DASHBOARD_FLAG, isFlag, type PermissionAnswer } from "../../contract/permissions";
import { DEMO_ACCOUNTS } from "../../api/db/demo-accounts";
import { CONTENT_TYPES, contentFlag } from "~/registry/content.js";
import { SCREENS } from "~/registry/menu.js";
import { holding, lacking, outsidersOf, type AccountFlags } from "../matrix-accounts";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * The API half of the permission matrix (issue 4 §7): every API call the dashboard's routes make,
 * collected from the registries, called directly — anonymous → 401, an account without dashboard
 * permission → 403, the best staff account without the call's flag → 403, and the least
 * privileged account with it → 2xx. A refusal writes nothing (every table's row count and the
 * item itself are the same after it). Which account holds which flag: the API's own answer.
 */

type ContentType = (typeof CONTENT_TYPES)[number];
type Account = AccountFlags & { client: Client; answer: PermissionAnswer | null };
type Ids = { item: number };
type Call = {
  label: string;
  method: "GET" | "POST" | "PATCH" | "DELETE";
  flag: string;
  /** The flag that reaches the call (a write needs the module's view too): picks the refused account. */
  near?: string;
  type?: ContentType;
  path: (ids: Ids) => string;
  body?: (who: Account) => Promise<Record<string, unknown>> | Record<string, unknown>;
  multipart?: boolean;
  /** Whether the call needs an existing item in the account's scope. */
  item?: boolean;
  /** A fresh item for the allowed call to consume (delete). */
  fresh?: boolean;
};

/** The API path each home screen's loader reads (app/routes/home.*.tsx): a new screen must add its own. */
const SCREEN_API: Record<string, string> = { "home-learning": "dashboard/home/learning/", "home-usage": "dashboard/home/usage/" };

/** A valid new item of each content type, in the scope of the account that will hold it. */
const CREATE_SAMPLES: Record<string, (api: TestApi, who: PermissionAnswer | null) => Promise<Record<string, unknown>>> = {
  course: async (api, who) => {
    const first = async (table: "category" | "provider") => (await api.db.selectFrom(table).select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const provider = who?.provider_list.find((p) => p.is_in_use)?.id ?? (await first("provider"));
    const instructors = who?.instructor_list.filter((i) => i.is_in_use).map((i) => i.id) ?? [];
    return { name: "Permission matrix", code: `PM${++created}`, category: await first("category"), provider, instructor_list: instructors };
  },
};
let created = 0;

/** A 1×1 PNG. */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

function contentCalls(type: ContentType): Call[] {
  const base = `/api/${type.api}`;
  const f = (action: Parameters<typeof contentFlag>[1]) => contentFlag(type, action);
  const calls: Call[] = [
    { label: "list", method: "GET", flag: f("view"), near: DASHBOARD_FLAG, type, path: () => base },
    { label: "retrieve", method: "GET", flag: f("view"), near: DASHBOARD_FLAG, type, path: (i) => `${base}${i.item}/`, item: true },
    { label: "create", method: "POST", flag: f("add"), near: f("view"), type, path: () => base, body: (who) => sample(type, who.answer) },
    { label: "update", method: "PATCH", flag: f("change"), near: f("view"), type, path: (i) => `${base}${i.item}/`, body: () => ({ name: "Renamed by the matrix" }), item: true },
    { label: "show-hide", method: "PATCH", flag: f("publish"), near: f("view"), type, path: (i) => `${base}${i.item}/`, body: () => ({ is_display: false }), item: true },
    { label: "delete", method: "DELETE", flag: f("delete"), near: f("view"), type, path: (i) => `${base}${i.item}/`, item: true, fresh: true },
  ];
  // The cover image calls of the form tab, for types that show an image.
  if (type.columns.some((c) => c.kind === "image")) {
    calls.push(
      { label: "image upload", method: "POST", flag: f("change"), near: f("view"), type, path: (i) => `${base}${i.item}/image/`, multipart: true, item: true },
      { label: "image remove", method: "DELETE", flag: f("change"), near: f("view"), type, path: (i) => `${base}${i.item}/image/`, item: true },
    );
  }
  return calls;
}

/** Every filter list the dashboard reads: the catalogue's, and the typed tag lists of the registry's fields. */
function filterPaths(): string[] {
  const paths = new Set<string>(FILTER_NAMES);
  for (const type of CONTENT_TYPES) {
    for (const f of type.fields) {
      if (!f.source) continue;
      if (f.source === "category-tree") ["category", "sub-category"].forEach((p) => paths.add(p));
      else if (f.source === "tag-extra") CONTENT_TAG_EXTRAS.filter((e) => e.field === f.name).forEach((e) => paths.add(`tag/type/${e.type}`));
      else paths.add(f.source);
    }
    for (const name of type.filters) if (name !== "publish_status") paths.add(name);
  }
  paths.add(`tag/type/${GENERAL_TAG_TYPE}`);
  return [...paths];
}

const CALLS: Call[] = [
  { label: "permission", method: "GET", flag: DASHBOARD_FLAG, path: () => "/api/dashboard/account/permission/" },
  ...SCREENS.map((s): Call => ({ label: s.id, method: "GET", flag: s.flag, near: DASHBOARD_FLAG, path: () => `/api/${SCREEN_API[s.id] ?? `(no API path for ${s.id})`}` })),
  ...filterPaths().map((p): Call => ({ label: `filter ${p}`, method: "GET", flag: DASHBOARD_FLAG, path: () => `/api/dashboard/filter/${p}/` })),
  ...CONTENT_TYPES.flatMap(contentCalls),
];

let api: TestApi;
const accounts: Account[] = [];
let checks = 0;
let sample: (type: ContentType, who: PermissionAnswer | null) => Promise<Record<string, unknown>>;

beforeAll(async () => {
  api = await startTestApi();
  sample = (type, who) => {
    const make = CREATE_SAMPLES[type.key];
    if (!make) throw new Error(`no create sample for content type ${type.key}: add one to CREATE_SAMPLES`);
    return make(api, who);
  };
  for (const { username } of DEMO_ACCOUNTS) {
    const client = api.client();
    await client.login(username);
    const res = await client.get("/api/dashboard/account/permission/");
    expect([200, 403], `permission of ${username}`).toContain(res.status);
    const answer = res.status === 200 ? (res.body as PermissionAnswer) : null;
    accounts.push({ username, client, answer, flags: answer ? new Set(Object.keys(answer.permission).filter((k) => answer.permission[k])) : null });
  }
});
afterAll(async () => {
  console.log(`[permission-matrix] ${checks} API call × account checks`);
  await api?.close();
});

const byName = (username: string) => accounts.find((a) => a.username === username)!;
/** The account holding the most flags reads the state before and after a refusal. */
const observer = () => [...accounts].sort((a, b) => (b.flags?.size ?? 0) - (a.flags?.size ?? 0))[0];

/** Row counts of every table: a refused call must not change any. */
async function rowCounts() {
  const out: Record<string, number> = {};
  for (const t of await api.db.introspection.getTables()) {
    const row = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(t.name)}`.execute(api.db);
    out[t.name] = Number(row.rows[0].n);
  }
  return out;
}

async function stateOf(call: Call, ids: Ids) {
  const item = call.type && call.item ? (await observer().client.get(`/api/${call.type.api}${ids.item}/`)).body : null;
  return { counts: await rowCounts(), item };
}

/** The first item of the call's type the account lists itself (in its scope), or null. */
async function firstId(who: Account, type: ContentType): Promise<number | null> {
  const res = await who.client.get(`/api/${type.api}?page_size=1`);
  return res.status === 200 ? ((res.body.results[0]?.id as number | undefined) ?? null) : null;
}

function send(client: Client, call: Call, ids: Ids, body?: Record<string, unknown>) {
  const url = call.path(ids);
  if (call.multipart) {
    const boundary = "----lmsPermissionMatrix";
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return client.post(url, payload as never, { "content-type": `multipart/form-data; boundary=${boundary}` });
  }
  if (call.method === "GET") return client.get(url);
  if (call.method === "DELETE") return client.delete(url);
  return call.method === "POST" ? client.post(url, body) : client.patch(url, body);
}

describe("API permission matrix", () => {
  it("names only real flags, and every home screen's API path", () => {
    for (const c of CALLS) expect(isFlag(c.flag), `${c.label}: ${c.flag}`).toBe(true);
    for (const s of SCREENS) expect(SCREEN_API[s.id], `API path of screen ${s.id}`).toBeTruthy();
  });

  for (const call of CALLS) {
    it(`${call.method} ${call.path({ item: 0 }).replace(/\/0\//, "/{id}/")} (${call.label}) [${call.flag}]`, async () => {
      const failures: string[] = [];
      const check = async (label: string, run: () => Promise<void>) => {
        checks++;
        try {
          await run();
        } catch (e) {
          failures.push(`${label}: ${(e as Error).message.split("\n")[0]}`);
        }
      };
      const reference: Ids = { item: call.type && call.item ? ((await firstId(observer(), call.type)) ?? 0) : 0 };
      if (call.item && !reference.item) throw new Error(`${call.label}: no ${call.type!.key} in the demo data`);
      const staff = lacking(accounts, call.flag, call.near)[0] as Account;
      const refused = [...new Map([...outsidersOf(accounts), staff].map((a) => [a.username, byName(a.username)])).values()];

      /** A refused call about an item the account itself sees (so a missing guard would write), else the reference one. */
      const refusal = async (label: string, who: Account | null, status: number) => {
        await check(label, async () => {
          const own = who && call.item ? await firstId(who, call.type!) : null;
          const ids = own ? { item: own } : reference;
          const body = call.body ? await call.body(who ?? observer()) : undefined;
          const before = await stateOf(call, ids);
          const res = await send(who?.client ?? api.client(), call, ids, body);
          expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(status);
          expect(await stateOf(call, ids), "a refused call wrote").toEqual(before);
        });
      };
      await refusal("anonymous → 401", null, 401);
      for (const a of refused) await refusal(`${a.username} (without ${call.flag}) → 403`, a, 403);

      // The least privileged holder with something in its scope to act on.
      let done = false;
      for (const holder of holding(accounts, call.flag) as AccountFlags[]) {
        const who = byName(holder.username);
        let ids: Ids = { item: 0 };
        if (call.fresh) {
          const made = await observer().client.post(`/api/${call.type!.api}`, await sample(call.type!, who.answer));
          expect(made.status, JSON.stringify(made.body)).toBe(201);
          ids = { item: made.body.id };
        } else if (call.item) {
          const id = await firstId(who, call.type!);
          if (!id) continue;
          ids = { item: id };
        }
        await check(`${who.username} (with ${call.flag}) → 2xx`, async () => {
          const body = call.body ? await call.body(who) : undefined;
          const before = call.method === "GET" ? null : await rowCounts();
          const res = await send(who.client, call, ids, body);
          expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBeGreaterThanOrEqual(200);
          expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBeLessThan(300);
          if (call.method === "POST" && !call.multipart) expect((await rowCounts())[call.type!.key], "the create wrote no row").toBe(before![call.type!.key] + 1);
          if (call.method === "DELETE" && call.fresh) expect((await rowCounts())[call.type!.key], "the delete removed no row").toBe(before![call.type!.key] - 1);
        });
        done = true;
        break;
      }
      if (!done) failures.push(`no account holding ${call.flag} has a ${call.type?.key ?? "target"} in its scope to call with`);
      expect(failures).toEqual([]);
    });
  }
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { FILTER_NAMES } from "../../contract/config";
import { CONTENT_TAG_EXTRAS, GENERAL_TAG_TYPE } from "../../contract/codes";
import { DASHBOARD_FLAG, answerGuards, isFlag, type PermissionAnswer } from "../../contract/permissions";
import { DEMO_ACCOUNTS } from "../../api/db/demo-accounts";
import { CONTENT_TYPES, alsoFlags, contentFlag } from "~/registry/content.js";
import { contentRoutes } from "~/registry/content-routes.js";
import { cancelKindOf, contentFeatures, itemCancelKind } from "~/registry/content-features.js";
import { checked } from "../checked-type";
import { SCREENS } from "~/registry/menu.js";
import { holding, outsidersOf, refusedStaff, type AccountFlags } from "../matrix-accounts";
import { startTestApi, type Client, type TestApi } from "./harness";
import { writeFingerprint } from "./route-kit";
import { MEDIA_KIND_KEYS } from "../../contract/media-codes";
import { QUESTION_TYPE } from "../../contract/request-codes";

/**
 * The API half of the permission matrix (issue 4 §7): every API call the dashboard's routes make,
 * collected from the registries, called directly — anonymous → 401, an account without dashboard
 * permission → 403, the staff accounts without the call's flag that reach it (the most and the
 * least privileged: the read-only viewer for a course tab needing more than view) → 403, and the
 * least privileged account with it → 2xx. A refusal writes nothing (every table's row count and
 * the item itself are the same after it). Which account holds which flag: the API's own answer.
 * Besides the generic calls, every call of every built tab and overall page of a content type
 * (curriculum, enrollment, permission, competency, budget, certificate, gamification, survey,
 * learner, progress, exports, discussion, identification): a new tab must list its calls here.
 */

type ContentType = (typeof CONTENT_TYPES)[number];
type Account = AccountFlags & { client: Client; answer: PermissionAnswer | null };
/** The item a call is about and, for a call on a row under it, that row (and a row under the row, or a value). */
type Ids = { item: number; row?: number; sub?: number; value?: number };
type Upload = { field: string; filename: string; type: string; data: Buffer };
type Call = {
  label: string;
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  flag: string;
  /** Flags that pass it too (a type's view scopes, content.js alsoFlags). */
  also?: string[];
  /** The flag that reaches the call (a write needs the module's view too): picks the refused account. */
  near?: string;
  type?: ContentType;
  path: (ids: Ids) => string;
  body?: (who: Account, ids: Ids) => Promise<Record<string, unknown>> | Record<string, unknown>;
  upload?: Upload;
  /** Whether the call needs an existing item in the account's scope. */
  item?: boolean;
  /** A fresh item for the allowed call to consume (delete). */
  fresh?: boolean;
  /** The rows under the item the call is about, made (by the observer) for whichever item is used. */
  rows?: (item: number) => Promise<Omit<Ids, "item">>;
  /** What the allowed call must change: a table's row count, by `delta`. */
  writes?: { table: string; delta: number };
};

/** The API path each home screen's loader reads (app/routes/home.*.tsx): a new screen must add its own. */
const SCREEN_API: Record<string, string> = {
  "home-learning": "dashboard/home/learning/",
  "home-usage": "dashboard/home/usage/",
  // Login as (docs/decisions/033): the accounts one may act as, and the log.
  "login-as": "dashboard/login-as/account/",
  "login-as-log": "dashboard/login-as/log/",
  // The log as a spreadsheet (docs/decisions/079): the export flag.
  "login-as-log-export": "dashboard/login-as/log/export/?format_type=csv",
  "user-export": "dashboard/user/export/?format_type=csv",
  // The user import and its history (docs/decisions/032): the template needs the import flag,
  // as do the job's events and files; the history list, the history flag.
  "user-import": "dashboard/user/import/template/",
  "user-import-events": "dashboard/user/import/template/",
  "user-import-file": "dashboard/user/import/template/",
  // The credit import (docs/decisions/075): its template needs the account's transaction flag, as the page does.
  "credit-import": "dashboard/user/credit/import/template/",
  "credit-import-events": "dashboard/user/credit/import/template/",
  "credit-import-file": "dashboard/user/credit/import/template/",
  "import-history": "dashboard/import-history/",
  // Enrollment approvals and budgets (issue 17 §3–4, docs/decisions/054, 055): the pages' lists.
  ...Object.fromEntries(
    [
      "enrollment-waiting",
      "enrollment-waiting-tab",
      "enrollment-approved",
      "enrollment-rejected",
      "enrollment-confirm",
      "enrollment-old",
      "enrollment-export",
    ].map((id) => [id, "dashboard/enrollment/"]),
  ),
  // Enrolments waiting in a flow (docs/decisions/074): their request pages read the kind's list.
  ...Object.fromEntries(
    ["enrollment-request-item", "enrollment-request-reject"].map((id) => [id, "dashboard/enrollment/request/"]),
  ),
  // Enrolments and completions in a period (docs/decisions/086): the page and its export.
  "enrollment-period": "dashboard/enrollment/period/",
  "enrollment-period-export": "dashboard/enrollment/period/export/?format_type=csv",
  budget: "dashboard/budget/",
  "budget-item": "dashboard/budget/course-1/",
  // The budget list as a spreadsheet (docs/decisions/075): the export flag.
  "budget-export": "dashboard/budget/export/?format_type=csv",
  // A live's recordings kept (docs/decisions/066): the live list's kept ones, on the live's flags.
  ...Object.fromEntries(
    ["live-backup", "live-backup-item", "live-backup-publish", "live-backup-live"].map((id) => [
      id,
      "dashboard/live_backup/",
    ]),
  ),
  "live-backup-create": "dashboard/live_backup/candidate/",
  // Learning and material requests (issue 17 §4, docs/decisions/058): each page's list, on the page's flag.
  ...Object.fromEntries(
    [
      "learning-request",
      "learning-request-waiting",
      "learning-request-approval-result",
      "learning-request-item",
      "learning-request-reject",
      "learning-request-answer",
    ].map((id) => [id, "dashboard/learning-request/"]),
  ),
  "learning-request-learning-result": "dashboard/learning-result/",
  ...Object.fromEntries(
    ["material-request", "material-request-approval-result", "material-request-item", "material-request-reject"].map(
      (id) => [id, "dashboard/material-request/"],
    ),
  ),
};

/**
 * A valid new item of a content type, in the scope of the account that will hold it: the engine's
 * fields every type's create takes (name, code, category, provider), plus what a type needs beyond
 * them (CREATE_EXTRAS). A new type needs nothing here unless its create requires fields of its own.
 */
async function createSample(
  api: TestApi,
  who: PermissionAnswer | null,
  typeCode: string,
): Promise<Record<string, unknown>> {
  const first = async (table: "category" | "provider") =>
    (await api.db.selectFrom(table).select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const provider = who?.provider_list.find((p) => p.is_in_use)?.id ?? (await first("provider"));
  return {
    name: "Permission matrix",
    code: `PM${++created}`,
    category: await first("category"),
    provider,
    ...CREATE_EXTRAS[typeCode]?.(who),
  };
}
/** What a type's create takes beyond the engine's fields: a course its instructors in scope, a live its stream's times, an external video its link. */
const CREATE_EXTRAS: Record<string, (who: PermissionAnswer | null) => Record<string, unknown>> = {
  course: (who) => ({ instructor_list: who?.instructor_list.filter((i) => i.is_in_use).map((i) => i.id) ?? [] }),
  live: () => ({ datetime_live_start: "2030-01-01T09:00:00Z", datetime_live_end: "2030-01-01T10:00:00Z" }),
  external_video: () => ({ url: "https://youtu.be/dQw4w9WgXcQ" }),
};
let created = 0;

/** A cancel rule each kind of content allows (contract/codes.ts CANCEL_TYPES_ALLOWED). */
const CANCEL_SAMPLE = {
  course: { type: 2 },
  activity: { type: 7, duration: 3 * 86400 },
  event: { type: 5, duration: 86400 },
  learning_path_online: { type: 2 },
  learning_path_schedule: { type: 5, duration: 86400 },
} as const;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** The content type code of a registry type: its key, or for a content library type the organisation's type it repeats (docs/decisions/071). */
const codeOf = (type: ContentType) => ("library" in type && type.library ? type.library.of : type.key);
/** A type's own table: its key, but the media kinds share one (docs/decisions/069). */
const tableOf = (type: ContentType) =>
  (MEDIA_KIND_KEYS as readonly string[]).includes(codeOf(type)) ? "media" : codeOf(type);

function contentCalls(type: ContentType): Call[] {
  const base = `/api/${type.api}`;
  const f = (action: Parameters<typeof contentFlag>[1]) => contentFlag(type, action);
  const calls: Call[] = [
    {
      label: "list",
      method: "GET",
      flag: f("view"),
      also: alsoFlags(type, "view"),
      near: DASHBOARD_FLAG,
      type,
      path: () => base,
    },
    {
      label: "retrieve",
      method: "GET",
      flag: f("view"),
      also: alsoFlags(type, "view"),
      near: DASHBOARD_FLAG,
      type,
      path: (i) => `${base}${i.item}/`,
      item: true,
    },
    {
      label: "create",
      method: "POST",
      flag: f("add"),
      near: f("view"),
      type,
      path: () => base,
      body: (who) => sample(type, who.answer),
      writes: { table: tableOf(type), delta: 1 },
    },
    {
      label: "update",
      method: "PATCH",
      flag: f("change"),
      near: f("view"),
      type,
      path: (i) => `${base}${i.item}/`,
      body: () => ({ name: "Renamed by the matrix" }),
      item: true,
    },
    {
      label: "show-hide",
      method: "PATCH",
      flag: f("publish"),
      near: f("view"),
      type,
      path: (i) => `${base}${i.item}/`,
      body: () => ({ is_display: false }),
      item: true,
    },
    {
      label: "delete",
      method: "DELETE",
      flag: f("delete"),
      near: f("view"),
      type,
      path: (i) => `${base}${i.item}/`,
      item: true,
      fresh: true,
      writes: { table: tableOf(type), delta: -1 },
    },
  ];
  // The cover image calls of the form tab, for types that show an image (a media item's is its file's thumbnail: no cover).
  if (type.columns.some((c) => c.kind === "image") && type.cover !== false) {
    const upload = { field: "image", filename: "cover.png", type: "image/png", data: PNG };
    calls.push(
      {
        label: "image upload",
        method: "POST",
        flag: f("change"),
        near: f("view"),
        type,
        path: (i) => `${base}${i.item}/image/`,
        upload,
        item: true,
      },
      {
        label: "image remove",
        method: "DELETE",
        flag: f("change"),
        near: f("view"),
        type,
        path: (i) => `${base}${i.item}/image/`,
        item: true,
      },
    );
  }
  return calls;
}

/** The tab or overall page a route of the registry is (`curriculum/identification`, `overall/learner/export`). */
const pageKey = (r: { tab?: string; sub?: string; overall?: string; page?: string }) =>
  r.page
    ? `page/${r.page}`
    : r.tab
      ? r.sub
        ? `${r.tab}/${r.sub}`
        : r.tab
      : `overall/${r.overall}${r.sub ? `/${r.sub}` : ""}`;
/** Pages whose calls are the generic ones above (the item's form and its review). */
const GENERIC_PAGES = ["information", "information/review"];

const now = () => api.clock.now.toISOString();
const first = <T>(rows: T[], what: string): T => {
  if (!rows.length) throw new Error(`the demo data has no ${what}`);
  return rows[0];
};
/** Ids of a table's rows (`select id from … where …`), in id order. */
const idsWhere = async (query: ReturnType<typeof sql>) =>
  (await query.execute(api.db)).rows.map((r) => Number((r as { id: number }).id));

/**
 * The calls of every built tab and overall page of a content type, by page (the registry's route
 * keys): what the dashboard's loaders and actions send there. Reads need what the API asks
 * (a tab the dashboard guards with change may read with view), writes the tab's write flag.
 */
type PageRoute = Parameters<typeof pageKey>[0] & { module: string };
const pagesOf = (types: ContentType[]) =>
  contentRoutes(types).flatMap((r) => ("children" in r ? (r.children as PageRoute[]) : []));
/** Where the engine's modules sit on the types that first built them: a type may put one elsewhere (a program's permission rules at edit/condition). */
const ENGINE_KEY = new Map(
  pagesOf(CONTENT_TYPES.filter((t) => t.key === "course" || t.key === "activity"))
    .filter((r) => r.module.startsWith("routes/content."))
    .map((r) => [r.module, pageKey(r)] as const),
);

function tabCalls(type: ContentType): Record<string, Call[]> {
  // The engine's pages are the same calls for every type that builds them, wherever it puts them.
  const engine = engineCalls(type);
  const own = ownCalls(type);
  return Object.fromEntries(
    pagesOf([type]).flatMap((r) => {
      const key = pageKey(r);
      const calls = own[key] ?? engine[key] ?? engine[ENGINE_KEY.get(r.module) ?? ""];
      return calls ? [[key, calls]] : [];
    }),
  );
}

function engineCalls(type: ContentType): Record<string, Call[]> {
  const base = `/api/${type.api}`;
  const call = callOn(type);
  const observerPost = async (path: string, body: Record<string, unknown>) => {
    const res = await observer().client.post(path, body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number };
  };
  const ct = async () =>
    Number(
      (await sql<{ id: number }>`select id from content_type where code = ${codeOf(type)}`.execute(api.db)).rows[0].id,
    );

  // Rows under an item, made by the observer (a superuser) so that every account's item has them.
  const section = async (item: number) => ({
    row: (await observerPost(`${base}${item}/curriculum/section/`, { name: "Matrix section" })).id,
  });
  const material = async (item: number) => {
    const { row: sid } = await section(item);
    const { id } = await observerPost(`${base}${item}/curriculum/section/${sid}/material/`, {
      slot_type: "weblink",
      name: "Matrix link",
      url: "https://example.com/matrix",
    });
    return { row: id, sub: sid };
  };
  const rule = async (item: number) => ({ row: (await observerPost(`${base}${item}/permission/`, {})).id });
  /** A staff account not yet an administrator of the item. */
  const notAdmin = async (item: number) =>
    first(
      await idsWhere(
        sql`select id from account where is_dashboard_permission = 1 and is_active = 1 and id not in (select account_id from content_admin where content_type_id = ${await ct()} and content_id = ${item}) order by id`,
      ),
      "staff account outside a course's administrators",
    );
  const admin = async (item: number) => {
    const account = await notAdmin(item);
    await observerPost(`${base}${item}/permission/admin/`, { account });
    return { row: account };
  };
  const unused =
    (
      table: "competency" | "survey",
      link: "content_competency" | "content_survey",
      column: "competency_id" | "survey_id",
    ) =>
    async (item: number) =>
      first(
        await idsWhere(
          sql`select id from ${sql.table(table)} where id not in (select ${sql.ref(column)} from ${sql.table(link)} where content_type_id = (select id from content_type where code = ${codeOf(type)}) and content_id = ${item}) order by id`,
        ),
        `${table} not yet on a ${codeOf(type)}`,
      );
  // A master row is attached once per course: the item's first attachment, or a new one.
  const attached = async (link: "content_competency" | "content_survey", item: number) =>
    (
      await idsWhere(
        sql`select id from ${sql.table(link)} where content_type_id = (select id from content_type where code = ${codeOf(type)}) and content_id = ${item} order by id`,
      )
    )[0];
  const competency = async (item: number) => ({
    row:
      (await attached("content_competency", item)) ??
      (
        await observerPost(`${base}${item}/competency/`, {
          competency: await unused("competency", "content_competency", "competency_id")(item),
          level: 1,
        })
      ).id,
  });
  const survey = async (item: number) => ({
    row:
      (await attached("content_survey", item)) ??
      (
        await observerPost(`${base}${item}/survey/`, {
          survey: await unused("survey", "content_survey", "survey_id")(item),
        })
      ).id,
  });
  const criterion = async (item: number) => ({
    row: (await observerPost(`${base}${item}/gamification/`, { name: "Matrix criterion", point: 5 })).id,
  });
  /** An active learner not enrolled in the item. */
  const newLearner = async (item: number) =>
    first(
      await idsWhere(
        sql`select id from account where is_dashboard_permission = 0 and is_active = 1 and id not in (select account_id from content_enrollment where content_type_id = (select id from content_type where code = ${codeOf(type)}) and content_id = ${item}) order by id`,
      ),
      `learner outside a ${codeOf(type)}`,
    );
  /** An identification transaction on the item, of an enrolled learner, under their progress record. */
  const transaction = async (item: number) => {
    const { row: progress } = await enrollment(item);
    const learner = (
      await sql<{ account_id: number }>`select account_id from content_enrollment where id = ${progress}`.execute(
        api.db,
      )
    ).rows[0].account_id;
    const t = await api.db
      .insertInto("identification_transaction")
      .values({
        content_type_id: await ct(),
        content_id: item,
        account_id: learner,
        progress_id: progress,
        method: 0,
        status: "pass",
        datetime_start: now(),
        datetime_end: now(),
        datetime_lock_until: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { row: t.id, sub: progress };
  };
  /** An enrollment of the item with a status an administrator may set, and that status. */
  const enrollment = async (item: number) => {
    type Row = { id: number; allowed_status: number[] };
    const movable = async () =>
      ((await observer().client.get(`${base}${item}/progress/?page_size=200`)).body.results as Row[]).find(
        (r) => r.allowed_status.length,
      );
    let row = await movable();
    if (!row) {
      await observer().client.post(`${base}${item}/enroll/`, { account_list: [await newLearner(item)] });
      row = await movable();
    }
    if (!row) throw new Error(`no enrollment of course ${item} may change status`);
    return { row: row.id, value: row.allowed_status[0] };
  };
  const thread = async (item: number) => {
    const author = first(
      await idsWhere(sql`select id from account where is_dashboard_permission = 0 and is_active = 1 order by id`),
      "learner",
    );
    const t = await api.db
      .insertInto("discussion_thread")
      .values({
        content_type_id: await ct(),
        content_id: item,
        account_id: author,
        title: "Matrix thread",
        body: "-",
        is_hidden: 0,
        datetime_create: now(),
        datetime_last_activity: now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const r = await api.db
      .insertInto("discussion_reply")
      .values({ thread_id: t.id, account_id: author, body: "-", is_hidden: 0, datetime_create: now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { row: t.id, sub: r.id };
  };
  const sectionIds = (item: number) =>
    idsWhere(
      sql`select id from content_section where content_type_id = (select id from content_type where code = ${codeOf(type)}) and content_id = ${item} order by sort, id`,
    );
  const csv = {
    field: "file",
    filename: "learners.csv",
    type: "text/csv",
    data: Buffer.from("username\r\nlearner001\r\nlearner002\r\n"),
  };
  const pdf = {
    field: "file",
    filename: "matrix.pdf",
    type: "application/pdf",
    data: Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n", "latin1"),
  };

  return {
    curriculum: [
      call("curriculum", "GET", "view", () => "curriculum/"),
      call("curriculum sections", "GET", "view", () => "curriculum/section/"),
      call("section", "GET", "view", (i) => `curriculum/section/${i.row}/`, { rows: section }),
      call("section add", "POST", "change", () => "curriculum/section/", {
        body: () => ({ name: "Added by the matrix" }),
        writes: { table: "content_section", delta: 1 },
      }),
      call("section update", "PATCH", "change", (i) => `curriculum/section/${i.row}/`, {
        rows: section,
        body: () => ({ name: "Renamed by the matrix" }),
      }),
      call("section delete", "DELETE", "change", (i) => `curriculum/section/${i.row}/`, {
        rows: section,
        writes: { table: "content_section", delta: -1 },
      }),
      call("section move", "POST", "change", (i) => `curriculum/section/${i.row}/move/`, {
        rows: section,
        body: () => ({ direction: "up" }),
      }),
      call("section reorder", "POST", "change", () => "curriculum/section/reorder/", {
        rows: section,
        body: async (_, i) => ({ id_list: (await sectionIds(i.item)).reverse() }),
      }),
      call("material add", "POST", "change", (i) => `curriculum/section/${i.row}/material/`, {
        rows: section,
        body: () => ({ slot_type: "weblink", name: "Added by the matrix", url: "https://example.com/added" }),
        writes: { table: "content_material", delta: 1 },
      }),
      call("material reorder", "POST", "change", (i) => `curriculum/section/${i.sub}/material/reorder/`, {
        rows: material,
        body: (_, i) => ({ id_list: [i.row] }),
      }),
      call("material", "GET", "view", (i) => `curriculum/material/${i.row}/`, { rows: material }),
      call("material update", "PATCH", "change", (i) => `curriculum/material/${i.row}/`, {
        rows: material,
        body: () => ({ name: "Renamed by the matrix" }),
      }),
      call("material delete", "DELETE", "change", (i) => `curriculum/material/${i.row}/`, {
        rows: material,
        writes: { table: "content_material", delta: -1 },
      }),
      call("material move", "POST", "change", (i) => `curriculum/material/${i.row}/move/`, {
        rows: material,
        body: () => ({ direction: "up" }),
      }),
      call("file upload", "POST", "change", () => "curriculum/upload/?slot_type=document", { upload: pdf }),
    ],
    "curriculum/identification": [
      call("identification", "GET", "view", () => "curriculum/identification/"),
      call("identification save", "PUT", "change", () => "curriculum/identification/", {
        rows: section,
        body: (_, i) => ({
          item_list: [
            { id: i.row, is_enabled: true, identification: 2, lock_method: 2, attempt: 3, duration_lock: 5400 },
          ],
        }),
      }),
    ],
    enrollment: [
      call("enrollment settings", "GET", "enrollment", () => "enrollment/"),
      // The enrollment forms its `form` may name (docs/decisions/074).
      call("enrollment forms", "GET", "enrollment", () => "enrollment/form/"),
      call("enrollment settings save", "PUT", "enrollment", () => "enrollment/", {
        body: () => ({
          capacity: 12,
          // An item made with the engine's fields has its type's first kind (a learning path: online).
          content_period_cancel: CANCEL_SAMPLE[itemCancelKind(cancelKindOf(type), { kind: 1 })],
        }),
      }),
    ],
    "enrollment/identification": [
      call("enrollment identification", "GET", "enrollment", () => "enrollment/identification/"),
      call("enrollment identification save", "PUT", "enrollment", () => "enrollment/identification/", {
        body: () => ({ is_enabled: true, identification: 2, lock_method: 1, attempt: 3, duration_lock: 900 }),
      }),
    ],
    "enrollment/prerequisite": [
      call("prerequisites", "GET", "enrollment", () => "enrollment/prerequisite/"),
      call("prerequisites save", "PUT", "enrollment", () => "enrollment/prerequisite/", {
        body: () => ({ prerequisite_list: [] }),
      }),
    ],
    permission: [
      call("rules", "GET", "change", () => "permission/"),
      call("rule add", "POST", "change", () => "permission/", {
        body: () => ({ mode: 2, permission: 1 }),
        writes: { table: "content_permission", delta: 1 },
      }),
      call("rule", "GET", "change", (i) => `permission/${i.row}/`, { rows: rule }),
      call("rule update", "PATCH", "change", (i) => `permission/${i.row}/`, {
        rows: rule,
        body: () => ({ permission: 1 }),
      }),
      call("rule delete", "DELETE", "change", (i) => `permission/${i.row}/`, {
        rows: rule,
        writes: { table: "content_permission", delta: -1 },
      }),
      call("user accounts", "GET", "change", () => "permission/account/"),
    ],
    "permission/condition": [
      call("condition", "GET", "change", (i) => `permission/${i.row}/condition/`, { rows: rule }),
      call("condition save", "PUT", "change", (i) => `permission/${i.row}/condition/`, {
        rows: rule,
        body: () => ({ age_gte: 20, age_lte: 40 }),
      }),
    ],
    "permission/admin": [
      call("administrators", "GET", "change", () => "permission/admin/"),
      call("administrator candidates", "GET", "change", () => "permission/admin/candidate/"),
      call("administrator add", "POST", "change", () => "permission/admin/", {
        body: async (_, i) => ({ account: await notAdmin(i.item) }),
        writes: { table: "content_admin", delta: 1 },
      }),
      call("administrator remove", "DELETE", "change", (i) => `permission/admin/${i.row}/`, {
        rows: admin,
        writes: { table: "content_admin", delta: -1 },
      }),
    ],
    competency: [
      call("competencies", "GET", "view", () => "competency/"),
      call("competency", "GET", "view", (i) => `competency/${i.row}/`, { rows: competency }),
      call("competency add", "POST", "change", () => "competency/", {
        body: async (_, i) => ({
          competency: await unused("competency", "content_competency", "competency_id")(i.item),
          level: 1,
        }),
        writes: { table: "content_competency", delta: 1 },
      }),
      call("competency update", "PATCH", "change", (i) => `competency/${i.row}/`, {
        rows: competency,
        body: () => ({ level: 1 }),
      }),
      call("competency remove", "DELETE", "change", (i) => `competency/${i.row}/`, {
        rows: competency,
        writes: { table: "content_competency", delta: -1 },
      }),
    ],
    survey: [
      call("surveys", "GET", "view", () => "survey/"),
      call("survey", "GET", "view", (i) => `survey/${i.row}/`, { rows: survey }),
      call("survey attach", "POST", "change", () => "survey/", {
        body: async (_, i) => ({ survey: await unused("survey", "content_survey", "survey_id")(i.item) }),
        writes: { table: "content_survey", delta: 1 },
      }),
      call("survey update", "PATCH", "change", (i) => `survey/${i.row}/`, {
        rows: survey,
        body: () => ({ is_required: true }),
      }),
      call("survey detach", "DELETE", "change", (i) => `survey/${i.row}/`, {
        rows: survey,
        writes: { table: "content_survey", delta: -1 },
      }),
    ],
    // An attached survey's results among the content's learners and their answers (docs/decisions/081).
    "survey/result": [
      call("survey results", "GET", "view", (i) => `survey/${i.row}/result/`, { rows: survey }),
      call("survey answers", "GET", "view", (i) => `survey/${i.row}/result/answer/`, { rows: survey }),
    ],
    "survey/result-export": [
      call("survey answers export", "GET", "export", (i) => `survey/${i.row}/result/export/?format_type=csv`, {
        rows: survey,
      }),
    ],
    gamification: [
      call("criteria", "GET", "view", () => "gamification/"),
      call("criterion", "GET", "view", (i) => `gamification/${i.row}/`, { rows: criterion }),
      call("criterion add", "POST", "change", () => "gamification/", {
        body: () => ({ name: "Added by the matrix", point: 3 }),
        writes: { table: "content_gamification", delta: 1 },
      }),
      call("criterion update", "PATCH", "change", (i) => `gamification/${i.row}/`, {
        rows: criterion,
        body: () => ({ name: "Renamed by the matrix", point: 4 }),
      }),
      call("criterion delete", "DELETE", "change", (i) => `gamification/${i.row}/`, {
        rows: criterion,
        writes: { table: "content_gamification", delta: -1 },
      }),
    ],
    budget: [
      call("budget planning", "GET", "view", () => "budget/"),
      call("budget planning save", "PATCH", "change", () => "budget/", { body: () => ({ count_learner: 17 }) }),
    ],
    "budget/price": [
      call("price", "GET", "view", () => "budget/price/"),
      call("price save", "PATCH", "change", () => "budget/price/", {
        body: () => ({ price: "1,234.50", price_discount: null }),
      }),
    ],
    "budget/actual": [
      call("actual cost", "GET", "view", () => "budget/actual/"),
      call("actual cost save", "PATCH", "change", () => "budget/actual/", { body: () => ({ record_list: [] }) }),
    ],
    ecertificate: [
      call("certificate", "GET", "view", () => "certificate/"),
      call("certificate save", "PATCH", "certificate", () => "certificate/", {
        body: () => ({ name: "Certificate of the matrix" }),
      }),
      call("certificate picture", "POST", "certificate", () => "certificate/image/", {
        upload: { field: "image", filename: "background.png", type: "image/png", data: PNG },
      }),
      call("certificate picture remove", "DELETE", "certificate", () => "certificate/image/"),
    ],
    "overall/learner": [call("learners", "GET", "learner", () => "learner/")],
    // The inbox reads the learner list by status (routes/content.overall-inbox.tsx).
    "overall/inbox": [call("waiting learners", "GET", "learner", () => "learner/?status_set=waiting&page_size=20")],
    "overall/learner/enroll": [
      call("learner options", "GET", "learner", () => "enroll/account/?search=learner"),
      call("enroll", "POST", "learner", () => "enroll/", {
        body: async (_, i) => ({ account_list: [await newLearner(i.item)] }),
      }),
      call("enroll from a file", "POST", "learner", () => "enroll/import/", { upload: csv }),
    ],
    "overall/learner/export": [call("learner export", "GET", "export", () => "learner/export/?format_type=csv")],
    "overall/progress": [
      call("progress", "GET", "progress", () => "progress/"),
      call("progress change", "PATCH", "progress", (i) => `progress/${i.row}/`, {
        rows: enrollment,
        body: (_, i) => ({ status: i.value }),
      }),
    ],
    "overall/progress/bulk": [
      call("bulk preview", "POST", "progress", () => "progress/bulk/", { body: () => ({ target: 30, preview: true }) }),
      call("bulk change", "POST", "progress", () => "progress/bulk/", {
        rows: enrollment,
        body: (_, i) => ({ target: 30, enrollment_list: [i.row] }),
      }),
    ],
    "overall/progress/export": [call("progress export", "GET", "export", () => "progress/export/?format_type=xlsx")],
    "overall/progress/history": [
      call("progress history", "GET", "progress", (i) => `progress/${i.row}/history/`, { rows: enrollment }),
    ],
    "overall/discussion": [
      call("threads", "GET", "view", () => "discussion/"),
      call("thread", "GET", "view", (i) => `discussion/${i.row}/`, { rows: thread }),
      call("thread hide", "PATCH", "change", (i) => `discussion/${i.row}/`, {
        rows: thread,
        body: () => ({ is_hidden: true }),
      }),
      call("thread delete", "DELETE", "change", (i) => `discussion/${i.row}/`, {
        rows: thread,
        writes: { table: "discussion_thread", delta: -1 },
      }),
      call("reply hide", "PATCH", "change", (i) => `discussion/${i.row}/reply/${i.sub}/`, {
        rows: thread,
        body: () => ({ is_hidden: true }),
      }),
      call("reply delete", "DELETE", "change", (i) => `discussion/${i.row}/reply/${i.sub}/`, {
        rows: thread,
        writes: { table: "discussion_reply", delta: -1 },
      }),
    ],
    "overall/identification": [call("identification log", "GET", "view", () => "identification/")],
    // The overview's figures (docs/decisions/021): figures of pages a flag hides come back empty.
    "overall/index": [call("overall figures", "GET", "view", () => "overall/")],
    // The identification sessions (docs/decisions/021); the progress under one needs the progress flag.
    "page/identification": [call("identification transactions", "GET", "view", () => "identification/transaction/")],
    "page/identification.transaction": [
      call("identification transaction", "GET", "view", (i) => `identification/transaction/${i.row}/`, {
        rows: transaction,
      }),
    ],
    "page/identification.curriculum": [
      call("transaction curriculum", "GET", "view", (i) => `identification/transaction/${i.row}/curriculum/`, {
        rows: transaction,
      }),
    ],
    "page/identification.progress": [
      call("transaction progress list", "GET", "progress", (i) => `identification/transaction/${i.row}/progress/`, {
        rows: transaction,
      }),
      call("transaction progress", "GET", "progress", (i) => `identification/transaction/${i.row}/progress/${i.sub}/`, {
        rows: transaction,
      }),
    ],
  };
}

/** A call of one of a content type's pages: its flag (and the view scopes for "view") and the flag that reaches it. */
const callOn =
  (type: ContentType) =>
  (
    label: string,
    method: Call["method"],
    action: Parameters<typeof contentFlag>[1],
    path: (i: Ids) => string,
    extra: Partial<Call> = {},
  ): Call => ({
    label,
    method,
    flag: contentFlag(type, action),
    also: alsoFlags(type, action),
    near: action === "view" ? DASHBOARD_FLAG : contentFlag(type, "view"),
    type,
    path: (i) => `/api/${type.api}${i.item}/${path(i)}`,
    item: true,
    ...extra,
  });

/** Calls of a type's own pages (beyond the engine's); a library type's also its take page (docs/decisions/071). */
function ownCalls(type: ContentType): Record<string, Call[]> {
  return {
    ...typeOwnCalls(type),
    ...(contentFeatures(type).includes("sequence") ? sequenceCalls(type) : {}),
    ...("library" in type && type.library ? libraryCalls(type) : {}),
  };
}

/**
 * A library item's take page: reading it needs the library's view flag; taking it the
 * organisation type's add flag (reached with the library's view), and it makes one row.
 */
function libraryCalls(type: ContentType): Record<string, Call[]> {
  const org = CONTENT_TYPES.find((t) => t.key === codeOf(type))!;
  const call = callOn(type);
  return {
    "page/take": [
      call("take page", "GET", "view", () => ""),
      {
        ...call("take", "POST", "add", () => "take/"),
        flag: contentFlag(org, "add"),
        also: [],
        near: contentFlag(type, "view"),
        writes: { table: tableOf(type), delta: 1 },
      },
    ],
  };
}

function typeOwnCalls(type: ContentType): Record<string, Call[]> {
  return codeOf(type) === "activity"
    ? activityCalls(type)
    : codeOf(type) === "class"
      ? classCalls(type)
      : codeOf(type) === "class_program"
        ? classProgramCalls(type)
        : codeOf(type) === "survey"
          ? surveyCalls(type)
          : codeOf(type) === "live"
            ? liveCalls(type)
            : codeOf(type) === "test"
              ? { ...testAttemptCalls(type), ...testBuildCalls(type) }
              : codeOf(type) === "testbank"
                ? { ...testQuestionCalls(type), ...testbankCalls(type) }
                : (MEDIA_KIND_KEYS as readonly string[]).includes(codeOf(type))
                  ? mediaCalls(type)
                  : codeOf(type) === "learning_playlist"
                    ? playlistCalls(type)
                    : {};
}

/**
 * A playlist's collaborators (docs/decisions/102): seen with the view flag (or a role on it),
 * named with the change flag (or as its owner or admin); what the item grants the account.
 */
function playlistCalls(type: ContentType): Record<string, Call[]> {
  const call = callOn(type);
  const table = "learning_playlist_collaborator";
  /** An active account the item does not name yet. */
  const unnamed = async (item: number) =>
    (
      await api.db
        .selectFrom("account as a")
        .select("a.id")
        .where("a.is_active", "=", 1)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom(`${table} as c`)
                .select("c.id")
                .where("c.learning_playlist_id", "=", item)
                .whereRef("c.account_id", "=", "a.id"),
            ),
          ),
        )
        .orderBy("a.id", "desc")
        .executeTakeFirstOrThrow()
    ).id;
  const named = async (item: number) => ({
    row: (
      await api.db
        .insertInto(table)
        .values({
          learning_playlist_id: item,
          account_id: await unnamed(item),
          group_id: null,
          role: 5,
          datetime_create: "2026-01-01T00:00:00.000Z",
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  });
  return {
    collaborator: [
      call("collaborators", "GET", "view", () => "collaborator/"),
      call("what the item grants", "GET", "view", () => "grant/"),
      call("collaborator add", "POST", "change", () => "collaborator/", {
        body: async (_who, ids) => ({ account: await unnamed(ids.item), role: 5 }),
        writes: { table, delta: 1 },
      }),
      call("collaborator role", "PATCH", "change", (i) => `collaborator/${i.row}/`, {
        rows: named,
        body: () => ({ role: 4 }),
      }),
      call("collaborator remove", "DELETE", "change", (i) => `collaborator/${i.row}/`, {
        rows: named,
        writes: { table, delta: -1 },
      }),
      call("collaborator account choices", "GET", "change", () => "collaborator/account/"),
      call("collaborator group choices", "GET", "change", () => "collaborator/group/"),
    ],
  };
}

/** The sequence of a learning path or an onboarding plan (docs/decisions/099): its contents, added, moved, set, removed. */
function sequenceCalls(type: ContentType): Record<string, Call[]> {
  const call = callOn(type);
  const course = async () =>
    (await api.db.selectFrom("course").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const typeId = async (code: string) =>
    (await api.db.selectFrom("content_type").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  // A content of the holder made by the observer: a course it holds, at the end.
  const held = async (item: number) => {
    const [holderType, courseType] = [await typeId(codeOf(type)), await typeId("course")];
    const taken = await api.db
      .selectFrom("content_sequence")
      .select("content_id")
      .where("holder_type_id", "=", holderType)
      .where("holder_id", "=", item)
      .where("content_type_id", "=", courseType)
      .execute();
    const free = await api.db
      .selectFrom("course")
      .select("id")
      .where("id", "not in", [0, ...taken.map((t) => t.content_id)])
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const row = await api.db
      .insertInto("content_sequence")
      .values({
        holder_type_id: holderType,
        holder_id: item,
        content_type_id: courseType,
        content_id: free.id,
        position: 99,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { row: row.id };
  };
  return {
    curriculum: [
      call("contents", "GET", "view", () => "content/"),
      call("content add", "POST", "change", () => "content/", {
        fresh: true,
        // A course the caller sees in its own course list (the only ones it may add), else any.
        body: async (who) => {
          const seen = await who.client.get("/api/dashboard/course/?page_size=1&ordering=id");
          return { content_type: "course", content_id: seen.body?.results?.[0]?.id ?? (await course()) };
        },
        writes: { table: "content_sequence", delta: 1 },
      }),
      call("content move", "PATCH", "change", (i) => `content/${i.row}/`, {
        rows: held,
        body: () => ({ direction: "up" }),
      }),
      call("content settings", "PATCH", "change", (i) => `content/${i.row}/`, {
        rows: held,
        body: () => ({ depend_content_id_list: [], content_parent: null, name: "Step", is_anonymous: true }),
      }),
      call("content remove", "DELETE", "change", (i) => `content/${i.row}/`, {
        rows: held,
        writes: { table: "content_sequence", delta: -1 },
      }),
    ],
  };
}

/** A test's own build pages (docs/decisions/064): setting, sections, a section's questions and draws from banks. */
function testBuildCalls(type: ContentType): Record<string, Call[]> {
  const call = callOn(type);
  const section = async (item: number) => ({
    row: (
      await api.db
        .insertInto("test_section")
        .values({ test_id: item, sort: 99, name: "Matrix section" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  });
  /** A bank the test may draw from: one of its provider's, else another's with the usage approved (docs/decisions/063). */
  const bank = async (item: number) => {
    const { provider_id } = await api.db
      .selectFrom("test")
      .select("provider_id")
      .where("id", "=", item)
      .executeTakeFirstOrThrow();
    const own = await api.db
      .selectFrom("testbank")
      .select("id")
      .where("provider_id", "=", provider_id)
      .orderBy("id")
      .executeTakeFirst();
    if (own) return own.id;
    const other = (await api.db.selectFrom("testbank").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    await api.db
      .insertInto("testbank_usage")
      .values({ testbank_id: other, test_id: item, status: 1, requested_by: null, datetime_create: now() })
      .execute();
    return other;
  };
  const setting = call("setting", "GET", "view", () => "setting/");
  return {
    setting: [setting, call("setting save", "PATCH", "change", () => "setting/", { body: () => ({ attempt: 2 }) })],
    "setting/term": [setting],
    section: [
      call("sections", "GET", "view", () => "section/"),
      call("section add", "POST", "change", () => "section/", {
        body: () => ({}),
        writes: { table: "test_section", delta: 1 },
      }),
    ],
    "section/question": [
      call("questions", "GET", "view", (i) => `section/${i.row}/question/`, { rows: section }),
      call("question add", "POST", "change", (i) => `section/${i.row}/question/`, {
        rows: section,
        body: () => ({ desc: "Matrix question", type: 1 }),
        writes: { table: "test_question", delta: 1 },
      }),
    ],
    "section/testbank": [
      call("draws", "GET", "view", (i) => `section/${i.row}/testbank/`, { rows: section }),
      call("draw save", "POST", "change", (i) => `section/${i.row}/testbank/`, {
        rows: section,
        body: async (_who, i) => ({ bank: await bank(i.item), number: 1 }),
        writes: { table: "test_section_draw", delta: 1 },
      }),
    ],
  };
}

/** A bank's questions (docs/decisions/064): the test question store mounted under the bank, on the bank's flags. */
function testQuestionCalls(type: ContentType): Record<string, Call[]> {
  const call = callOn(type);
  return {
    question: [
      call("questions", "GET", "view", () => "question/"),
      call("question add", "POST", "change", () => "question/", {
        body: () => ({ desc: "Matrix question", type: 1 }),
        writes: { table: "test_question", delta: 1 },
      }),
    ],
  };
}

/**
 * A test bank's own pages (docs/decisions/063): its two logs, one entry of the log, and its usage
 * requests — asked by the observer on whichever bank is used, then decided. Asking needs the test
 * change flag too, which the matrix's single-flag accounts do not hold: its refusal is the API test's.
 */
function testbankCalls(type: ContentType): Record<string, Call[]> {
  const call = callOn(type);
  const entry = async (item: number) => ({
    row: first(
      await idsWhere(sql`select id from testbank_log where testbank_id = ${item} order by id`),
      "log entry of a bank",
    ),
  });
  const request = async (item: number) => {
    const test = first(await idsWhere(sql`select id from test order by id`), "test");
    const row = await api.db
      .insertInto("testbank_usage")
      .values({ testbank_id: item, test_id: test, status: 0, requested_by: null, datetime_create: now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { row: row.id };
  };
  return {
    log: [call("question log", "GET", "view", () => "log/")],
    "log/entry": [call("log entry", "GET", "view", (i) => `log/${i.row}/`, { rows: entry })],
    "overall/log": [call("bank log", "GET", "view", () => "log/?scope=bank")],
    "overall/usage": [
      call("usage", "GET", "view", () => "usage/"),
      call("usage decide", "POST", "change", (i) => `usage/${i.row}/decide/`, {
        rows: request,
        body: () => ({ status: 1 }),
      }),
    ],
  };
}

/**
 * A test's attempt pages (docs/decisions/065): the log tab and the overall pages. Each write gets
 * an attempt of its own, written straight to the database: a section with one description
 * question, an enrollment, and the learner's submitted attempt with its answer waiting (22); an
 * approval's attempt has its answer marked (waiting for approval).
 */
function testAttemptCalls(type: ContentType): Record<string, Call[]> {
  const call = callOn(type);
  const attempt = async (item: number, marked = false) => {
    const at = now();
    const section = await api.db
      .insertInto("test_section")
      .values({ test_id: item, sort: 99, name: "Matrix section", full_score: 5, pass_score: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const question = await api.db
      .insertInto("test_question")
      .values({
        section_id: section.id,
        bank_id: null,
        number: 1,
        type: 4,
        desc: "Matrix question",
        score: 5,
        datetime_create: at,
        datetime_update: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const enrollmentId = await enrollmentOf(type, item);
    const row = await api.db
      .insertInto("test_attempt")
      .values({
        test_id: item,
        enrollment_id: enrollmentId,
        account_id: null,
        number: 99,
        status: 22,
        seed: 1,
        score: 0,
        full_score: 5,
        is_pass: null,
        datetime_start: at,
        datetime_submit: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const answer = await api.db
      .insertInto("test_attempt_answer")
      .values({
        attempt_id: row.id,
        section_id: section.id,
        question_id: question.id,
        sort: 1,
        question_type: 4,
        question_desc: "Matrix question",
        max_score: 5,
        answer: "Matrix answer",
        score: marked ? 3 : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { row: answer.id, sub: section.id, value: row.id };
  };
  const attempts = call("attempts", "GET", "view", () => "attempt/");
  return {
    log: [attempts, call("attempt", "GET", "view", (i) => `attempt/${i.value}/`, { rows: (item) => attempt(item) })],
    "overall/log": [attempts],
    "overall/section": [call("sections", "GET", "view", () => "slot/")],
    "overall/summary": [
      call("section figures", "GET", "progress", (i) => `slot/${i.sub}/`, { rows: (item) => attempt(item) }),
    ],
    "overall/verify": [
      call("waiting answers", "GET", "progress", (i) => `slot/${i.sub}/answer/`, { rows: (item) => attempt(item) }),
    ],
    "overall/slot-verify": [
      call("section questions", "GET", "progress", (i) => `slot/${i.sub}/question/`, { rows: (item) => attempt(item) }),
      call("mark", "POST", "progress", (i) => `answer/${i.row}/verify/`, {
        rows: (item) => attempt(item),
        body: () => ({ score: 4, feedback: "Marked by the matrix" }),
      }),
    ],
    "overall/approval": [
      call("waiting approval", "GET", "view", () => "attempt/?approval=1"),
      call("approve", "POST", "progress", (i) => `attempt/${i.value}/approval/`, {
        rows: (item) => attempt(item, true),
        body: () => ({ decision: "approve" }),
      }),
    ],
  };
}

/** A live's own pages (docs/decisions/066): its stream, the stream's learners, and its questions (one asked on the item first). */
/**
 * A media item's own pages (docs/decisions/069): its information (the item, its file), review,
 * management and publish (the item), and a flash card set's cards, summary and learners' cards.
 */
function mediaCalls(type: ContentType): Record<string, Call[]> {
  const call = callOn(type);
  const item = call("item", "GET", "view", () => "");
  const ugc = async (id: number) => {
    const at = now();
    return {
      row: Number(
        (
          await api.db
            .insertInto("media_ugc_card")
            .values({
              media_id: id,
              account_id: null,
              front: "Matrix",
              back: "Card",
              datetime_create: at,
              datetime_update: at,
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      ),
    };
  };
  const ugcRead = call("learner card", "GET", "view", (i) => `ugc/${i.row}/`, { rows: ugc });
  return {
    information: [item],
    "information/review": [item],
    "overall/management": [item],
    "overall/management/publish": [item],
    "page/index.publish": [item],
    card: [
      call("cards", "GET", "view", () => "card/"),
      call("card add", "POST", "change", () => "card/", {
        body: () => ({ front: "Matrix", back: "Card" }),
        writes: { table: "media_card", delta: 1 },
      }),
    ],
    summary: [call("summary", "GET", "view", () => "summary/")],
    ugc: [call("learner cards", "GET", "view", () => "ugc/")],
    "ugc/list": [call("learner cards", "GET", "view", () => "ugc/")],
    "ugc/view": [ugcRead],
    "ugc/edit": [
      ugcRead,
      call("learner card review", "PATCH", "change", (i) => `ugc/${i.row}/`, {
        rows: ugc,
        body: () => ({ status: 1 }),
      }),
    ],
  };
}

function liveCalls(type: ContentType): Record<string, Call[]> {
  const call = callOn(type);
  const question = async (item: number) => ({
    row: Number(
      (
        await api.db
          .insertInto("live_question")
          .values({ live_id: item, account_id: null, text: "Matrix question", datetime_create: now() })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    ),
  });
  const questions = [
    call("questions", "GET", "view", () => "question/"),
    call("question answered", "PATCH", "change", (i) => `question/${i.row}/`, {
      rows: question,
      body: () => ({ is_answered: true }),
    }),
  ];
  return {
    stream: [call("stream", "GET", "view", () => "stream/")],
    "stream/learner": [call("stream learners", "GET", "learner", () => "stream/learner/")],
    "stream/progress": [call("stream", "GET", "view", () => "stream/")],
    "stream/question": questions,
    "overall/question": questions,
  };
}

/**
 * A survey's own pages (docs/decisions/062): its domain, and the one form builder's sections and
 * questions mounted under it. A section is made by the observer on whichever survey is used.
 */
function surveyCalls(type: ContentType): Record<string, Call[]> {
  const call = callOn(type);
  const section = async (item: number) => {
    const res = await observer().client.post(`/api/${type.api}${item}/section/`, { name: "Matrix section" });
    if (res.status !== 201) throw new Error(`survey section: ${res.status} ${JSON.stringify(res.body)}`);
    const sections = res.body.sections as { id: number }[];
    return { row: sections[sections.length - 1].id };
  };
  return {
    domain: [
      call("domain", "GET", "view", () => "domain/"),
      call("domain save", "PATCH", "change", () => "domain/", {
        body: () => ({ target_type: 2, instructor_list: [] }),
      }),
    ],
    section: [
      call("sections", "GET", "view", () => "section/"),
      call("section add", "POST", "change", () => "section/", {
        body: () => ({ name: "Matrix section" }),
        writes: { table: "form_section", delta: 1 },
      }),
    ],
    "section/item": [
      call("question add", "POST", "change", (i) => `section/${i.row}/question/`, {
        rows: section,
        body: () => ({ text: "Matrix question", type: QUESTION_TYPE.textinput }),
        writes: { table: "form_question", delta: 1 },
      }),
      // The section's results (docs/decisions/067).
      call("results", "GET", "view", () => "result/"),
    ],
  };
}

/** A class program's own page (docs/decisions/044): its classes, the class list with the program fixed. */
function classProgramCalls(type: ContentType): Record<string, Call[]> {
  const call = callOn(type);
  return {
    class: [call("classes", "GET", "view", () => "class/")],
    "class/status": [call("classes", "GET", "view", () => "class/?status=1")],
  };
}

/** An enrollment of a content item (a learner enrolled by the observer when there is none). */
async function enrollmentOf(type: ContentType, item: number) {
  const ids = async () =>
    idsWhere(
      sql`select id from content_enrollment where content_type_id = (select id from content_type where code = ${codeOf(type)}) and content_id = ${item} order by id`,
    );
  let found = await ids();
  if (!found.length) {
    const learner = first(
      await idsWhere(sql`select id from account where is_dashboard_permission = 0 and is_active = 1 order by id`),
      "learner",
    );
    await observer().client.post(`/api/${type.api}${item}/enroll/`, { account_list: [learner] });
    found = await ids();
  }
  return first(found, `enrollment of an ${type.key}`);
}

/**
 * A class's own pages (docs/decisions/040): its curriculum is its sessions, not the engine's
 * sections. A session is made by the observer on the class's last day (or the clock's, for an
 * open-ended class), overlap confirmed, so every write is one the API accepts; cancelling is
 * permanent, so the allowed cancel gets a class of its own.
 */
function classCalls(type: ContentType): Record<string, Call[]> {
  const call = callOn(type);
  const base = `/api/${type.api}`;
  const sessionBody = async (item: number) => {
    const klass = await api.db.selectFrom("class").select("date_end").where("id", "=", item).executeTakeFirstOrThrow();
    const inAMonth = new Date(api.clock.now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
    return {
      name: "Matrix session",
      type: 3,
      date: klass.date_end ?? inAMonth,
      start_time: "08:00",
      end_time: "09:00",
      confirm_overlap: true,
    };
  };
  /** The class enrolling by session (its other settings kept), and one of its learners. */
  const bySession = async (item: number) => {
    const current = (await observer().client.get(`${base}${item}/enrollment/`)).body as Record<string, unknown> & {
      content_period_cancel: Record<string, unknown>;
    };
    const cancel = { ...current.content_period_cancel, duration: current.content_period_cancel.duration ?? 86_400 };
    const settings = {
      ...current,
      content_period_cancel: cancel,
      is_session_enrollment: true,
      minimum_session_enrollment: 0,
      is_allow_change_session_enrollment: true,
    };
    const res = await observer().client.put(`${base}${item}/enrollment/`, settings);
    if (res.status !== 200)
      throw new Error(`session enrollment of class ${item}: ${res.status} ${JSON.stringify(res.body)}`);
    return { value: await enrollmentOf(type, item) };
  };
  const session = async (item: number, body?: Record<string, unknown>) => {
    const res = await observer().client.post(`${base}${item}/session/`, body ?? (await sessionBody(item)));
    if (res.status !== 201) throw new Error(`session of class ${item}: ${res.status} ${JSON.stringify(res.body)}`);
    return { row: (res.body as { id: number }).id };
  };
  /** A session whose check-in has opened (docs/decisions/077): yesterday's, or the class's last day when that is earlier. */
  const openedSession = async (item: number) => {
    const body = await sessionBody(item);
    const yesterday = new Date(api.clock.now.getTime() - 86_400_000).toISOString().slice(0, 10);
    return session(item, { ...body, date: body.date < yesterday ? body.date : yesterday });
  };
  /** A live rerun session (its live page saves). */
  const liveSession = async (item: number) => {
    const res = await observer().client.post(`${base}${item}/session/`, { ...(await sessionBody(item)), type: 1 });
    if (res.status !== 201) throw new Error(`live session of class ${item}: ${res.status} ${JSON.stringify(res.body)}`);
    return { row: (res.body as { id: number }).id };
  };
  /** A session, and a class material it does not use yet. */
  const withMaterial = async (item: number) => {
    const section = await observer().client.post(`${base}${item}/material/section/`, { name: "Matrix section" });
    const m = await observer().client.post(`${base}${item}/material/section/${section.body.id}/material/`, {
      slot_type: "weblink",
      name: "Matrix link",
      url: "https://example.com/matrix",
    });
    if (m.status !== 201) throw new Error(`material of class ${item}: ${m.status} ${JSON.stringify(m.body)}`);
    return { ...(await session(item)), value: (m.body as { id: number }).id };
  };
  /** A new session, and a survey. */
  const withSurvey = async (item: number) => ({
    ...(await session(item)),
    value: first(await idsWhere(sql`select id from survey order by id`), "survey"),
  });
  return {
    curriculum: [
      call("sessions", "GET", "view", () => "session/"),
      call("session delete", "DELETE", "change", (i) => `session/${i.row}/`, {
        rows: session,
        writes: { table: "class_session", delta: -1 },
      }),
    ],
    "curriculum/create": [
      call("session options", "GET", "change", () => "session-options/"),
      call("session add", "POST", "change", () => "session/", {
        body: (_, i) => sessionBody(i.item),
        writes: { table: "class_session", delta: 1 },
      }),
    ],
    "curriculum/edit": [
      call("session", "GET", "view", (i) => `session/${i.row}/`, { rows: session }),
      call("session update", "PATCH", "change", (i) => `session/${i.row}/`, {
        rows: session,
        body: async (_, i) => ({ ...(await sessionBody(i.item)), name: "Renamed by the matrix" }),
      }),
    ],
    // The material tab (the engine's curriculum at material/) and a session's own pages (docs/decisions/045).
    material: [
      call("materials", "GET", "view", () => "material/"),
      call("material section add", "POST", "change", () => "material/section/", {
        body: () => ({ name: "Added by the matrix" }),
        writes: { table: "content_section", delta: 1 },
      }),
    ],
    "curriculum/live": [
      call("session live", "GET", "view", (i) => `session/${i.row}/live/`, { rows: session }),
      call("session live save", "PUT", "change", (i) => `session/${i.row}/live/`, {
        rows: liveSession,
        body: () => ({ url: "https://example.com/matrix", is_playback: true }),
      }),
    ],
    "curriculum/material": [
      call("session materials", "GET", "view", (i) => `session/${i.row}/material/`, { rows: session }),
      call("session material add", "POST", "change", (i) => `session/${i.row}/material/`, {
        rows: withMaterial,
        body: (_, i) => ({ material: i.value }),
        writes: { table: "class_session_material", delta: 1 },
      }),
    ],
    "curriculum/survey": [
      call("session surveys", "GET", "view", (i) => `session/${i.row}/survey/`, { rows: session }),
      call("session survey add", "POST", "change", (i) => `session/${i.row}/survey/`, {
        rows: withSurvey,
        body: (_, i) => ({ survey: i.value }),
        writes: { table: "class_session_survey", delta: 1 },
      }),
    ],
    "curriculum/create-activity": [
      call("class activities", "GET", "view", () => "activity/"),
      // Creating needs the activity add flag besides the class's change flag (the instructor has only the latter).
      call("class activity add", "POST", "change", () => "activity/", {
        flag: "activity_add_activity",
        also: [],
        body: () => ({ name: "Matrix activity", code: `PMX${++created}` }),
        writes: { table: "class_activity", delta: 1 },
      }),
    ],
    schedule: [call("schedule", "GET", "view", () => "session/")],
    // Check-in (docs/decisions/042): a session is a check-in point; a learner checked in by hand.
    checkin: [
      call("check-in points", "GET", "view", () => "checkin/"),
      call("session learners", "GET", "view", (i) => `checkin/${i.row}/`, { rows: session }),
      call("check-in", "POST", "progress", (i) => `checkin/${i.row}/`, {
        rows: async (item) => ({ ...(await openedSession(item)), value: await enrollmentOf(type, item) }),
        body: (_, i) => ({ enrollment_list: [i.value], action: "in" }),
      }),
    ],
    "overall/check-in": [call("check-in points", "GET", "view", () => "checkin/")],
    "overall/log": [call("check-in log", "GET", "view", () => "checkin/log/")],
    "overall/report": [call("attendance report", "GET", "view", () => "checkin/report/")],
    "overall/report/export": [
      call("attendance export", "GET", "export", () => "checkin/report/export/?format_type=csv"),
    ],
    "page/cancel": [
      call("cancel", "POST", "change", () => "cancel/", { fresh: true, body: () => ({ reason: "Matrix cancel" }) }),
    ],
    // Session enrollment (docs/decisions/046): the overview, and a learner's sessions chosen once the
    // class enrols by session (any number, changes allowed, so the empty choice is one the API accepts).
    "enrollment-old": [call("enrolment by session", "GET", "view", () => "session-enrollment/")],
    "overall/learner/session": [
      call("learner sessions", "GET", "view", (i) => `learner/${i.value}/session/`, {
        rows: async (item) => ({ value: await enrollmentOf(type, item) }),
      }),
      call("learner sessions save", "PUT", "enrollment", (i) => `learner/${i.value}/session/`, {
        rows: bySession,
        body: () => ({ session_list: [] }),
      }),
    ],
  };
}

/**
 * Activity's own pages (docs/decisions/023). Rows are made by the observer: a checklist whose
 * inspectors name every staff account (so whichever account holds the flag may check in and
 * verify its learners), and a learner's slot waiting for verification.
 */
function activityCalls(type: ContentType): Record<string, Call[]> {
  const call = callOn(type);
  const base = `/api/${type.api}`;
  const CHECKLIST = {
    name: "Matrix checklist",
    full_score: 10,
    pass_score: 6,
    is_verify_by_inspector: true,
    is_verify_by_admin: true,
  };
  const made = async (path: string, body: Record<string, unknown>) => {
    const res = await observer().client.post(path, body);
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as { id: number };
  };
  const staff = () =>
    idsWhere(sql`select id from account where is_dashboard_permission = 1 and is_active = 1 order by id`);
  /** A checklist every staff account inspects. */
  const checklist = async (item: number) => {
    const { id } = await made(`${base}${item}/checklist/`, CHECKLIST);
    for (const account of await staff()) await made(`${base}${item}/checklist/${id}/inspector/`, { kind: 3, account });
    return { row: id };
  };
  const inspector = async (item: number) => {
    const { row } = await checklist(item);
    const rules = (await observer().client.get(`${base}${item}/inspector/`)).body as {
      id: number;
      checklist_id: number;
    }[];
    return { row: rules.find((r) => r.checklist_id === row)!.id, sub: row };
  };
  const enrollment = (item: number) => enrollmentOf(type, item);
  /** A checklist and one learner's slot of it, waiting for verification. */
  const waiting = async (item: number) => {
    const { row } = await checklist(item);
    const enrollmentId = await enrollment(item);
    const slot = await api.db
      .insertInto("activity_slot")
      .values({
        checklist_id: row,
        enrollment_id: enrollmentId,
        status: 22,
        note: "",
        answer: "Matrix answer",
        datetime_submit: now(),
        datetime_update: now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { row: slot.id, sub: row };
  };
  const withLearner = async (item: number) => ({ ...(await checklist(item)), value: await enrollment(item) });
  return {
    checklist: [
      call("checklists", "GET", "view", () => "checklist/"),
      call("checklist add", "POST", "change", () => "checklist/", {
        body: () => CHECKLIST,
        writes: { table: "activity_checklist", delta: 1 },
      }),
      call("checklist delete", "DELETE", "change", (i) => `checklist/${i.row}/`, {
        rows: checklist,
        writes: { table: "activity_checklist", delta: -1 },
      }),
    ],
    "checklist/inspector": [
      call("inspectors", "GET", "view", () => "inspector/"),
      call("inspector add", "POST", "change", (i) => `checklist/${i.row}/inspector/`, {
        rows: checklist,
        body: () => ({ kind: 1 }),
        writes: { table: "activity_inspector", delta: 1 },
      }),
      call("inspector remove", "DELETE", "change", (i) => `checklist/${i.sub}/inspector/${i.row}/`, {
        rows: inspector,
        writes: { table: "activity_inspector", delta: -1 },
      }),
    ],
    "page/checklist.item": [
      call("checklist", "GET", "view", (i) => `checklist/${i.row}/`, { rows: checklist }),
      call("checklist update", "PATCH", "change", (i) => `checklist/${i.row}/`, {
        rows: checklist,
        body: () => ({ ...CHECKLIST, name: "Renamed by the matrix" }),
      }),
    ],
    "page/checklist.verify": [
      call("slots", "GET", "progress", (i) => `checklist/${i.sub}/slot/`, { rows: waiting }),
      call("slot", "GET", "progress", (i) => `checklist/${i.sub}/slot/${i.row}/`, { rows: waiting }),
      call("verify", "POST", "progress", (i) => `checklist/${i.sub}/slot/${i.row}/verify/`, {
        rows: waiting,
        body: () => ({ score: 8, note: "Verified by the matrix" }),
      }),
    ],
    "overall/checkin": [
      call("check-in", "POST", "progress", (i) => `checklist/${i.row}/checkin/`, {
        rows: withLearner,
        body: (_, i) => ({ enrollment_list: [i.value], action: "in" }),
      }),
    ],
    "overall/progress/slot": [
      call("checklist slots", "GET", "progress", (i) => `checklist/${i.row}/slot/`, { rows: checklist }),
    ],
    "overall/usage": [call("usage", "GET", "view", () => "usage/?usage_type=verify")],
    "overall/verify": [
      call("waiting slots", "GET", "progress", (i) => `checklist/${i.row}/slot/?waiting=1`, { rows: checklist }),
    ],
  };
}

/** Every filter list the dashboard reads: the catalogue's, and the typed tag lists of the registry's fields. */
function filterPaths(): string[] {
  const paths = new Set<string>(FILTER_NAMES);
  for (const type of CONTENT_TYPES) {
    for (const f of type.fields) {
      if (!f.source || f.source.startsWith("code:")) continue;
      // A list beside its data, by its full path (fullSourcePaths).
      if (f.source.startsWith("dashboard/")) continue;
      if (f.source === "category-tree") ["category", "sub-category"].forEach((p) => paths.add(p));
      else if (f.source === "tag-extra")
        CONTENT_TAG_EXTRAS.filter((e) => e.field === f.name).forEach((e) => paths.add(`tag/type/${e.type}`));
      else paths.add(f.source);
    }
    for (const source of Object.values(type.filterSources)) {
      if (source.startsWith("code:")) continue; // a code list of the contract, not an API call
      if (source === "category-tree") ["category", "sub-category"].forEach((p) => paths.add(p));
      else paths.add(source);
    }
  }
  paths.add(`tag/type/${GENERAL_TAG_TYPE}`);
  return [...paths];
}

/**
 * Form sources that are a list's full API path (the class's event zone: `dashboard/location/filter/`),
 * each with the flag it is read by: any dashboard user, or — a field whose `sourceByType` says so (a
 * playlist's owner choices) — whoever may see that type.
 */
const fullSourcePaths = () => [
  ...new Map(
    CONTENT_TYPES.flatMap((type) =>
      type.fields.flatMap((f) =>
        f.source?.startsWith("dashboard/")
          ? [[f.source, f.sourceByType ? contentFlag(type, "view") : DASHBOARD_FLAG] as const]
          : [],
      ),
    ),
  ),
];

const CALLS: Call[] = [
  { label: "permission", method: "GET", flag: DASHBOARD_FLAG, path: () => "/api/dashboard/account/permission/" },
  // A screen's `also` guards pass its call too (a flow's deciders: docs/decisions/074).
  ...SCREENS.map((s): Call => ({
    label: s.id,
    method: "GET",
    flag: s.flag,
    also: s.also,
    near: DASHBOARD_FLAG,
    path: () => `/api/${SCREEN_API[s.id] ?? `(no API path for ${s.id})`}`,
  })),
  ...filterPaths().map((p): Call => ({
    label: `filter ${p}`,
    method: "GET",
    flag: DASHBOARD_FLAG,
    path: () => `/api/dashboard/filter/${p}/`,
  })),
  ...fullSourcePaths().map(([p, readBy]): Call => ({
    label: `list ${p}`,
    method: "GET",
    flag: readBy,
    ...(readBy === DASHBOARD_FLAG ? {} : { near: DASHBOARD_FLAG }),
    path: () => `/api/${p}`,
  })),
  ...checked(CONTENT_TYPES).flatMap(contentCalls),
  ...checked(CONTENT_TYPES).flatMap((type) => Object.values(tabCalls(type)).flat()),
];

let api: TestApi;
const accounts: Account[] = [];
let checks = 0;
let sample: (type: ContentType, who: PermissionAnswer | null) => Promise<Record<string, unknown>>;

beforeAll(async () => {
  api = await startTestApi();
  rowState = await writeFingerprint(api);
  sample = (type, who) => createSample(api, who, codeOf(type));
  for (const { username } of DEMO_ACCOUNTS) {
    const client = api.client();
    await client.login(username);
    const res = await client.get("/api/dashboard/account/permission/");
    expect([200, 403], `permission of ${username}`).toContain(res.status);
    const answer = res.status === 200 ? (res.body as PermissionAnswer) : null;
    // Its flags and the guards its answer implies (decides_{kind} for a flow's decider).
    accounts.push({ username, client, answer, flags: answer ? answerGuards(answer) : null });
  }
});
afterAll(async () => {
  console.log(`[permission-matrix] ${checks} API call × account checks`);
  await api?.close();
});

const byName = (username: string) => accounts.find((a) => a.username === username)!;
/** The account holding the most flags reads the state before and after a refusal. */
const observer = () => [...accounts].sort((a, b) => (b.flags?.size ?? 0) - (a.flags?.size ?? 0))[0];

/**
 * What a refused call must not change: any table's rows (route-kit's write fingerprint, a trigger
 * tally installed in this file's own database: PostgreSQL's counts of ~180 tables took ~70 ms,
 * twice for each of ~5 400 checks).
 */
let rowState: () => Promise<string>;
/** One table's rows (an allowed call's expected change). */
async function rowCount(table: string) {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(api.db);
  return Number(rows[0].n);
}

async function stateOf(call: Call, ids: Ids) {
  const item = call.type && call.item ? (await observer().client.get(`/api/${call.type.api}${ids.item}/`)).body : null;
  return { rows: await rowState(), item };
}

/** The first item of the call's type the account lists itself (in its scope), or null. */
/** Items a call can act on: a cancelled class refuses every write (docs/decisions/040). */
const WRITABLE: Partial<Record<string, (row: Record<string, unknown>) => boolean>> = {
  class: (row) => row.datetime_cancel === null,
};

async function firstId(who: Account, type: ContentType): Promise<number | null> {
  const writable = WRITABLE[codeOf(type)] ?? (() => true);
  const res = await who.client.get(`/api/${type.api}?page_size=${WRITABLE[codeOf(type)] ? 50 : 1}`);
  return res.status === 200
    ? (((res.body.results as Record<string, unknown>[]).find(writable)?.id as number | undefined) ?? null)
    : null;
}

function send(client: Client, call: Call, ids: Ids, body?: Record<string, unknown>) {
  const url = call.path(ids);
  if (call.upload) {
    const { field, filename, type, data } = call.upload;
    const boundary = "----lmsPermissionMatrix";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return client.post(url, payload as never, { "content-type": `multipart/form-data; boundary=${boundary}` });
  }
  if (call.method === "GET") return client.get(url);
  if (call.method === "DELETE") return client.delete(url);
  if (call.method === "PUT") return client.put(url, body);
  return call.method === "POST" ? client.post(url, body) : client.patch(url, body);
}

/** The call's ids on an item: the item, and the rows under it the call is about (made now). */
async function idsOn(call: Call, item: number): Promise<Ids> {
  return { item, ...(call.rows && item ? await call.rows(item) : {}) };
}

describe("API permission matrix", () => {
  it("names only real flags, and every home screen's API path", () => {
    for (const c of CALLS) expect(isFlag(c.flag), `${c.label}: ${c.flag}`).toBe(true);
    for (const s of SCREENS) expect(SCREEN_API[s.id], `API path of screen ${s.id}`).toBeTruthy();
  });

  it("lists the calls of every built tab and overall page of the registry", () => {
    for (const type of CONTENT_TYPES) {
      const listed = tabCalls(type);
      // A spec address served by another page (`alias`, app/registry/aliases.js) redirects: no calls of its own.
      const pages = contentRoutes([type])
        .flatMap((r) =>
          "children" in r
            ? (r.children as { tab?: string; sub?: string; overall?: string; page?: string; alias?: string }[])
            : [],
        )
        .filter((p) => !p.alias);
      for (const page of pages) {
        const key = pageKey(page);
        if (GENERIC_PAGES.includes(key) || GENERIC_PAGES.includes(ENGINE_KEY.get((page as PageRoute).module) ?? ""))
          continue;
        expect(listed[key]?.length ?? 0, `${type.key} ${key}: list its API calls in tabCalls()`).toBeGreaterThan(0);
      }
      expect(
        Object.keys(listed).filter((k) => !pages.some((p) => pageKey(p) === k)),
        `${type.key}: calls of pages the registry does not build`,
      ).toEqual([]);
    }
  });

  for (const call of CALLS) {
    it(`${call.method} ${call.path({ item: 0, row: 0, sub: 0 }).replace(/\/0\//g, "/{id}/")} (${call.label}) [${call.flag}]`, async () => {
      const failures: string[] = [];
      const check = async (label: string, run: () => Promise<void>) => {
        checks++;
        try {
          await run();
        } catch (e) {
          failures.push(`${label}: ${(e as Error).message.split("\n")[0]}`);
        }
      };
      const referenceItem = call.type && call.item ? ((await firstId(observer(), call.type)) ?? 0) : 0;
      if (call.item && !referenceItem) throw new Error(`${call.label}: no ${call.type!.key} in the demo data`);
      const guard = call.also?.length ? [call.flag, ...call.also] : call.flag;
      const staff = refusedStaff(accounts, guard, call.near);
      const refused = [
        ...new Map([...outsidersOf(accounts), ...staff].map((a) => [a.username, byName(a.username)])).values(),
      ];

      /** A refused call about an item the account itself sees (so a missing guard would write), else the reference one. */
      const refusal = async (label: string, who: Account | null, status: number) => {
        await check(label, async () => {
          const own = who && call.item ? await firstId(who, call.type!) : null;
          const ids = await idsOn(call, own ?? referenceItem);
          const body = call.body ? await call.body(who ?? observer(), ids) : undefined;
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
      for (const holder of holding(accounts, guard) as AccountFlags[]) {
        const who = byName(holder.username);
        let item = 0;
        if (call.fresh) {
          const made = await observer().client.post(`/api/${call.type!.api}`, await sample(call.type!, who.answer));
          expect(made.status, JSON.stringify(made.body)).toBe(201);
          item = made.body.id;
        } else if (call.item) {
          const id = await firstId(who, call.type!);
          if (!id) continue;
          item = id;
        }
        await check(`${who.username} (with ${call.flag}) → 2xx`, async () => {
          const ids = await idsOn(call, item);
          const body = call.body ? await call.body(who, ids) : undefined;
          const before = call.writes ? await rowCount(call.writes.table) : null;
          const res = await send(who.client, call, ids, body);
          expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBeGreaterThanOrEqual(200);
          expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBeLessThan(300);
          if (call.writes) {
            const { table, delta } = call.writes;
            expect(await rowCount(table), `${table} rows after the call`).toBe(before! + delta);
          }
        });
        done = true;
        break;
      }
      if (!done)
        failures.push(`no account holding ${call.flag} has a ${call.type?.key ?? "target"} in its scope to call with`);
      expect(failures).toEqual([]);
    });
  }
});

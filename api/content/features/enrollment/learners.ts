import { isIgnoredFilterValue } from "../../../../contract/list-query";
import { z } from "../../../../contract/zod";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type RawBuilder, type SqlBool } from "kysely";
import {
  ADDED_BY,
  PROGRESS_GROUPS,
  type ProgressAction,
  PROGRESS_SETS,
  allowedTransitions,
  progressGroupOf,
  type AddMethod,
  type AddedBy,
  type ProgressGroup,
  type ProgressSet,
  type ProgressStatus,
  type TransitionKind,
} from "../../../../contract/codes";
import { DICTIONARIES } from "../../../../contract/i18n/index";
import type { FieldErrors, Paged } from "../../../../contract/http";
import { MSG } from "../../../../contract/messages";
import {
  LEARNER_DEFAULT_ORDERING,
  addMethodField,
  bulkProgressSchema,
  enrollSchema,
  exportQuerySchema,
  learnerQuerySchema,
  progressChangeSchema,
  type EnrollAnswer,
  type EnrollCandidates,
  type EnrollmentRow,
  type ImportAnswer,
  type ProgressHistoryAnswer,
  type ProgressLogRow,
} from "../../../../contract/schemas/enrollment";
import type { ContentDefinition } from "../../definition";
import { contentAccess, type ContentRef } from "../../ref";
import type { Db } from "../../../db/index";
import type { ApiContext } from "../../../http/context";
import { badRequest, fieldErrors, notFound, parseChanges, parseInput } from "../../../http/errors";
import { parseOrdering, tieDirection, type OrderTerm } from "../../../http/ordering";
import { paginate, readPageQuery } from "../../../http/paging";
import { configValues } from "../../../system/config-store";
import { MAX_DB_ID, fromResource, idFilterValue, inTransaction, likePattern } from "../../../engine/crud";
import { bulkApply, bulkPreview, changeProgress, enrollAccounts, resolveCandidates, seatsOf } from "./service";
import { organisationToday } from "../../../auth/membership";
import { readImportTable, readTableUpload } from "./import-file";
import { localTime, sendTable, type ExportCell, type ExportColumn } from "../../../engine/table-export";

/**
 * Learners and progress of a content (issue 6 items 5–7; spec 001 §4; docs/decisions/013), mounted
 * per content type (api/content/mount.ts), under dashboard/{path}/{id}/:
 * - GET learner/ and progress/: the paged enrollments (search on name, username, email; filters
 *   status_group, status_set, status; ordering) — flag learner, resp. progress.
 * - GET enroll/account/ (?search, ?id_list, paged): active accounts to pick from, each with
 *   is_enrolled, and the content's seats — flag learner.
 * - POST enroll/ {account_list | department_list (+ include_sub_department) | group_list} and
 *   POST enroll/import/ (multipart `file`, csv or xlsx): per-account / per-row results, the
 *   content's capacity applied (docs/decisions/017), each with the add method chosen
 *   (`add_method`: enrolled 0, assigned 1, auto_assigned 2; R149, docs/decisions/074) — flag learner.
 * - PATCH progress/{enrollmentId}/ {status}; POST progress/bulk/ {target, preview?, enrollment_list?};
 *   GET progress/{enrollmentId}/history/ (paged, newest first) — flag progress. Every change is
 *   logged in its transaction (docs/decisions/017). Manual changes follow the content type's row
 *   of the transition table.
 * - GET learner/export/ and progress/export/ ?format_type=xlsx|csv, streamed — flag export.
 * Every call also needs to see the content (view flag or scope), else 403 / 404.
 */

/** The query keys of the list, with ignored values ("", "null", "all") dropped (spec 002 §5). */
function listFilters(req: FastifyRequest) {
  const raw = Object.fromEntries(
    Object.entries((req.query ?? {}) as Record<string, unknown>).filter(
      ([, v]) => typeof v === "string" && !isIgnoredFilterValue(v),
    ),
  );
  const errors: FieldErrors = {};
  const parsed = learnerQuerySchema.safeParse(raw);
  if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error));
  const page = readPageQuery(req);
  const order = parseOrdering(page.ordering, ORDERING, LEARNER_DEFAULT_ORDERING);
  if (!order) errors.ordering = [MSG.invalid_choice];
  if (Object.keys(errors).length) throw badRequest(errors);
  return { page, filters: parsed.data!, order: order! };
}

const ORDERING: Record<string, RawBuilder<unknown>[]> = {
  name: [sql`lower(a.first_name)`, sql`lower(a.last_name)`],
  username: [sql`lower(a.username)`],
  email: [sql`lower(a.email)`],
  status: [sql`e.status`],
  datetime_enroll: [sql`e.datetime_enroll`],
  datetime_start: [sql`e.datetime_start`],
  datetime_complete: [sql`e.datetime_complete`],
  datetime_update: [sql`e.datetime_update`],
};

/** A selectable set also finds 31 wherever it names 30: both are completed (docs/decisions/013). */
const setStatuses = (set: ProgressSet): number[] => {
  const list: number[] = [...PROGRESS_SETS[set]];
  return list.includes(30) ? [...list, 31] : list;
};

type Filters = { search?: string; status_group?: ProgressGroup; status_set?: string; status?: ProgressStatus };

/** The enrollments of a content with their account and department, filtered and ordered. */
function enrollmentQuery(db: Db, ref: ContentRef, f: Filters, order: readonly OrderTerm[]) {
  let q = db
    .selectFrom("content_enrollment as e")
    .innerJoin("account as a", "a.id", "e.account_id")
    .leftJoin("department as d", "d.id", "a.department_id")
    .where("e.content_type_id", "=", ref.contentTypeId)
    .where("e.content_id", "=", ref.contentId);
  if (f.status_group) q = q.where("e.status", "in", [...PROGRESS_GROUPS[f.status_group]]);
  if (f.status_set) q = q.where("e.status", "in", setStatuses(f.status_set as ProgressSet));
  if (f.status !== undefined) q = q.where("e.status", "=", f.status);
  if (f.search) {
    const p = likePattern(f.search);
    q = q.where(
      sql<SqlBool>`(lower(a.username) like ${p} escape '\\' or lower(a.email) like ${p} escape '\\' or lower(a.first_name || ' ' || a.last_name) like ${p} escape '\\')`,
    );
  }
  let selected = q.select([
    "e.id",
    "e.status",
    "e.add_method",
    "e.added_by",
    "e.datetime_enroll",
    "e.datetime_start",
    "e.datetime_complete",
    "e.datetime_update",
    "a.id as account_id",
    "a.username",
    "a.email",
    "a.first_name",
    "a.last_name",
    "d.id as department_id",
    "d.name as department_name",
  ]);
  for (const o of order) selected = selected.orderBy(o.expr, o.desc ? "desc" : "asc");
  return selected.orderBy("e.id", tieDirection(order));
}
type RawRow = Awaited<ReturnType<ReturnType<typeof enrollmentQuery>["execute"]>>[number];

const present = (r: RawRow, kind: TransitionKind): EnrollmentRow => ({
  id: r.id,
  account: {
    id: r.account_id,
    username: r.username,
    email: r.email,
    first_name: r.first_name,
    last_name: r.last_name,
    department: r.department_id === null ? null : { id: r.department_id, name: r.department_name ?? "" },
  },
  status: r.status as ProgressStatus,
  status_group: progressGroupOf(r.status),
  add_method: r.add_method as AddMethod,
  added_by: r.added_by as AddedBy,
  datetime_enroll: r.datetime_enroll,
  datetime_start: r.datetime_start,
  datetime_complete: r.datetime_complete,
  datetime_update: r.datetime_update,
  allowed_status: [...allowedTransitions(kind, r.status)],
});

/** All matching rows, a chunk at a time (for the streamed exports). */
async function* allRows(db: Db, ref: ContentRef, f: Filters, order: readonly OrderTerm[]) {
  const size = 1000;
  for (let offset = 0; ; offset += size) {
    const rows = await enrollmentQuery(db, ref, f, order).limit(size).offset(offset).execute();
    for (const r of rows) yield r;
    if (rows.length < size) return;
  }
}

/** The text of a dictionary key in the requester's language. */
export function translator(language: string | undefined) {
  const dict = DICTIONARIES[language === "th" ? "th" : "en"];
  return (key: string) => dict[key] ?? DICTIONARIES.en[key] ?? key;
}

/** The learner, enrol and progress calls of a content type (its overall pages). */
export function learnerRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) {
  const { db } = ctx;
  const { resource, transitions } = def;
  const ITEM = `/dashboard/${resource.path}/:id(^\\d{1,12})`;
  const access = (req: FastifyRequest, action: "learner" | "progress" | "export") =>
    contentAccess(req, db, resource, action);
  // The item's row of the transition table: the type's, or the item's own (a live's, by its type).
  const kindOf = async (ref: ContentRef) => (def.transitionsOf ? def.transitionsOf(db, ref.contentId) : transitions);
  const rowsOf = async (ref: ContentRef) => {
    const kind = await kindOf(ref);
    return (r: RawRow) => present(r, kind);
  };

  const list =
    (action: "learner" | "progress") =>
    async (req: FastifyRequest): Promise<Paged<EnrollmentRow>> => {
      const { ref } = await access(req, action);
      const { page, filters, order } = listFilters(req);
      const answer = await paginate(req, enrollmentQuery(db, ref, { ...filters, search: page.search }, order), page);
      return { ...answer, results: answer.results.map(await rowsOf(ref)) };
    };
  app.get(`${ITEM}/learner/`, list("learner"));
  app.get(`${ITEM}/progress/`, list("progress"));

  // Accounts to choose from when enrolling by learner list: paged (search to narrow it), or the
  // ones named by `id_list` (the picks the enrol page carries across searches).
  app.get(`${ITEM}/enroll/account/`, async (req): Promise<EnrollCandidates> => {
    const { ref } = await access(req, "learner");
    const page = readPageQuery(req);
    let q = db
      .selectFrom("account as a")
      .leftJoin("department as d", "d.id", "a.department_id")
      .where("a.is_active", "=", 1);
    if (page.id_list !== undefined)
      q = q.where(
        "a.id",
        "in",
        page.id_list
          .split(",")
          .map(Number)
          .filter((n) => n <= MAX_DB_ID)
          .concat(0),
      );
    if (page.search) {
      const p = likePattern(page.search);
      q = q.where(
        sql<SqlBool>`(lower(a.username) like ${p} escape '\\' or lower(a.email) like ${p} escape '\\' or lower(a.first_name || ' ' || a.last_name) like ${p} escape '\\')`,
      );
    }
    const query = q
      .select((eb) => [
        "a.id",
        "a.username",
        "a.email",
        "a.first_name",
        "a.last_name",
        "d.id as department_id",
        "d.name as department_name",
        eb
          .exists(
            eb
              .selectFrom("content_enrollment as e")
              .select("e.id")
              .whereRef("e.account_id", "=", "a.id")
              .where("e.content_type_id", "=", ref.contentTypeId)
              .where("e.content_id", "=", ref.contentId),
          )
          .as("is_enrolled"),
      ])
      .orderBy(sql`lower(a.username)`)
      .orderBy("a.id");
    const answer = await paginate(req, query, page);
    return {
      ...answer,
      results: answer.results.map((r) => ({
        id: r.id,
        username: r.username,
        email: r.email,
        first_name: r.first_name,
        last_name: r.last_name,
        department: r.department_id === null ? null : { id: r.department_id, name: r.department_name ?? "" },
        is_enrolled: Number(r.is_enrolled) === 1 || (r.is_enrolled as unknown) === true,
      })),
      seats: await seatsOf(db, ref),
    };
  });

  app.post(`${ITEM}/enroll/`, async (req): Promise<EnrollAnswer> => {
    const { ref, account } = await access(req, "learner");
    const input = parseInput(enrollSchema, req.body);
    const now = ctx.now();
    const today = await organisationToday(db, now);
    return inTransaction(db, resource, async (trx) => {
      const candidates = await resolveCandidates(trx, input, today);
      const found = candidates.filter((c) => c.found).map((c) => ({ account: c.account, added_by: c.added_by! }));
      const { outcome, seats } = await enrollAccounts(
        trx,
        resource,
        ref,
        found,
        { accountId: account.id, now },
        { addMethod: input.add_method },
      );
      const results = candidates.map((c) => ({
        account: c.account,
        username: c.username,
        added_by: c.added_by,
        result: c.found ? outcome.get(c.account)! : ("not_found" as const),
      }));
      const n = (r: string) => results.filter((x) => x.result === r).length;
      return {
        results,
        enrolled: n("enrolled"),
        waiting_list: n("waiting_list"),
        already_enrolled: n("already_enrolled"),
        full: n("full"),
        not_found: n("not_found"),
        seats,
      };
    });
  });

  app.post(`${ITEM}/enroll/import/`, async (req): Promise<ImportAnswer> => {
    const { ref, account } = await access(req, "learner");
    const { "file-size-limit": limit } = await configValues(db, ["file-size-limit"]);
    const upload = await readTableUpload(req, "file", Number(limit) || 10485760);
    // The add method chosen beside the file (R149, docs/decisions/074): enrolled unless said.
    const { add_method: addMethod } = parseInput(z.object({ add_method: addMethodField() }), {
      add_method: upload.fields.add_method,
    });
    const table = await readImportTable(upload);
    const now = ctx.now();
    // Look the identifiers up (case-insensitively), 500 at a time.
    const wanted = [...new Set(table.rows.map((r) => r.value.toLowerCase()).filter(Boolean))];
    const accounts = new Map<string, number>();
    const col = table.column === "username" ? sql.ref("username") : sql.ref("email");
    for (let i = 0; i < wanted.length; i += 500) {
      const part = wanted.slice(i, i + 500);
      const rows = await db
        .selectFrom("account")
        .select(["id", "username", "email"])
        .where(sql`lower(${col})`, "in", part)
        .where("is_active", "=", 1)
        .execute();
      for (const r of rows) accounts.set((table.column === "username" ? r.username : r.email).toLowerCase(), r.id);
    }
    const seen = new Set<number>();
    const results: ImportAnswer["results"] = table.rows.map(({ row, value }) => {
      if (!value) return { row, value, account: null, result: "missing_value", refused: true };
      const accountId = accounts.get(value.toLowerCase()) ?? null;
      if (accountId === null) return { row, value, account: null, result: "not_found", refused: true };
      if (seen.has(accountId)) return { row, value, account: accountId, result: "duplicate", refused: true };
      seen.add(accountId);
      return { row, value, account: accountId, result: "enrolled", refused: false };
    });
    // The whole valid part in one transaction, the capacity applied in file order; refused rows
    // (the full outcome included) write nothing.
    const { outcome, seats } = await inTransaction(db, resource, (trx) =>
      enrollAccounts(
        trx,
        resource,
        ref,
        results.filter((r) => !r.refused).map((r) => ({ account: r.account!, added_by: ADDED_BY.import_file })),
        { accountId: account.id, now },
        { addMethod },
      ),
    );
    for (const r of results) {
      if (r.refused) continue;
      r.result = outcome.get(r.account!)!;
      r.refused = r.result === "full";
    }
    const n = (x: string) => results.filter((r) => r.result === x).length;
    return {
      column: table.column,
      results,
      enrolled: n("enrolled"),
      waiting_list: n("waiting_list"),
      already_enrolled: n("already_enrolled"),
      refused: results.filter((r) => r.refused).length,
      seats,
    };
  });

  app.patch(`${ITEM}/progress/:enrollmentId(^\\d{1,12})/`, async (req) => {
    const { ref, account } = await access(req, "progress");
    const enrollmentId = idFilterValue((req.params as Record<string, string>).enrollmentId) ?? 0;
    const { status } = parseChanges(progressChangeSchema, req.body);
    const now = ctx.now();
    const kind = await kindOf(ref);
    await inTransaction(db, resource, async (trx) => {
      await changeProgress(trx, ref, enrollmentId, status, { accountId: account.id, now }, kind);
      await def.afterProgressChange?.(
        trx,
        ref,
        { enrollmentIds: [enrollmentId], to: status },
        { accountId: account.id, now },
      );
    });
    return (await rowsOf(ref))(
      await enrollmentQuery(db, ref, {}, []).where("e.id", "=", enrollmentId).executeTakeFirstOrThrow(),
    );
  });

  app.post(`${ITEM}/progress/bulk/`, async (req) => {
    const { ref, account } = await access(req, "progress");
    const input = parseInput(bulkProgressSchema, req.body);
    const ids = input.enrollment_list.length ? input.enrollment_list : null;
    // An item with its own row (a live) moves in bulk only along it; other types keep the spec's bulk rules alone.
    const row = def.transitionsOf ? await def.transitionsOf(db, ref.contentId) : null;
    if (input.preview) return bulkPreview(db, ref, input.target, ids, row);
    const now = ctx.now();
    const changed = await inTransaction(db, resource, async (trx) => {
      const applied = await bulkApply(trx, ref, input.target, ids, { accountId: account.id, now }, row);
      await def.afterProgressChange?.(
        trx,
        ref,
        { enrollmentIds: applied.ids, to: input.target },
        { accountId: account.id, now },
      );
      return applied.changed;
    });
    return { target: input.target, preview: false, changed };
  });

  // One learner's progress history, newest first (404 when the enrollment is not this content's).
  app.get(`${ITEM}/progress/:enrollmentId(^\\d{1,12})/history/`, async (req): Promise<ProgressHistoryAnswer> => {
    const { ref } = await access(req, "progress");
    const enrollmentId = idFilterValue((req.params as Record<string, string>).enrollmentId) ?? 0;
    const page = readPageQuery(req);
    const enrollment = await enrollmentQuery(db, ref, {}, []).where("e.id", "=", enrollmentId).executeTakeFirst();
    if (!enrollment) throw notFound();
    const query = db
      .selectFrom("content_progress_log as l")
      .innerJoin("content_enrollment as e", "e.id", "l.enrollment_id")
      .leftJoin("account as a", "a.id", "l.created_by")
      .select([
        "l.id",
        "l.from_status",
        "l.to_status",
        "l.action_type",
        "l.is_bulk",
        "l.datetime_create",
        "a.id as by_id",
        "a.username",
        "a.first_name",
        "a.last_name",
      ])
      .where("l.enrollment_id", "=", enrollmentId)
      .where("e.content_type_id", "=", ref.contentTypeId)
      .where("e.content_id", "=", ref.contentId)
      .orderBy("l.datetime_create", "desc")
      .orderBy("l.id", "desc");
    const answer = await paginate(req, query, page);
    const results: ProgressLogRow[] = answer.results.map((r) => ({
      id: r.id,
      from_status: r.from_status as ProgressStatus | null,
      to_status: r.to_status as ProgressStatus,
      action_type: r.action_type as ProgressAction,
      is_bulk: r.is_bulk === 1,
      by:
        r.by_id === null
          ? null
          : { id: r.by_id, username: r.username ?? "", first_name: r.first_name ?? "", last_name: r.last_name ?? "" },
      datetime_create: r.datetime_create,
    }));
    return { ...answer, results, enrollment: (await rowsOf(ref))(enrollment) };
  });

  const exporter =
    (kind: "learner" | "progress") => async (req: FastifyRequest, reply: Parameters<typeof sendTable>[0]) => {
      const { ref, account } = await access(req, "export");
      const { format_type: format } = parseInput(exportQuerySchema, req.query);
      const { page, filters, order } = listFilters(req);
      const search = page.search;
      const content = await fromResource(db, resource.table)
        .select("t.code")
        .where("t.id", "=", ref.contentId)
        .executeTakeFirstOrThrow();
      const { "time-zone-offset-minutes": offset } = await configValues(db, ["time-zone-offset-minutes"]);
      const t = translator(account.language);
      const at = (iso: string | null) => localTime(iso, Number(offset) || 0);
      const statusText = (s: number) => t(`progress_status_${s}`);
      const columns: ExportColumn[] =
        kind === "learner"
          ? [
              { header: t("export_col_no"), kind: "number", width: 6 },
              { header: t("export_col_username") },
              { header: t("export_col_first_name") },
              { header: t("export_col_last_name") },
              { header: t("export_col_email"), width: 32 },
              { header: t("export_col_department") },
              { header: t("export_col_status") },
              { header: t("export_col_status_code"), kind: "number" },
              { header: t("export_col_add_method") },
              { header: t("export_col_added_by") },
              { header: t("export_col_enrolled"), kind: "date" },
              { header: t("export_col_started"), kind: "date" },
              { header: t("export_col_completed"), kind: "date" },
            ]
          : [
              { header: t("export_col_no"), kind: "number", width: 6 },
              { header: t("export_col_username") },
              { header: t("export_col_full_name"), width: 32 },
              { header: t("export_col_email"), width: 32 },
              { header: t("export_col_status") },
              { header: t("export_col_status_code"), kind: "number" },
              { header: t("export_col_started"), kind: "date" },
              { header: t("export_col_completed"), kind: "date" },
              { header: t("export_col_updated"), kind: "date" },
            ];
      async function* rows(): AsyncGenerator<(ExportCell | Date)[]> {
        let n = 0;
        for await (const r of allRows(db, ref, { ...filters, search }, order)) {
          n++;
          yield kind === "learner"
            ? [
                n,
                r.username,
                r.first_name,
                r.last_name,
                r.email,
                r.department_name ?? "",
                statusText(r.status),
                r.status,
                t(`add_method_${r.add_method}`),
                t(`added_by_${r.added_by}`),
                at(r.datetime_enroll),
                at(r.datetime_start),
                at(r.datetime_complete),
              ]
            : [
                n,
                r.username,
                `${r.first_name} ${r.last_name}`,
                r.email,
                statusText(r.status),
                r.status,
                at(r.datetime_start),
                at(r.datetime_complete),
                at(r.datetime_update),
              ];
        }
      }
      const day = ctx.now().toISOString().slice(0, 10).replace(/-/g, "");
      return sendTable(reply, {
        format,
        filename: `${content.code}-${kind}-${day}`,
        sheetName: t(kind === "learner" ? "overall_learner" : "overall_progress"),
        columns,
        rows: rows(),
      });
    };
  app.get(`${ITEM}/learner/export/`, exporter("learner"));
  app.get(`${ITEM}/progress/export/`, exporter("progress"));
}

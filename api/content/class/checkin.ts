import type { FastifyInstance, FastifyRequest } from "fastify";
import { CHECKIN_LOG_ACTIONS, CHECKIN_SOURCE, CHECKIN_SOURCES } from "../../../contract/checkin-codes";
import type { FieldErrors } from "../../../contract/http";
import { MSG } from "../../../contract/messages";
import {
  classCheckinSchema,
  type CheckinLearnerRow,
  type CheckinLogRow,
  type CheckinSessionRow,
} from "../../../contract/schemas/class-checkin";
import type { Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { badRequest, notFound, parseInput } from "../../http/errors";
import { paginate, readPageQuery } from "../../http/paging";
import { itemId, writeTransaction } from "../../engine/crud";
import { accountName, activeEnrollments } from "../activity/shared";
import { learnerSearch } from "../activity/slots";
import { contentAccess, type ContentRef } from "../ref";
import { recordAttendance } from "./attendance";
import { reportRoutes } from "./checkin-report";
import { CHECKIN_BASE, learnerQuery, text } from "./checkin-query";
import { classResource, classWriteRefusal } from "./resource";

/**
 * A class's check-in (spec 001 §4, docs/decisions/042); a check-in point is a session:
 *   GET  class/{id}/checkin/              the sessions by start with enrolled / checked-in / checked-out counts (view)
 *   GET  class/{id}/checkin/{sessionid}/  the learners holding a seat with their attendance: paged,
 *        ?search, ?ordering (name, username, datetime_checkin, datetime_checkout); plus `session`, `check_in_type` (view)
 *   POST class/{id}/checkin/{sessionid}/  {enrollment_list, action: in|out} by hand, source 2 admin (progress) → {count};
 *        not before the session's check-in opens (400 cls_msg_checkin_not_open, docs/decisions/077)
 *   GET  class/{id}/checkin/log/          ?session ?source ?action, newest first, paged (view)
 *   GET  class/{id}/checkin/report/       the attendance report and its export (checkin-report.ts)
 * A cancelled class refuses the check-in (cls_msg_cancelled).
 */
const ITEM = `${CHECKIN_BASE}:sessionid(^\\d{1,12})/`;

const sessionColumns = [
  "s.id",
  "s.name",
  "s.date",
  "s.start_time",
  "s.end_time",
  "s.datetime_start",
  "s.datetime_end",
  "s.qr_version",
  "s.is_qr_code",
] as const;

/** The class's sessions with their counts (of learners holding a seat); `only` one of them. */
export async function checkinSessions(db: Db, ref: ContentRef, only?: number): Promise<CheckinSessionRow[]> {
  const seated = activeEnrollments(db, ref).select("e.id");
  const enrolled = Number(
    (
      await activeEnrollments(db, ref)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirst()
    )?.n ?? 0,
  );
  let q = db
    .selectFrom("class_session as s")
    .leftJoin("class_attendance as t", (j) => j.onRef("t.session_id", "=", "s.id").on("t.enrollment_id", "in", seated))
    .select(sessionColumns)
    .select((eb) => [
      eb.fn.count<number>("t.datetime_checkin").as("checked_in"),
      eb.fn.count<number>("t.datetime_checkout").as("checked_out"),
    ])
    .where("s.class_id", "=", ref.contentId)
    .groupBy(sessionColumns);
  if (only !== undefined) q = q.where("s.id", "=", only);
  const rows = await q.orderBy("s.datetime_start").orderBy("s.id").execute();
  return rows.map((r) => ({
    ...r,
    is_qr_code: r.is_qr_code === 1,
    enrolled,
    checked_in: Number(r.checked_in),
    checked_out: Number(r.checked_out),
  }));
}

export function checkinRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  reportRoutes(app, ctx);
  const sessionOf = async (req: FastifyRequest, ref: ContentRef) => {
    const [session] = await checkinSessions(db, ref, itemId(req, "sessionid"));
    if (!session) throw notFound();
    return session;
  };
  const checkInType = async (id: number) =>
    (await db.selectFrom("class").select("check_in_type").where("id", "=", id).executeTakeFirstOrThrow()).check_in_type;

  app.get(CHECKIN_BASE, async (req) => {
    const { ref } = await contentAccess(req, db, classResource, "view");
    const results = await checkinSessions(db, ref);
    return { results, count: results.length, page_size: results.length, next: null, page: 1 };
  });

  app.get(ITEM, async (req) => {
    const { id, ref } = await contentAccess(req, db, classResource, "view");
    const session = await sessionOf(req, ref);
    const { page, order } = learnerQuery(req);
    let query = activeEnrollments(db, ref)
      .leftJoin("class_attendance as t", (j) =>
        j.onRef("t.enrollment_id", "=", "e.id").on("t.session_id", "=", session.id),
      )
      .select([
        "e.id as enrollment_id",
        "e.status as enrollment_status",
        "a.id as account_id",
        "a.username",
        "a.first_name",
        "a.last_name",
      ])
      .select(["t.datetime_checkin", "t.checkin_source", "t.datetime_checkout", "t.checkout_source"]);
    if (page.search) query = query.where(learnerSearch(page.search));
    for (const o of order) query = query.orderBy(o.expr, o.desc ? "desc" : "asc");
    const result = await paginate(req, query.orderBy("e.id"), page);
    const results: CheckinLearnerRow[] = result.results.map((r) => ({
      enrollment_id: r.enrollment_id,
      account: accountName({
        id: r.account_id,
        username: r.username,
        first_name: r.first_name,
        last_name: r.last_name,
      }),
      enrollment_status: r.enrollment_status,
      datetime_checkin: r.datetime_checkin,
      checkin_source: r.checkin_source,
      datetime_checkout: r.datetime_checkout,
      checkout_source: r.checkout_source,
    }));
    return { ...result, results, session, check_in_type: await checkInType(id) };
  });

  app.post(ITEM, async (req) => {
    const { id, ref, account } = await contentAccess(req, db, classResource, "progress");
    const session = await sessionOf(req, ref);
    const refusal = await classWriteRefusal(db, id);
    if (refusal) throw refusal;
    const input = parseInput(classCheckinSchema, req.body, "top");
    const now = ctx.now();
    await writeTransaction(db, (trx) =>
      recordAttendance(trx, {
        classId: id,
        sessionId: session.id,
        enrollmentIds: input.enrollment_list,
        action: input.action,
        source: CHECKIN_SOURCE.admin,
        byAccountId: account.id,
        now,
      }),
    );
    return { count: input.enrollment_list.length };
  });

  app.get(`${CHECKIN_BASE}log/`, async (req) => {
    const { id } = await contentAccess(req, db, classResource, "view");
    const raw = (req.query ?? {}) as Record<string, unknown>;
    const errors: FieldErrors = {};
    const session = text(raw.session);
    if (session !== null && !/^\d{1,9}$/.test(session)) errors.session = [MSG.invalid_choice];
    const source = text(raw.source);
    if (source !== null && !(CHECKIN_SOURCES as readonly number[]).map(String).includes(source))
      errors.source = [MSG.invalid_choice];
    const action = text(raw.action);
    if (action !== null && !(CHECKIN_LOG_ACTIONS as readonly string[]).includes(action))
      errors.action = [MSG.invalid_choice];
    const page = readPageQuery(req);
    if (Object.keys(errors).length) throw badRequest(errors);
    let query = db
      .selectFrom("class_checkin_log as l")
      .leftJoin("class_session as s", "s.id", "l.session_id")
      .leftJoin("content_enrollment as e", "e.id", "l.enrollment_id")
      .leftJoin("account as a", "a.id", "e.account_id")
      .leftJoin("account as b", "b.id", "l.created_by")
      .select(["l.id", "l.action", "l.source", "l.datetime_create", "s.id as session_id", "s.name as session_name"])
      .select([
        "a.id as account_id",
        "a.username",
        "a.first_name",
        "a.last_name",
        "b.id as by_id",
        "b.first_name as by_first",
        "b.last_name as by_last",
        "b.username as by_username",
      ])
      .where("l.class_id", "=", id);
    if (session !== null) query = query.where("l.session_id", "=", Number(session));
    if (source !== null) query = query.where("l.source", "=", Number(source));
    if (action !== null) query = query.where("l.action", "=", action);
    if (page.search) query = query.where(learnerSearch(page.search));
    const result = await paginate(req, query.orderBy("l.datetime_create", "desc").orderBy("l.id", "desc"), page);
    const results: CheckinLogRow[] = result.results.map((r) => ({
      id: r.id,
      action: r.action as CheckinLogRow["action"],
      source: r.source,
      datetime_create: r.datetime_create,
      session: r.session_id === null ? null : { id: r.session_id, name: r.session_name ?? "" },
      account:
        r.account_id === null
          ? null
          : accountName({
              id: r.account_id,
              username: r.username ?? "",
              first_name: r.first_name ?? "",
              last_name: r.last_name ?? "",
            }),
      created_by:
        r.by_id === null
          ? null
          : { id: r.by_id, name: `${r.by_first ?? ""} ${r.by_last ?? ""}`.trim() || (r.by_username ?? "") },
    }));
    return { ...result, results };
  });
}

import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { CLASS_MSG, QR_HOLDER } from "../../../contract/class-codes";
import { CHECK_IN_TYPE, isAttended } from "../../../contract/checkin-codes";
import { MSG } from "../../../contract/messages";
import { staffScanSchema, type LearnerQrAnswer, type StaffScanAnswer } from "../../../contract/schemas/class-options";
import type { QrClass } from "../../../contract/schemas/class-qr";
import { requireUser } from "../../auth/permissions";
import { fromFlag, type Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { badRequest, forbidden, notFound, parseInput } from "../../http/errors";
import { itemId, writeTransaction, type Trx } from "../../engine/crud";
import { accountName, activeEnrollments } from "../activity/shared";
import { contentAccess, contentTypeId } from "../ref";
import { recordAttendance } from "./attendance";
import { classResource, classWriteRefusal } from "./resource";

/**
 * The class's check-in options at work (spec 001 §3/§4, docs/decisions/046):
 *  - qr_code_holder 1 (administrator, the default): staff hold the session's printed code and
 *    learners scan it (checkin-qr.ts). 0 (learner): each learner holds a personal code, staff scan
 *    it at the session — the session's sheet is then refused to a learner's scan.
 *  - is_user_check_in: learners may check themselves in by scanning; off, only staff do.
 *  - is_allow_change_qr: a session's code may be regenerated; off, the API refuses.
 *  - check_in_group 1: one check-in covers the day's sessions (attendance.ts).
 * Calls:
 *   GET  dashboard/class/{id}/checkin/learner-qr/          every seated learner's personal code (view)
 *   POST dashboard/class/{id}/checkin/{sessionid}/scan/    {code, source?} staff scan a learner's code (progress)
 *   GET  class/checkin/mine/?class=                        the signed-in learner's own code (the learner front)
 */
const BASE = "/dashboard/class/:id(^\\d{1,12})/checkin/";

export type ClassCheckinOptions = {
  qr_code_holder: number;
  is_user_check_in: boolean;
  is_allow_change_qr: boolean;
  check_in_group: number;
  check_in_type: number;
};

/** The class a sheet or a code names, with its check-in options. */
export async function qrClassOf(db: Db | Trx, id: number): Promise<QrClass> {
  const row = await db
    .selectFrom("class")
    .select([
      "id",
      "name",
      "code",
      "check_in_type",
      "datetime_cancel",
      "qr_code_holder",
      "is_user_check_in",
      "is_allow_change_qr",
    ])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    check_in_type: row.check_in_type,
    is_cancelled: row.datetime_cancel !== null,
    qr_code_holder: row.qr_code_holder,
    is_user_check_in: fromFlag(row.is_user_check_in),
    is_allow_change_qr: fromFlag(row.is_allow_change_qr),
  };
}

export async function checkinOptionsOf(q: Db | Trx, classId: number): Promise<ClassCheckinOptions> {
  const row = await q
    .selectFrom("class")
    .select(["qr_code_holder", "is_user_check_in", "is_allow_change_qr", "check_in_group", "check_in_type"])
    .where("id", "=", classId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return {
    ...row,
    is_user_check_in: fromFlag(row.is_user_check_in),
    is_allow_change_qr: fromFlag(row.is_allow_change_qr),
  };
}

/** Why a learner may not check themselves in by a session's code, or null: they may. */
export function selfCheckInRefusal(o: ClassCheckinOptions): string | null {
  if (o.qr_code_holder === QR_HOLDER.learner) return CLASS_MSG.qr_holder_learner;
  if (!o.is_user_check_in) return CLASS_MSG.user_check_in_off;
  return null;
}

// A personal code: `P{enrollmentId}.{sig}`, sig as a session code's, over another message so
// neither kind of code passes for the other.
const LEARNER_TOKEN = /^P(\d{1,12})\.([A-Za-z0-9_-]{22})$/;
const learnerSignature = (secret: string, enrollmentId: number) =>
  crypto.createHmac("sha256", secret).update(`class-learner:${enrollmentId}`).digest("base64url").slice(0, 22);
export const learnerQrToken = (secret: string, enrollmentId: number) =>
  `P${enrollmentId}.${learnerSignature(secret, enrollmentId)}`;

/** The enrollment a personal code names when its signature is right, else null. */
export function readLearnerToken(secret: string, token: string): number | null {
  const m = LEARNER_TOKEN.exec(token.trim());
  if (!m) return null;
  const id = Number(m[1]);
  const expected = Buffer.from(learnerSignature(secret, id));
  const given = Buffer.from(m[2]);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? id : null;
}

export function checkinOptionRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;

  app.get(`${BASE}learner-qr/`, async (req): Promise<LearnerQrAnswer> => {
    const { id, ref } = await contentAccess(req, db, classResource, "view");
    const rows = await activeEnrollments(db, ref)
      .select(["e.id", "a.id as account_id", "a.username", "a.first_name", "a.last_name"])
      .orderBy("a.first_name")
      .orderBy("a.last_name")
      .orderBy("e.id")
      .execute();
    return {
      class: await qrClassOf(db, id),
      results: rows.map((r) => ({
        enrollment_id: r.id,
        account: accountName({
          id: r.account_id,
          username: r.username,
          first_name: r.first_name,
          last_name: r.last_name,
        }),
        token: learnerQrToken(ctx.secret, r.id),
      })),
    };
  });

  app.get("/class/checkin/mine/", async (req) => {
    const account = requireUser(req);
    const raw = String(((req.query ?? {}) as Record<string, unknown>).class ?? "");
    if (!/^\d{1,9}$/.test(raw)) throw badRequest({ class: [MSG.invalid_choice] });
    const classId = Number(raw);
    const exists = await db.selectFrom("class").select("id").where("id", "=", classId).executeTakeFirst();
    if (!exists) throw notFound();
    const seat = await activeEnrollments(db, { contentTypeId: await contentTypeId(db, "class"), contentId: classId })
      .select("e.id")
      .where("e.account_id", "=", account.id)
      .executeTakeFirst();
    if (!seat) throw forbidden(MSG.no_permission_to_access_class);
    const options = await checkinOptionsOf(db, classId);
    if (options.qr_code_holder !== QR_HOLDER.learner) throw badRequest({ detail: CLASS_MSG.qr_holder_admin });
    return { class_id: classId, enrollment_id: seat.id, token: learnerQrToken(ctx.secret, seat.id) };
  });

  app.post(`${BASE}:sessionid(^\\d{1,12})/scan/`, async (req): Promise<StaffScanAnswer> => {
    const { id, ref, account } = await contentAccess(req, db, classResource, "progress");
    const sessionId = itemId(req, "sessionid");
    const session = await db
      .selectFrom("class_session")
      .select(["id", "is_qr_code"])
      .where("id", "=", sessionId)
      .where("class_id", "=", id)
      .executeTakeFirst();
    if (!session) throw notFound();
    const input = parseInput(staffScanSchema, req.body);
    // A session checked in by hand only (its schedule's is_qr_code off, docs/decisions/077) takes no codes.
    if (session.is_qr_code !== 1) throw badRequest({ code: [CLASS_MSG.session_no_qr] });
    const now = ctx.now();
    return writeTransaction(db, async (trx) => {
      const refusal = await classWriteRefusal(trx, id);
      if (refusal) throw refusal;
      const options = await checkinOptionsOf(trx, id);
      // The administrator holds the code: learners scan the session's sheet, staff do not scan learners.
      if (options.qr_code_holder !== QR_HOLDER.learner) throw badRequest({ code: [CLASS_MSG.qr_holder_admin] });
      const enrollmentId = readLearnerToken(ctx.secret, input.code);
      const learner =
        enrollmentId === null
          ? undefined
          : await activeEnrollments(trx, ref)
              .select(["e.id", "a.id as account_id", "a.username", "a.first_name", "a.last_name"])
              .where("e.id", "=", enrollmentId)
              .executeTakeFirst();
      // A forged code, another class's learner's, or one no longer holding a seat.
      if (!learner) throw badRequest({ code: [MSG.qr_code_expired_or_invalid] });
      const who = accountName({
        id: learner.account_id,
        username: learner.username,
        first_name: learner.first_name,
        last_name: learner.last_name,
      });
      const row = await trx
        .selectFrom("class_attendance")
        .select(["datetime_checkin", "datetime_checkout"])
        .where("session_id", "=", sessionId)
        .where("enrollment_id", "=", learner.id)
        .executeTakeFirst();
      const withOut = options.check_in_type === CHECK_IN_TYPE.checkin_checkout;
      const action = !row?.datetime_checkin ? "in" : withOut && !isAttended(row, options.check_in_type) ? "out" : null;
      if (!action) return { enrollment_id: learner.id, account: who, action: null, already: true };
      await recordAttendance(trx, {
        classId: id,
        sessionId,
        enrollmentIds: [learner.id],
        action,
        source: input.source,
        byAccountId: account.id,
        now,
      });
      return { enrollment_id: learner.id, account: who, action, already: false };
    });
  });
}

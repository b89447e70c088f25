import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import { CHECK_IN_TYPE, checkinWindow, isAttended } from "../../../contract/checkin-codes";
import { CLASS_MSG } from "../../../contract/class-codes";
import { MSG } from "../../../contract/messages";
import {
  qrScanSchema,
  type QrAttendance,
  type QrCheckinAnswer,
  type QrScanAnswer,
  type QrSheet,
  type QrWindowRefusal,
} from "../../../contract/schemas/class-qr";
import { requireUser } from "../../auth/permissions";
import type { Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { badRequest, forbidden, notFound, parseInput } from "../../http/errors";
import { itemId, touch, writeTransaction, type Trx } from "../../engine/crud";
import { activeEnrollments } from "../activity/shared";
import { contentAccess, contentTypeId } from "../ref";
import { recordAttendance } from "./attendance";
import { checkinOptionsOf, qrClassOf, selfCheckInRefusal } from "./checkin-options";
import { classResource, classWriteRefusal } from "./resource";
import { sessionsOf } from "./sessions";

/**
 * A session's check-in QR code (docs/decisions/042 "QR code"). The code is a token
 * `{sessionId}.{qr_version}.{sig}`, sig = the first 22 characters of base64url
 * HMAC-SHA256(secret, "class-checkin:{sessionId}:{qr_version}"): nobody can make one for another
 * session, and regenerating (qr_version + 1) kills every printed copy of the old one.
 *   GET  dashboard/class/{id}/checkin/qr/              every session's sheet (view)
 *   GET  dashboard/class/{id}/checkin/{sessionid}/qr/  one session's sheet (view)
 *   POST dashboard/class/{id}/checkin/{sessionid}/qr/  regenerate (change; not a cancelled class)
 *   GET  class/checkin/?code=   what the learner's page shows (any signed-in account)
 *   POST class/checkin/ {code, source?}   the scan: checks in, then (check-in type 1) out, then
 *        answers {already: true} and writes nothing — a code checks a learner in exactly once.
 * A code is good while it is the session's current version, the class is not cancelled and the
 * session is checked in by QR code (`is_qr_code`, else 400 cls_msg_session_no_qr); otherwise 400
 * qr_code_expired_or_invalid. Outside its session's check-in window (contract checkinWindow: an
 * hour before it starts to an hour after it ends) a good code is 400 cls_msg_checkin_not_open or
 * cls_msg_checkin_closed naming the session and the window (QrWindowRefusal), so the page can
 * say when to come back (docs/decisions/077). A signed-in account not holding a seat in the class:
 * 403 no_permission_to_access_class. A session that is not checked in by QR code has no sheet.
 */
const BASE = "/dashboard/class/:id(^\\d{1,12})/checkin/";
const SHEET = `${BASE}:sessionid(^\\d{1,12})/qr/`;

const TOKEN = /^(\d{1,12})\.(\d{1,9})\.([A-Za-z0-9_-]{22})$/;
const signature = (secret: string, sessionId: number, version: number) =>
  crypto.createHmac("sha256", secret).update(`class-checkin:${sessionId}:${version}`).digest("base64url").slice(0, 22);

/** The token of a session's code at `version`. */
export const qrToken = (secret: string, sessionId: number, version: number) =>
  `${sessionId}.${version}.${signature(secret, sessionId, version)}`;

/** The session and version a token names when its signature is right (compared in constant time), else null. */
export function readQrToken(secret: string, token: string): { sessionId: number; version: number } | null {
  const m = TOKEN.exec(token.trim());
  if (!m) return null;
  const sessionId = Number(m[1]);
  const version = Number(m[2]);
  const expected = Buffer.from(signature(secret, sessionId, version));
  const given = Buffer.from(m[3]);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected) ? { sessionId, version } : null;
}

const invalid = () => badRequest({ detail: MSG.qr_code_expired_or_invalid });

/** The sheets of a class's sessions checked in by QR code (`only` one of them; 404 when it is not the class's, or has no code). */
async function sheets(ctx: ApiContext, classId: number, only?: number): Promise<QrSheet[]> {
  const sessions = (await sessionsOf(ctx.db, classId, only)).filter((s) => s.is_qr_code);
  if (only !== undefined && !sessions.length) throw notFound();
  const ids = sessions.map((s) => s.id);
  const versions = ids.length
    ? await ctx.db
        .selectFrom("class_session")
        .select(["id", "qr_version", "datetime_qr"])
        .where("id", "in", ids)
        .execute()
    : [];
  return sessions.map((session) => {
    const v = versions.find((r) => r.id === session.id)!;
    return {
      token: qrToken(ctx.secret, session.id, v.qr_version),
      qr_version: v.qr_version,
      datetime_qr: v.datetime_qr,
      session,
    };
  });
}

/**
 * What a code stands for, checked: its signature, the session's current version, a class not
 * cancelled, the time window at `now` (else 400); then the account's seat in the class (else 403).
 */
async function checkedCode(q: Db | Trx, secret: string, code: unknown, accountId: number, now: Date) {
  const named = typeof code === "string" ? readQrToken(secret, code) : null;
  if (!named) throw invalid();
  const session = await q
    .selectFrom("class_session as s")
    .innerJoin("class as c", "c.id", "s.class_id")
    .select([
      "s.id",
      "s.class_id",
      "s.name",
      "s.date",
      "s.start_time",
      "s.end_time",
      "s.datetime_start",
      "s.datetime_end",
      "s.qr_version",
      "s.is_qr_code",
      "s.location_id",
      "s.room_id",
      "c.datetime_cancel",
    ])
    .where("s.id", "=", named.sessionId)
    .executeTakeFirst();
  if (!session || session.qr_version !== named.version || session.datetime_cancel !== null) throw invalid();
  if (session.is_qr_code !== 1) throw badRequest({ detail: CLASS_MSG.session_no_qr });
  const span = checkinWindow(session);
  const at = now.toISOString();
  if (at < span.opens || at > span.closes) {
    const refusal: QrWindowRefusal = {
      detail: at < span.opens ? CLASS_MSG.checkin_not_open : CLASS_MSG.checkin_closed,
      session: {
        id: session.id,
        name: session.name,
        date: session.date,
        start_time: session.start_time,
        end_time: session.end_time,
      },
      ...span,
    };
    throw badRequest(refusal);
  }
  const seat = await activeEnrollments(q, {
    contentTypeId: await contentTypeId(q, "class"),
    contentId: session.class_id,
  })
    .select("e.id")
    .where("e.account_id", "=", accountId)
    .executeTakeFirst();
  if (!seat) throw forbidden(MSG.no_permission_to_access_class);
  // The class's options (docs/decisions/046): learners hold personal codes, or may not check themselves in.
  const refusal = selfCheckInRefusal(await checkinOptionsOf(q, session.class_id));
  if (refusal) throw badRequest({ detail: refusal });
  return { session, enrollmentId: seat.id };
}

type Checked = Awaited<ReturnType<typeof checkedCode>>;

/** The learner's page: the class, the session with its place, their attendance and what a scan would do now. */
async function answerOf(q: Db | Trx, { session, enrollmentId }: Checked): Promise<QrCheckinAnswer> {
  const klass = await qrClassOf(q, session.class_id);
  const place = async (table: "location" | "room", id: number | null) =>
    id === null
      ? null
      : ((await q.selectFrom(table).select(["id", "name"]).where("id", "=", id).executeTakeFirst()) ?? null);
  const row = await q
    .selectFrom("class_attendance")
    .select(["datetime_checkin", "checkin_source", "datetime_checkout", "checkout_source"])
    .where("session_id", "=", session.id)
    .where("enrollment_id", "=", enrollmentId)
    .executeTakeFirst();
  const attendance: QrAttendance | null = row?.datetime_checkin ? row : null;
  const withOut = klass.check_in_type === CHECK_IN_TYPE.checkin_checkout;
  const next_action = !attendance ? "in" : withOut && !isAttended(attendance, klass.check_in_type) ? "out" : null;
  const [location, room] = await Promise.all([place("location", session.location_id), place("room", session.room_id)]);
  return {
    class: { id: klass.id, name: klass.name, code: klass.code, check_in_type: klass.check_in_type },
    session: {
      id: session.id,
      name: session.name,
      date: session.date,
      start_time: session.start_time,
      end_time: session.end_time,
      location,
      room,
    },
    attendance,
    next_action,
  };
}

export function checkinQrRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;

  app.get(`${BASE}qr/`, async (req) => {
    const { id } = await contentAccess(req, db, classResource, "view");
    return { class: await qrClassOf(db, id), results: await sheets(ctx, id) };
  });

  app.get(SHEET, async (req) => {
    const { id } = await contentAccess(req, db, classResource, "view");
    const [sheet] = await sheets(ctx, id, itemId(req, "sessionid"));
    return { ...sheet, class: await qrClassOf(db, id) };
  });

  app.post(SHEET, async (req) => {
    const { id } = await contentAccess(req, db, classResource, "change");
    const sessionId = itemId(req, "sessionid");
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      const refusal = await classWriteRefusal(trx, id);
      if (refusal) throw refusal;
      // "Allow change QR" off: printed codes stay good for the class's life (docs/decisions/046).
      if (!(await checkinOptionsOf(trx, id)).is_allow_change_qr) throw badRequest({ detail: CLASS_MSG.qr_change_off });
      const done = await trx
        .updateTable("class_session")
        .set((eb) => ({ qr_version: eb("qr_version", "+", 1), datetime_qr: now.toISOString() }))
        .where("id", "=", sessionId)
        .where("class_id", "=", id)
        // A session checked in by hand only has no code to replace.
        .where("is_qr_code", "=", 1)
        .executeTakeFirst();
      if (!Number(done.numUpdatedRows)) throw notFound();
      await touch(trx, classResource, id, now);
    });
    const [sheet] = await sheets(ctx, id, sessionId);
    return { ...sheet, class: await qrClassOf(db, id) };
  });

  app.get("/class/checkin/", async (req) => {
    const account = requireUser(req);
    const code = ((req.query ?? {}) as Record<string, unknown>).code;
    return answerOf(db, await checkedCode(db, ctx.secret, code, account.id, ctx.now()));
  });

  app.post("/class/checkin/", async (req): Promise<QrScanAnswer> => {
    const account = requireUser(req);
    const now = ctx.now();
    // Checked before the body's shape: a bad code says so whatever else is wrong.
    const body = (req.body ?? {}) as Record<string, unknown>;
    await checkedCode(db, ctx.secret, body.code, account.id, now);
    const input = parseInput(qrScanSchema, body);
    return writeTransaction(db, async (trx) => {
      // Read again inside the transaction: a regenerate or a second scan may have come between.
      const checked = await checkedCode(trx, ctx.secret, input.code, account.id, now);
      // Two scans of one learner at once: the second waits on this row lock (PostgreSQL; SQLite runs
      // one transaction at a time) and then finds the first one's check-in, so it writes nothing.
      await trx
        .updateTable("content_enrollment")
        .set((eb) => ({ datetime_update: eb.ref("datetime_update") }))
        .where("id", "=", checked.enrollmentId)
        .execute();
      const before = await answerOf(trx, checked);
      const action = before.next_action;
      if (!action) return { ...before, action: null, already: true };
      await recordAttendance(trx, {
        classId: checked.session.class_id,
        sessionId: checked.session.id,
        enrollmentIds: [checked.enrollmentId],
        action,
        source: input.source,
        byAccountId: account.id,
        now,
      });
      return { ...(await answerOf(trx, checked)), action, already: false };
    });
  });
}

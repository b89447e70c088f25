import type { FastifyInstance, FastifyRequest } from "fastify";
import type { LoginAsEndReason } from "../../contract/schemas/login-as";
import type { Db } from "../db/index";
import type { AccountRow } from "../http/context";

/**
 * Login as, on the session's side (docs/decisions/033). A session acting as someone keeps its
 * own account (the administrator's) and names a login_as row; each request of it is then the
 * target's (`req.account`, so every permission check sees the target's flags), with the
 * administrator beside it (`req.loginAs`). The acting ends by itself at its expiry: the request
 * that notices is the administrator's again.
 */

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Paths are short; a longer one is cut rather than refused (the write has been made already). */
const PATH_MAX = 500;

export type Acting = { target: AccountRow; loginAs: NonNullable<FastifyRequest["loginAs"]> };

/**
 * End an acting and free the session holding it, in one transaction. Only the first end counts
 * (two requests noticing the expiry at once record it once).
 */
export async function endLoginAs(db: Db, id: number, reason: LoginAsEndReason, at: Date) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("login_as")
      .set({ datetime_end: at.toISOString(), end_reason: reason })
      .where("id", "=", id)
      .where("datetime_end", "is", null)
      .execute();
    await trx.updateTable("session").set({ login_as_id: null }).where("login_as_id", "=", id).execute();
  });
}

/** When an acting that ends now ended: now, or its expiry if that came first (a session may be noticed late). */
const endedAt = (expire: string, now: Date) => new Date(Math.min(now.getTime(), Date.parse(expire)));

/**
 * The account a session's request acts as, or null when the acting is over: ended here when its
 * time ran out (`expired`, at its expiry) or its target was deactivated (`account_inactive`).
 */
export async function resumeLoginAs(
  db: Db,
  logId: number,
  administrator: AccountRow,
  now: Date,
): Promise<Acting | null> {
  const row = await db
    .selectFrom("login_as as l")
    .innerJoin("account as a", "a.id", "l.account_id")
    .selectAll("a")
    .select(["l.datetime_expire as login_as_expire", "l.datetime_end as login_as_end"])
    .where("l.id", "=", logId)
    .executeTakeFirst();
  if (!row || row.login_as_end !== null) {
    await db.updateTable("session").set({ login_as_id: null }).where("login_as_id", "=", logId).execute();
    return null;
  }
  const { login_as_expire: expire, login_as_end: _end, ...target } = row;
  if (Date.parse(expire) <= now.getTime()) {
    await endLoginAs(db, logId, "expired", endedAt(expire, now));
    return null;
  }
  if (target.is_active !== 1) {
    await endLoginAs(db, logId, "account_inactive", now);
    return null;
  }
  return { target: target as AccountRow, loginAs: { id: logId, administrator, datetime_expire: expire } };
}

/** A session that dies while acting ends its acting with it. */
export async function endWithSession(db: Db, logId: number, reason: "logout" | "session_end", now: Date) {
  const row = await db.selectFrom("login_as").select("datetime_expire").where("id", "=", logId).executeTakeFirst();
  if (row) await endLoginAs(db, logId, reason, endedAt(row.datetime_expire, now));
}

/**
 * Every write a request makes while acting is recorded with its log row (both accounts), method,
 * path and status. Only writes that went through: a refused request changed nothing, and the
 * API's rule that a refusal writes nothing holds while acting too. Recorded before the answer
 * leaves (onSend), so whoever reads the log after the answer finds the write there.
 */
/** The fields of an answer that name the row it is, first found first (a user: its names). */
const NAMING = ["name", "title", "topic", "name_bp", "username"] as const;
const NAME_MAX = 200;
const FIELDS_MAX = 50;

/**
 * What a write changed, as the log shows it (issue 33 §15, docs/decisions/079): the name of the
 * row its JSON answer names (a user by first and last name), and the names of the fields its JSON
 * body sent — never their values (a password is a field too). Null each when there is none (a
 * delete answers nothing; an upload sends no JSON).
 */
export function whatChanged(body: unknown, payload: unknown): { target_name: string | null; fields: string | null } {
  const fields = body && typeof body === "object" && !Array.isArray(body) ? Object.keys(body).slice(0, FIELDS_MAX) : [];
  let answer: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = typeof payload === "string" && payload.startsWith("{") ? JSON.parse(payload) : null;
    if (parsed && typeof parsed === "object") answer = parsed as Record<string, unknown>;
  } catch {
    answer = null;
  }
  const person =
    answer && typeof answer.first_name === "string" ? `${answer.first_name} ${answer.last_name ?? ""}`.trim() : "";
  const named = answer
    ? NAMING.map((k) => answer[k]).find((v): v is string => typeof v === "string" && v.trim() !== "")
    : undefined;
  const name = (person || named || "").slice(0, NAME_MAX);
  return { target_name: name || null, fields: fields.length ? JSON.stringify(fields) : null };
}

export function installLoginAsAudit(app: FastifyInstance, db: Db, now: () => Date) {
  app.addHook("onSend", async (req, reply, payload) => {
    const acting = req.loginAs;
    if (!acting || !WRITES.has(req.method) || reply.statusCode >= 400) return payload;
    try {
      await db
        .insertInto("login_as_write")
        .values({
          login_as_id: acting.id,
          method: req.method,
          path: req.url.split("?")[0].slice(0, PATH_MAX),
          status: reply.statusCode,
          datetime_create: now().toISOString(),
          ...whatChanged(req.body, payload),
        })
        .execute();
    } catch (err) {
      // The write itself is done: failing its answer now would only hide that it happened.
      req.log.error({ err }, "login-as write not recorded");
    }
    return payload;
  });
}

import { sql, type SqlBool } from "kysely";
import {
  CLASS_MSG,
  CLASS_STATUS,
  CLASS_STATUS_CODES,
  deriveClassStatus,
  type ClassStatus,
} from "../../../contract/class-codes";
import type { Class, ClassRow } from "../../../contract/schemas/class";
import { fromFlag, toFlag, type Db } from "../../db/index";
import { ApiError, badRequest } from "../../http/errors";
import { idFilterValue, type Trx, type WriteContext } from "../../engine/crud";
import { resetClassAttendance } from "./attendance";
import { contentResource, idNames } from "../base-resource";

/**
 * Class (spec 000 §2.4) on the engine's content resource: its own settings (spec 001 §3), its
 * status derived from its sessions and its cancellation (spec 001 §4, docs/decisions/040), a
 * `status` list filter, the publish rule "a class needs a schedule" (417 without a session), and
 * no change at all once cancelled.
 */

const t = (col: string) => sql.ref(`t.${col}`);
const first = sql<
  string | null
>`(select min(${sql.ref("s.datetime_start")}) from ${sql.table("class_session")} as s where ${sql.ref("s.class_id")} = ${t("id")})`;
const last = sql<
  string | null
>`(select max(${sql.ref("s.datetime_end")}) from ${sql.table("class_session")} as s where ${sql.ref("s.class_id")} = ${t("id")})`;

/** The SQL twin of deriveClassStatus, on the list's row `t` at `now`. */
export function classStatusWhere(status: ClassStatus, now: Date) {
  const at = now.toISOString();
  const live = sql<SqlBool>`${t("datetime_cancel")} is null`;
  if (status === CLASS_STATUS.canceled) return sql<SqlBool>`${t("datetime_cancel")} is not null`;
  if (status === CLASS_STATUS.upcoming) return sql<SqlBool>`(${live} and (${first} is null or ${first} > ${at}))`;
  if (status === CLASS_STATUS.past) return sql<SqlBool>`(${live} and ${last} < ${at})`;
  return sql<SqlBool>`(${live} and ${first} <= ${at} and ${last} >= ${at})`;
}

/** Why the class cannot be published: no session (417, as a course's missing section), or null. */
export async function classPublishRefusal(trx: Trx, id: number): Promise<ApiError | null> {
  const row = await trx.selectFrom("class_session").select("id").where("class_id", "=", id).executeTakeFirst();
  return row ? null : new ApiError(417, { detail: CLASS_MSG.publish_no_session });
}

/** A cancelled class is permanent (spec 001 §4): every write to it or its sessions is refused. */
export async function classWriteRefusal(trx: Db | Trx, id: number): Promise<ApiError | null> {
  const row = await trx.selectFrom("class").select("datetime_cancel").where("id", "=", id).executeTakeFirst();
  return row?.datetime_cancel ? new ApiError(400, { detail: CLASS_MSG.cancelled }) : null;
}

/** The class's own settings of a create or update (the common columns are the engine's). */
async function saveOwn(trx: Trx, id: number, input: Record<string, unknown>) {
  const own: Record<string, unknown> = {};
  for (const k of ["batch", "qr_code_holder", "check_in_group", "check_in_type", "date_end"])
    if (input[k] !== undefined) own[k] = input[k];
  for (const k of ["is_user_check_in", "is_allow_change_qr"])
    if (input[k] !== undefined) own[k] = toFlag(input[k] as boolean);
  if (input.class_program !== undefined) own.class_program_id = input.class_program;
  if (Object.keys(own).length) await trx.updateTable("class").set(own).where("id", "=", id).execute();
}

/**
 * Changing the check-in type resets every learner's attendance and progress (spec 001 §4,
 * docs/decisions/042), so it needs `confirm_check_in_reset: true` (the information form's
 * checkbox): without it 400 {check_in_type: [cls_msg_check_in_type_reset]} and nothing written.
 */
async function checkInTypeReset(trx: Trx, id: number, input: Record<string, unknown>, w: WriteContext) {
  if (input.check_in_type === undefined) return;
  const row = await trx.selectFrom("class").select("check_in_type").where("id", "=", id).executeTakeFirst();
  if (!row || row.check_in_type === input.check_in_type) return;
  if (input.confirm_check_in_reset !== true) throw badRequest({ check_in_type: [CLASS_MSG.check_in_type_reset] });
  await resetClassAttendance(trx, id, { accountId: w.account.id, now: w.now });
}

/** A location as {id, name} (a location deleted meanwhile: null). */
async function locationName(db: Db, id: number) {
  const row = await db.selectFrom("location").select(["id", "name"]).where("id", "=", id).executeTakeFirst();
  return row ? { id: Number(row.id), name: row.name } : null;
}

/** Per class of a page: session count and the first start and last end, with the cancellation. */
async function sessionBounds(db: Db, ids: number[]) {
  const rows = await db
    .selectFrom("class")
    .leftJoin("class_session", "class_session.class_id", "class.id")
    .select((eb) => [
      "class.id",
      "class.datetime_cancel",
      "class.cancel_reason",
      eb.fn.count<number>("class_session.id").as("n"),
      eb.fn.min("class_session.datetime_start").as("first_start"),
      eb.fn.max("class_session.datetime_end").as("last_end"),
    ])
    .where("class.id", "in", ids)
    .groupBy(["class.id", "class.datetime_cancel", "class.cancel_reason"])
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        session_count: Number(r.n),
        first_start: r.first_start ?? null,
        last_end: r.last_end ?? null,
        datetime_cancel: r.datetime_cancel,
        cancel_reason: r.cancel_reason,
      },
    ]),
  );
}

export const classResource = contentResource<ClassRow, Class>({
  key: "class",
  schema: "class",
  table: "class",
  module: "class",
  hasImage: false,
  async rowExtras(db, ids, now) {
    const bounds = await sessionBounds(db, ids);
    return (id) => {
      const b = bounds.get(id) ?? {
        session_count: 0,
        first_start: null,
        last_end: null,
        datetime_cancel: null,
        cancel_reason: "",
      };
      return { ...b, status: deriveClassStatus(b, now) };
    };
  },
  async itemExtras(db, id) {
    const row = await db.selectFrom("class").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    return {
      batch: row.batch,
      qr_code_holder: row.qr_code_holder,
      check_in_group: row.check_in_group,
      is_user_check_in: fromFlag(row.is_user_check_in),
      check_in_type: row.check_in_type,
      is_allow_change_qr: fromFlag(row.is_allow_change_qr),
      date_end: row.date_end,
      class_program:
        row.class_program_id === null
          ? null
          : ((await idNames(db, "class_program", [row.class_program_id])).get(row.class_program_id) ?? null),
      // Its event zone, a location (docs/decisions/043; written by location/zone/event/{id}/).
      event_zone: row.event_zone_id === null ? null : await locationName(db, row.event_zone_id),
      // The engine's information tab renders such an item's form without saving.
      is_read_only: row.datetime_cancel !== null,
    };
  },
  saveOwn,
  publishRefusal: classPublishRefusal,
  writeRefusal: classWriteRefusal,
  beforeWrite: checkInTypeReset,
  // A class of a program names it (checked like every reference: 400 invalid_choice).
  refs: { class_program: { table: "class_program" } },
  scopes: {},
  filters: {
    // A program's classes (docs/decisions/044): /class-program/{id}/class lists them.
    class_program: {
      parse: idFilterValue,
      where: (ids: number[]) => sql<SqlBool>`${t("class_program_id")} in (${sql.join(ids)})`,
    },
    // Classes with a session one of these instructors teaches (an auto-assignment's content rule, docs/decisions/059).
    instructor: {
      parse: idFilterValue,
      where: (ids: number[]) =>
        sql<SqlBool>`exists (select 1 from ${sql.table("class_session")} as cs inner join ${sql.table("class_session_instructor")} as csi on ${sql.ref("csi.session_id")} = ${sql.ref("cs.id")} where ${sql.ref("cs.class_id")} = ${t("id")} and ${sql.ref("csi.instructor_id")} in (${sql.join(ids)}))`,
    },
    status: {
      parse: (v: string) =>
        (CLASS_STATUS_CODES as readonly number[]).includes(Number(v)) && /^\d$/.test(v)
          ? (Number(v) as ClassStatus)
          : null,
      where: (values: ClassStatus[], now: Date) =>
        sql<SqlBool>`(${sql.join(
          values.map((v) => classStatusWhere(v, now)),
          sql` or `,
        )})`,
    },
  },
});

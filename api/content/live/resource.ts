import { randomBytes } from "node:crypto";
import { sql, type SqlBool } from "kysely";
import {
  LIVE_DOWNLOAD_CODES,
  LIVE_MSG,
  LIVE_STATUS,
  LIVE_STATUS_CODES,
  LIVE_TYPE_CODES,
  type LiveDownload,
  type LiveStatus,
  type LiveType,
} from "../../../contract/live-codes";
import type { Live, LiveRow } from "../../../contract/schemas/live";
import { fromFlag, type Db } from "../../db/index";
import { badRequest } from "../../http/errors";
import { roleIds, type Trx } from "../../engine/crud";
import { codeFilter, contentResource } from "../base-resource";

/**
 * Live sessions (spec 000 §2.7, spec 001 §3 "Live"; docs/decisions/066) on the engine's content
 * resource: list (search; category, provider, publish filters, and live type, live status (`live_status`),
 * kept-as-recording), create, item, delete, show / hide / schedule. What is its own:
 *
 * - instructors (live_instructor), a view scope for them as a course's;
 * - the stream: status and the connection details are made here on create (a random key and
 *   password, a user named after the code) and no input writes them; the recording's download
 *   state starts at 3 "live not started";
 * - the stream's end is after its start, also when a PATCH names only one of them.
 */

/** Where encoders push a live's stream (rtmp ingest); the key names the live. */
export const LIVE_INGEST_URL = "rtmp://ingest.lms.local/live";

const secret = (bytes: number) => randomBytes(bytes).toString("hex");

/** The connection details a new live's stream gets (never accepted from a form). */
export function newStream(code: string) {
  return {
    stream_key: secret(16),
    stream_url: LIVE_INGEST_URL,
    stream_user: `live-${code.toLowerCase()}`,
    stream_password: secret(12),
    status: LIVE_STATUS.offline,
    download_status: 3,
  };
}

async function questionCounts(db: Db, ids: number[]) {
  const rows = await db
    .selectFrom("live_question")
    .select((eb) => ["live_id", eb.fn.countAll<number>().as("n")])
    .where("live_id", "in", ids)
    .groupBy("live_id")
    .execute();
  return new Map(rows.map((r) => [r.live_id, Number(r.n)]));
}

/** A live's instructors, by name. */
export const liveInstructors = (db: Db, id: number) =>
  db
    .selectFrom("live_instructor as li")
    .innerJoin("instructor as i", "i.id", "li.instructor_id")
    .select(["i.id", "i.name"])
    .where("li.live_id", "=", id)
    .orderBy("i.name")
    .orderBy("i.id")
    .execute();

export const liveResource = contentResource<LiveRow, Live>({
  key: "live",
  schema: "live",
  table: "live",
  module: "live",
  hasImage: false,
  async rowExtras(db, ids) {
    const rows = await db
      .selectFrom("live")
      .select(["id", "live_type", "status", "download_status", "datetime_live_start", "datetime_live_end", "is_backup"])
      .where("id", "in", ids)
      .execute();
    const counts = await questionCounts(db, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return (id) => {
      const r = byId.get(id)!;
      return {
        live_type: r.live_type as LiveType,
        status: r.status as LiveStatus,
        download_status: r.download_status as LiveDownload,
        datetime_live_start: r.datetime_live_start,
        datetime_live_end: r.datetime_live_end,
        is_backup: fromFlag(r.is_backup),
        count_question: counts.get(id) ?? 0,
      };
    };
  },
  async itemExtras(db, id) {
    const r = await db.selectFrom("live").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    return {
      instructor_list: await liveInstructors(db, id),
      stream: {
        stream_key: r.stream_key,
        stream_url: r.stream_url,
        stream_user: r.stream_user,
        stream_password: r.stream_password,
        status: r.status as LiveStatus,
      },
      video_url: r.video_url,
      is_backup_display: fromFlag(r.is_backup_display),
      datetime_backup: r.datetime_backup,
    };
  },
  async saveOwn(trx, id, input) {
    const list = input.instructor_list as number[] | undefined;
    if (list === undefined) return;
    await trx.deleteFrom("live_instructor").where("live_id", "=", id).execute();
    const ids = [...new Set(list)];
    if (ids.length)
      await trx
        .insertInto("live_instructor")
        .values(ids.map((instructor_id) => ({ live_id: id, instructor_id })))
        .execute();
  },
  ownColumns(input, mode) {
    const out: Record<string, unknown> = {};
    for (const k of ["live_type", "datetime_live_start", "datetime_live_end"])
      if (input[k] !== undefined) out[k] = input[k];
    // The stream's details are the API's: made once, with the live.
    if (mode === "create") Object.assign(out, newStream(String(input.code)));
    return out;
  },
  async beforeWrite(trx: Trx, id, input) {
    const start = input.datetime_live_start as string | undefined;
    const end = input.datetime_live_end as string | undefined;
    if (start === undefined && end === undefined) return;
    const row = await trx
      .selectFrom("live")
      .select(["datetime_live_start", "datetime_live_end"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    if (Date.parse(end ?? row.datetime_live_end) <= Date.parse(start ?? row.datetime_live_start))
      throw badRequest({ datetime_live_end: [LIVE_MSG.end_before_start] });
  },
  publishRefusal: async () => null,
  scopes: {
    instructor: {
      where: (accountId) =>
        sql<SqlBool>`exists (select 1 from ${sql.table("live_instructor")} as li where ${sql.ref("li.live_id")} = ${sql.ref("t.id")} and ${sql.ref("li.instructor_id")} in ${roleIds("instructor", accountId)})`,
      field: "instructor_list",
    },
  },
  refs: { instructor_list: { table: "instructor" } },
  filters: {
    live_type: codeFilter(LIVE_TYPE_CODES, "live_type"),
    live_status: codeFilter(LIVE_STATUS_CODES, "status"),
    download_status: codeFilter(LIVE_DOWNLOAD_CODES, "download_status"),
    is_backup: {
      parse: (v: string) => (v === "true" ? 1 : v === "false" ? 0 : null),
      where: (values: number[]) => sql<SqlBool>`${sql.ref("t.is_backup")} in (${sql.join(values)})`,
    },
  },
});

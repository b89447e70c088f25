import { MSG } from "../../contract/messages";
import { QUESTION_TYPE, isRange } from "../../contract/request-codes";
import { UPLOAD_STATUS } from "../../contract/upload-rules";
import type { ContentLimits } from "../../contract/schemas/content";
import { SURVEY_MSG } from "../../contract/schemas/survey";
import { badRequest } from "../http/errors";
import type { Q } from "./kit";

/**
 * What one written answer (every question type that is not picked among choices) must be, by the
 * spec's question type (spec 001 §4 "Question types", R239; docs/decisions/074). Each check turns
 * the raw text into the row to keep — its value (a name, for an account or a location), and for an
 * upload the stored file — or names the problem.
 */

export type AnswerRow = {
  question_id: number;
  choice_id: number | null;
  value: string;
  file_key?: string | null;
  upload_id?: string;
};
type Question = { id: number; type: number; value_min: number; value_max: number };
type Checked = { row: Omit<AnswerRow, "question_id" | "choice_id"> } | { error: string };

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const realDate = (s: string) => {
  const m = DATE.exec(s);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
};
const realTime = (s: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(s);
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const ok = (value: string): Checked => ({ row: { value } });
const bad = (error: string): Checked => ({ error });

/** Answers the rows of a list kept as one value: the dates of a multiple date question, sorted, once each. */
const dateList = (raw: string) => [...new Set(raw.split(/[\s,]+/).filter(Boolean))].sort();

/**
 * The check of a written answer `value` (trimmed, not empty) to question `qn`, for account
 * `accountId` (an upload must be its own). Database look-ups only where the type names a row.
 */
export async function checkValue(
  q: Q,
  qn: Question,
  value: string,
  limits: ContentLimits,
  accountId: number | null,
): Promise<Checked> {
  if (CONTROL.test(value)) return bad(MSG.control_characters);
  switch (qn.type) {
    case QUESTION_TYPE.info:
      // An information text asks nothing.
      return bad(MSG.invalid);
    case QUESTION_TYPE.number:
      return /^-?\d{1,12}(\.\d{1,6})?$/.test(value) ? ok(value) : bad(MSG.invalid);
    case QUESTION_TYPE.price:
      return /^\d{1,10}(\.\d{1,2})?$/.test(value.replace(/,/g, ""))
        ? ok(Number(value.replace(/,/g, "")).toFixed(2))
        : bad(MSG.invalid);
    case QUESTION_TYPE.date:
      return realDate(value) ? ok(value) : bad(MSG.invalid);
    case QUESTION_TYPE.time:
      return realTime(value) ? ok(value) : bad(MSG.invalid);
    case QUESTION_TYPE.datetime: {
      const [d, t] = value.split("T");
      return realDate(d ?? "") && realTime((t ?? "").slice(0, 5)) && (t ?? "").length === 5
        ? ok(value)
        : bad(MSG.invalid);
    }
    case QUESTION_TYPE.multiple_date: {
      const dates = dateList(value);
      return dates.length && dates.every(realDate) && dates.length <= 100 ? ok(dates.join(", ")) : bad(MSG.invalid);
    }
    case QUESTION_TYPE.learner:
    case QUESTION_TYPE.location:
      return named(q, qn.type, value);
    case QUESTION_TYPE.upload:
      return uploaded(q, value, accountId);
    default:
      break;
  }
  if (isRange(qn.type)) {
    if (!/^-?\d{1,3}$/.test(value)) return bad(MSG.invalid);
    const low = qn.type === QUESTION_TYPE.rating ? 1 : qn.value_min;
    return Number(value) < low || Number(value) > qn.value_max ? bad(SURVEY_MSG.scale_out_of_range) : ok(value);
  }
  return value.length > (qn.type === QUESTION_TYPE.textarea ? limits.description : limits.text)
    ? bad(MSG.too_long)
    : ok(value);
}

/** A learner (an active account) or a location, by id: kept by its name, as a choice is kept by its text. */
async function named(q: Q, type: number, value: string): Promise<Checked> {
  if (!/^\d{1,12}$/.test(value)) return bad(MSG.invalid_choice);
  const id = Number(value);
  if (type === QUESTION_TYPE.location) {
    const row = await q.selectFrom("location").select("name").where("id", "=", id).executeTakeFirst();
    return row ? ok(row.name) : bad(MSG.invalid_choice);
  }
  const row = await q
    .selectFrom("account")
    .select(["username", "first_name", "last_name"])
    .where("id", "=", id)
    .where("is_active", "=", 1)
    .executeTakeFirst();
  return row
    ? ok(`${`${row.first_name} ${row.last_name}`.trim() || row.username} (${row.username})`)
    : bad(MSG.invalid_choice);
}

/** A finished upload of the answerer's, not yet kept by anything (claimed when the submission is written). */
async function uploaded(q: Q, value: string, accountId: number | null): Promise<Checked> {
  const row =
    accountId === null
      ? undefined
      : await q
          .selectFrom("upload")
          .select(["id", "status", "file_name", "storage_key"])
          .where("id", "=", value)
          .where("account_id", "=", accountId)
          .executeTakeFirst();
  if (!row || row.status === UPLOAD_STATUS.refused || row.status === UPLOAD_STATUS.claimed)
    return bad(MSG.upload_not_found);
  if (row.status !== UPLOAD_STATUS.complete) return bad(MSG.file_not_ready);
  return { row: { value: row.file_name, file_key: row.storage_key, upload_id: row.id } };
}

/** Marks the uploads the rows keep as claimed (in the transaction that writes them): a second use finds nothing. */
export async function claimAnswerUploads(q: Q, rows: readonly AnswerRow[], at: string) {
  for (const r of rows) {
    if (!r.upload_id) continue;
    const done = await q
      .updateTable("upload")
      .set({ status: UPLOAD_STATUS.claimed, datetime_update: at })
      .where("id", "=", r.upload_id)
      .where("status", "=", UPLOAD_STATUS.complete)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw badRequest({ [`answers.${r.question_id}`]: [MSG.upload_not_found] });
  }
}

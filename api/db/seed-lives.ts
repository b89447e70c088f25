import type { Transaction } from "kysely";
import { ADDED_BY, ADD_METHOD } from "../../contract/codes";
import { LIVE_DOWNLOAD, LIVE_STATUS, LIVE_TYPE } from "../../contract/live-codes";
import { newStream } from "../content/live/resource";
import type { Database } from "./schema";
import { insertBatches, lcg } from "./seed-kit";

/**
 * The demo live sessions (issue 18 §5–§6; docs/decisions/066): both kinds (live only; recorded or
 * playback) in most live statuses and download states — one on air now with questions coming in,
 * ended ones with learners completed, failed and not started, one converting, one kept as a
 * recording and shown, one scheduled and hidden. Learners are enrolled with progress along their
 * live type's transition row, and have asked questions, some answered or hidden.
 */

type Plan = {
  name: string;
  code: string;
  type: number;
  status: number;
  download: number;
  startsInHours: number;
  hours: number;
  shown: boolean;
  learners: number;
  progress: number[];
  questions: number;
  backup?: boolean;
  desc: string;
};

const PLANS: Plan[] = [
  {
    name: "Quarterly town hall",
    code: "LIVE-001",
    type: LIVE_TYPE.live_only,
    status: LIVE_STATUS.live_end,
    download: LIVE_DOWNLOAD.none,
    startsInHours: -72,
    hours: 2,
    shown: true,
    learners: 14,
    progress: [30, 30, 30, -5, 0],
    questions: 6,
    desc: "The leadership team on the quarter's results, with questions from the floor.",
  },
  {
    name: "Safety briefing (live now)",
    code: "LIVE-002",
    type: LIVE_TYPE.live_only,
    status: LIVE_STATUS.live,
    download: LIVE_DOWNLOAD.not_started,
    startsInHours: -0.5,
    hours: 2,
    shown: true,
    learners: 10,
    progress: [0, 0, 30],
    questions: 5,
    desc: "This month's safety briefing, streamed from the head office.",
  },
  {
    name: "Product launch webinar",
    code: "LIVE-003",
    type: LIVE_TYPE.convert,
    status: LIVE_STATUS.convert,
    download: LIVE_DOWNLOAD.none,
    startsInHours: -26,
    hours: 1.5,
    shown: true,
    learners: 12,
    progress: [21, 21, 30, 0],
    questions: 4,
    // Kept too: two recordings, so a walk that removes one (the e2e fuzz posts real intents) leaves
    // another for the walks after it.
    backup: true,
    desc: "The new product line, recorded for those who missed it.",
  },
  {
    name: "Excel tips: pivot tables",
    code: "LIVE-004",
    type: LIVE_TYPE.playback,
    status: LIVE_STATUS.playback,
    download: LIVE_DOWNLOAD.available,
    startsInHours: -240,
    hours: 1,
    shown: true,
    learners: 9,
    progress: [30, 21, 0],
    questions: 2,
    backup: true,
    desc: "A recorded lesson played at a set time, then kept to watch again.",
  },
  {
    name: "Sales kickoff",
    code: "LIVE-005",
    type: LIVE_TYPE.convert,
    status: LIVE_STATUS.live_end,
    download: LIVE_DOWNLOAD.available,
    startsInHours: -120,
    hours: 3,
    shown: true,
    learners: 8,
    progress: [30, 21, 0],
    questions: 3,
    desc: "The year's targets and the plan to reach them.",
  },
  {
    name: "ไลฟ์ต้อนรับพนักงานใหม่",
    code: "LIVE-006",
    type: LIVE_TYPE.convert,
    status: LIVE_STATUS.offline,
    download: LIVE_DOWNLOAD.not_started,
    startsInHours: 96,
    hours: 1,
    shown: false,
    learners: 5,
    progress: [0],
    questions: 0,
    desc: "แนะนำองค์กรและสวัสดิการสำหรับพนักงานใหม่",
  },
  {
    name: "Customer care Q&A",
    code: "LIVE-007",
    type: LIVE_TYPE.live_only,
    status: LIVE_STATUS.live_interrupt,
    download: LIVE_DOWNLOAD.error,
    startsInHours: -1,
    hours: 1,
    shown: true,
    learners: 6,
    progress: [0, -5],
    questions: 1,
    desc: "The stream dropped; it will resume shortly.",
  },
  {
    name: "Leadership series: feedback",
    code: "LIVE-008",
    type: LIVE_TYPE.playback,
    status: LIVE_STATUS.online,
    download: LIVE_DOWNLOAD.expired,
    startsInHours: -400,
    hours: 1,
    shown: true,
    learners: 4,
    progress: [30, 21],
    questions: 0,
    desc: "Giving feedback that helps; the recording's download has expired.",
  },
];

const QUESTIONS = [
  "Will the slides be shared after the session?",
  "Can you repeat the last figure?",
  "How does this affect the branch offices?",
  "Is there a recording for those on the night shift?",
  "ขอสไลด์หลังจบไลฟ์ได้ไหมครับ",
  "Who do we contact with follow-up questions?",
  "Does this apply to contractors too?",
];

export async function seedLives(trx: Transaction<Database>, now: Date) {
  const rand = lcg(1818);
  const at = now.toISOString();
  const hour = 3600 * 1000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const one = async (table: "category" | "provider", code: string) =>
    (await trx.selectFrom(table).select("id").where("code", "=", code).executeTakeFirst())?.id;
  const category =
    (await one("category", "SOFT-COM")) ??
    (await trx.selectFrom("category").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const providers = [await one("provider", "ACAD"), await one("provider", "BLC")].filter(
    (x): x is number => x !== undefined,
  );
  if (!providers.length)
    providers.push((await trx.selectFrom("provider").select("id").orderBy("id").executeTakeFirstOrThrow()).id);
  const admin =
    (await trx.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirst())?.id ?? null;
  const instructors = (await trx.selectFrom("instructor").select("id").orderBy("id").limit(3).execute()).map(
    (r) => r.id,
  );
  const liveType = (
    await trx.selectFrom("content_type").select("id").where("code", "=", "live").executeTakeFirstOrThrow()
  ).id;
  const learner = (await trx.selectFrom("account").select("id").where("username", "=", "learner").executeTakeFirst())
    ?.id;
  const students = (
    await trx.selectFrom("account").select("id").where("username", "like", "student%").orderBy("id").limit(60).execute()
  ).map((r) => r.id);
  const pool = [...(learner ? [learner] : []), ...students];

  for (const [n, p] of PLANS.entries()) {
    const start = now.getTime() + p.startsInHours * hour;
    const { id } = await trx
      .insertInto("live")
      .values({
        name: p.name,
        code: p.code,
        content_level: null,
        program: null,
        category_id: category,
        provider_id: providers[n % providers.length],
        is_environmental: 0,
        desc: p.desc,
        is_display: p.shown ? 1 : 0,
        datetime_start: null,
        datetime_first_publish: p.shown ? iso(start - 7 * 24 * hour) : null,
        datetime_create: iso(start - 10 * 24 * hour),
        datetime_update: at,
        created_by: admin,
        live_type: p.type,
        datetime_live_start: iso(start),
        datetime_live_end: iso(start + p.hours * hour),
        ...newStream(p.code),
        status: p.status,
        download_status: p.download,
        video_url:
          p.download === LIVE_DOWNLOAD.available ? `https://video.lms.local/live/${p.code.toLowerCase()}.mp4` : "",
        is_backup: p.backup ? 1 : 0,
        is_backup_display: p.backup ? 1 : 0,
        datetime_backup: p.backup ? iso(start + 2 * p.hours * hour) : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const teach = instructors.slice(n % 2, (n % 2) + 1 + (n % 3 === 0 ? 1 : 0));
    if (teach.length)
      await trx
        .insertInto("live_instructor")
        .values(teach.map((instructor_id) => ({ live_id: id, instructor_id })))
        .execute();

    // Learners: the demo learner first, then students from a window of the pool; progress cycles through the plan's.
    const offset = (n * 7) % Math.max(1, pool.length - p.learners);
    const chosen = [...new Set([pool[0], ...pool.slice(1 + offset, 1 + offset + p.learners - 1)])].filter(
      (x) => x !== undefined,
    );
    const enrolled = start - 5 * 24 * hour;
    await insertBatches(
      trx,
      "content_enrollment",
      chosen.map((account_id, i) => {
        const status = p.progress[i % p.progress.length];
        const joined = status !== 0 ? iso(Math.min(start + Math.floor(rand() * 10) * 60000, now.getTime())) : null;
        return {
          account_id,
          content_type_id: liveType,
          content_id: id,
          status,
          add_method: ADD_METHOD.assigned,
          added_by: ADDED_BY.learner_list,
          created_by: admin,
          datetime_enroll: iso(enrolled),
          datetime_start: joined,
          datetime_complete: status === 30 ? iso(Math.min(start + p.hours * hour, now.getTime())) : null,
          datetime_update: joined ?? iso(enrolled),
        };
      }),
    );
    // Questions asked while it was on air: the older ones answered, one hidden.
    const asked = Array.from({ length: p.questions }, (_, i) => {
      const when = Math.min(start + (i + 1) * 5 * 60000, now.getTime() - (p.questions - i) * 60000);
      const answered = p.status !== LIVE_STATUS.live ? i % 3 !== 2 : i < 2;
      return {
        live_id: id,
        account_id: chosen[(i + 1) % chosen.length] ?? null,
        text: QUESTIONS[(n + i) % QUESTIONS.length],
        datetime_create: iso(when),
        is_answered: answered ? 1 : 0,
        datetime_answer: answered ? iso(when + 4 * 60000) : null,
        answered_by: answered ? admin : null,
        is_hidden: i === 4 ? 1 : 0,
      };
    });
    if (asked.length) await insertBatches(trx, "live_question", asked);
  }
}

import type { Transaction } from "kysely";
import { CONFIG_DEFAULTS } from "../../contract/config";
import { ADDED_BY, ADD_METHOD } from "../../contract/codes";
import type { Database } from "./schema";
import { seedClassCheckins } from "./seed-class-checkins";
import { insertAgeRule } from "./seed-kit";

type Trx = Transaction<Database>;
const DAY_MS = 24 * 3600 * 1000;

/**
 * The demo classes (issue 16 §6, docs/decisions/040): one in every derived status relative to the
 * seed's clock — ongoing (a session yesterday, more this week), upcoming (sessions in the coming
 * weeks, and a draft without sessions yet), past, and one cancelled — each session at a seeded
 * location's room when the locations seed has made any. Deterministic for a given clock.
 */
type Plan = {
  code: string;
  name: string;
  category: string;
  provider: string;
  shown: boolean;
  // Cancelled that many days ago, with the reason its learners were told (docs/decisions/077).
  cancelled?: { daysAgo: number; reason: string };
  // Each session: days from today, start and end time (organisation zone), name.
  sessions: [number, string, string, string][];
};
const PLANS: Plan[] = [
  {
    code: "CLS-LEAD",
    name: "Leadership Workshop",
    category: "SOFT-LEA",
    provider: "ACAD",
    shown: true,
    sessions: [
      [-1, "09:00", "12:00", "Day 1: Leading yourself"],
      [2, "09:00", "12:00", "Day 2: Leading others"],
      [9, "13:00", "16:00", "Day 3: Coaching practice"],
    ],
  },
  {
    code: "CLS-SAFE",
    name: "Safety Induction",
    category: "COMP-SAF",
    provider: "ACAD",
    shown: true,
    sessions: [
      [7, "08:30", "11:30", "Site safety basics"],
      [14, "08:30", "11:30", "Fire drill and first aid"],
    ],
  },
  {
    code: "CLS-COMM",
    name: "Presenting with Confidence",
    category: "SOFT-COM",
    provider: "BLC",
    shown: true,
    sessions: [
      [4, "13:00", "15:00", "Structure a talk"],
      [11, "13:00", "15:00", "Rehearsal and feedback"],
      [18, "13:00", "15:00", "Final presentations"],
    ],
  },
  {
    code: "CLS-XLS",
    name: "Spreadsheet Essentials",
    category: "TECH-DAT",
    provider: "GSP",
    shown: true,
    sessions: [
      [-20, "09:00", "16:00", "Formulas and tables"],
      [-13, "09:00", "16:00", "Charts and pivots"],
    ],
  },
  {
    code: "CLS-SVC",
    name: "Customer Service Day",
    category: "SOFT-COM",
    provider: "BLC",
    shown: true,
    cancelled: {
      daysAgo: 2,
      reason: "The trainer is unavailable that day; the class will be offered again next quarter.",
    },
    sessions: [[10, "09:00", "16:00", "Service recovery"]],
  },
  {
    code: "CLS-DATA",
    name: "Data Literacy Bootcamp",
    category: "TECH-DAT",
    provider: "ACAD",
    shown: false,
    sessions: [],
  },
];

export async function seedClasses(trx: Trx, now: Date) {
  const offset = CONFIG_DEFAULTS["time-zone-offset-minutes"].value;
  const iso = (ms: number) => new Date(ms).toISOString();
  // Today in the organisation's zone, as a UTC midnight of that calendar date.
  const local = new Date(now.getTime() + offset * 60_000);
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const one = async (table: "category" | "provider", code: string) =>
    (await trx.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  const admin = (await trx.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirstOrThrow())
    .id;
  const instructors = (await trx.selectFrom("instructor").select("id").orderBy("id").execute()).map((r) => r.id);
  const rooms = await trx.selectFrom("room").select(["id", "location_id"]).orderBy("id").execute();
  const created = iso(now.getTime() - 30 * DAY_MS);
  const classType = (
    await trx.selectFrom("content_type").select("id").where("code", "=", "class").executeTakeFirstOrThrow()
  ).id;
  const learners = (
    await trx.selectFrom("account").select("id").where("username", "like", "learner0%").orderBy("id").limit(8).execute()
  ).map((r) => r.id);

  for (const [n, plan] of PLANS.entries()) {
    const shownAt = plan.shown ? created : null;
    const { id } = await trx
      .insertInto("class")
      .values({
        name: plan.name,
        code: plan.code,
        content_level: null,
        program: null,
        category_id: await one("category", plan.category),
        provider_id: await one("provider", plan.provider),
        // A cancelled class is no longer offered to learners: hidden, as cancelling does (api/content/class/cancel.ts).
        is_environmental: 0,
        desc: "",
        is_display: plan.shown && !plan.cancelled ? 1 : 0,
        datetime_start: null,
        datetime_first_publish: shownAt,
        datetime_create: created,
        datetime_update: created,
        created_by: admin,
        batch: 1 + (n % 3),
        check_in_type: n % 2,
        // Learners scan the printed sheets and staff may reprint them (docs/decisions/046).
        is_user_check_in: 1,
        is_allow_change_qr: 1,
        datetime_cancel: plan.cancelled ? iso(now.getTime() - plan.cancelled.daysAgo * DAY_MS) : null,
        cancel_reason: plan.cancelled?.reason ?? "",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [k, [days, start, end, name]] of plan.sessions.entries()) {
      const day = today + days * DAY_MS;
      const date = iso(day).slice(0, 10);
      const at = (time: string) => iso(Date.parse(`${date}T${time}:00Z`) - offset * 60_000);
      const room = rooms.length ? rooms[(n + k) % rooms.length] : null;
      const session = await trx
        .insertInto("class_session")
        .values({
          class_id: id,
          name,
          desc: "",
          type: 3,
          date,
          start_time: start,
          end_time: end,
          datetime_start: at(start),
          datetime_end: at(end),
          location_id: room?.location_id ?? null,
          room_id: room?.id ?? null,
          capacity: k === 0 ? 30 : 0,
          is_display: 1,
          is_playback: 0,
          url: "",
          datetime_create: created,
          datetime_update: created,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (instructors.length)
        await trx
          .insertInto("class_session_instructor")
          .values({ session_id: session.id, instructor_id: instructors[(n + k) % instructors.length] })
          .execute();
    }
    if (n === 0) await seedAudience(trx, classType, id, learners, admin, created);
    // The past class's learners, for its attendance report (seed-class-checkins.ts).
    if (plan.code === "CLS-XLS") await enrol(trx, classType, id, learners.slice(0, 5), admin, created);
    // The cancelled class's learners: moved to -4 content_canceled when it was cancelled.
    if (plan.cancelled) {
      const at = iso(now.getTime() - plan.cancelled.daysAgo * DAY_MS);
      for (const e of await enrol(trx, classType, id, learners.slice(5, 7), admin, created)) {
        await trx
          .updateTable("content_enrollment")
          .set({ status: -4, datetime_update: at })
          .where("id", "=", e)
          .execute();
        await trx
          .insertInto("content_progress_log")
          .values({
            enrollment_id: e,
            from_status: 0,
            to_status: -4,
            action_type: "content_cancel",
            created_by: admin,
            datetime_create: at,
          })
          .execute();
      }
    }
  }
  await seedClassCheckins(trx, now, admin);
}

/** The ongoing class's audience: a permission rule and learners enrolled, each with its history. */
async function seedAudience(trx: Trx, ct: number, id: number, learners: number[], admin: number, created: string) {
  await insertAgeRule(trx, { content_type_id: ct, content_id: id }, 2, created);
  await enrol(trx, ct, id, learners, admin, created);
}

/**
 * Learners enrolled by the administrator, not started, each with its "enroll" history row: their
 * check-ins (seed-class-checkins.ts) move them on, as the API would.
 */
async function enrol(
  trx: Trx,
  ct: number,
  id: number,
  learners: number[],
  admin: number,
  created: string,
): Promise<number[]> {
  const ids: number[] = [];
  for (const account_id of learners) {
    const row = await trx
      .insertInto("content_enrollment")
      .values({
        account_id,
        content_type_id: ct,
        content_id: id,
        status: 0,
        add_method: ADD_METHOD.assigned,
        added_by: ADDED_BY.learner_list,
        created_by: admin,
        datetime_enroll: created,
        datetime_start: null,
        datetime_complete: null,
        datetime_update: created,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("content_progress_log")
      .values({
        enrollment_id: row.id,
        from_status: null,
        to_status: 0,
        action_type: "enroll",
        created_by: admin,
        datetime_create: created,
      })
      .execute();
    ids.push(row.id);
  }
  return ids;
}

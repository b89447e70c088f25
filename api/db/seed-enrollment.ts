import type { Transaction } from "kysely";
import { ADDED_BY, ADD_METHOD, holdsSeat, type AddedBy, type ProgressStatus } from "../../contract/codes";
import type { Database } from "./schema";
import { lcg, insertBatches } from "./seed-kit";

type Trx = Transaction<Database>;

/** Learner accounts added in bulk: student0001…student3000 (sign in with the demo password). */
export const DEMO_STUDENT_COUNT = 3000;
const DAY_MS = 24 * 3600 * 1000;

const THAI_FIRST = [
  "สมชาย",
  "สมหญิง",
  "ประเสริฐ",
  "วิไล",
  "ธนากร",
  "กาญจนา",
  "สุภาพร",
  "อนันต์",
  "ปิยะ",
  "นภัสสร",
  "ชัยวัฒน์",
  "จิราพร",
  "วีระ",
  "รัตนา",
  "ณัฐพล",
  "พรทิพย์",
];
const THAI_LAST = [
  "ใจดี",
  "ศรีสุข",
  "บุญมี",
  "แก้วมณี",
  "ทองดี",
  "วงศ์สวัสดิ์",
  "รัตนกุล",
  "สุขใจ",
  "พงษ์ศรี",
  "ชัยพร",
  "ยอดแก้ว",
  "แสงทอง",
];
const LATIN_FIRST = [
  "Anan",
  "Busaba",
  "Chai",
  "Duangjai",
  "Ekkachai",
  "Fah",
  "Kanya",
  "Kittipong",
  "Lamai",
  "Narong",
  "Nok",
  "Pensri",
  "Ratana",
  "Suda",
  "Thana",
  "Wanida",
];
const LATIN_LAST = [
  "Boonmee",
  "Chaiyaporn",
  "Jaidee",
  "Kaewmanee",
  "Phongsri",
  "Rattanakul",
  "Saetang",
  "Srisuk",
  "Sukjai",
  "Thongdee",
  "Wongsawat",
  "Yodkaew",
];

/** Status mix of a course's learners (spec: mostly 0, 21, 30; some 22, -2, -5, 6; a few waiting and canceled). */
const STATUS_MIX: [ProgressStatus, number][] = [
  [0, 0.24],
  [21, 0.29],
  [30, 0.27],
  [22, 0.05],
  [-2, 0.045],
  [-5, 0.04],
  [6, 0.025],
  [23, 0.01],
  [1, 0.008],
  [2, 0.006],
  [-1, 0.008],
  [-3, 0.008],
];
/** Add methods: enrolled (self or by an administrator), assigned, auto-assigned, synchronised. */
const METHOD_MIX: [number, number][] = [
  [ADD_METHOD.enrolled, 0.55],
  [ADD_METHOD.assigned, 0.3],
  [ADD_METHOD.auto_assigned, 0.1],
  [ADD_METHOD.sync, 0.05],
];
const ASSIGNED_BY: AddedBy[] = [
  ADDED_BY.learner_list,
  ADDED_BY.department,
  ADDED_BY.department,
  ADDED_BY.group,
  ADDED_BY.level,
  ADDED_BY.job_band,
  ADDED_BY.import_file,
];

const weighted = <T>(rand: () => number, mix: [T, number][]) => {
  let r = rand() * mix.reduce((n, [, w]) => n + w, 0);
  for (const [v, w] of mix) if ((r -= w) < 0) return v;
  return mix[mix.length - 1][0];
};

/**
 * The demo's learners and their progress (issue 6 item 5): 3 000 learner accounts
 * student0001…student3000 (half with Thai names) across the departments, some in the demo groups;
 * then, for every course that has been shown, 20–400 learners drawn from them and the 60 demo
 * learners, spread over the progress statuses, add methods and dates (nothing after `now`).
 * Drafts get none, so a test can enrol into an empty course. Batched; deterministic.
 */
export async function seedEnrollment(trx: Trx, now: Date, hash: string) {
  const rand = lcg(20260801);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const nowMs = now.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();

  const departments = (await trx.selectFrom("department").select(["id", "parent_id"]).orderBy("id").execute()).map(
    (d) => d.id,
  );
  const positions = (await trx.selectFrom("position").select("id").orderBy("id").execute()).map((p) => p.id);
  const levels = (await trx.selectFrom("level").select("id").orderBy("id").execute()).map((l) => l.id);
  const groups = (await trx.selectFrom("account_group").select("id").orderBy("id").execute()).map((g) => g.id);
  const admin = await trx.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirst();

  const students: Record<string, unknown>[] = [];
  const joined: number[] = [];
  for (let i = 1; i <= DEMO_STUDENT_COUNT; i++) {
    const username = `student${String(i).padStart(4, "0")}`;
    const thai = rand() < 0.5;
    const created = nowMs - Math.floor((30 + rand() * 700) * DAY_MS);
    joined.push(created);
    students.push({
      username,
      email: `${username}@demo.lms.local`,
      password_hash: hash,
      first_name: thai ? pick(THAI_FIRST) : pick(LATIN_FIRST),
      last_name: thai ? pick(THAI_LAST) : pick(LATIN_LAST),
      language: thai ? "th" : "en",
      department_id: pick(departments),
      position_id: pick(positions),
      level_id: levels[Math.min(levels.length - 1, Math.floor(rand() ** 2 * levels.length))],
      is_active: 1,
      is_superuser: 0,
      is_system_user: 0,
      is_dashboard_permission: 0,
      is_store_permission: 0,
      is_verified_email: 1,
      failed_login_count: 0,
      datetime_create: iso(created),
    });
  }
  await insertBatches(trx, "account", students, 200);
  const studentIds = await trx
    .selectFrom("account")
    .select(["id", "username", "datetime_create"])
    .where("username", "like", "student%")
    .orderBy("id")
    .execute();
  const demoLearners = await trx
    .selectFrom("account")
    .select(["id", "username", "datetime_create"])
    .where((eb) => eb.or([eb("username", "like", "learner%"), eb("username", "=", "learner")]))
    .orderBy("id")
    .execute();
  const pool = [...demoLearners, ...studentIds].map((a) => ({ id: a.id, joined: Date.parse(a.datetime_create) }));

  // Group members: new joiners, a leadership track, safety champions.
  const members: Record<string, unknown>[] = [];
  for (const [g, size] of groups.map((g, i) => [g, [60, 25, 40][i] ?? 20] as const)) {
    const chosen = new Set<number>();
    while (chosen.size < size) chosen.add(studentIds[Math.floor(rand() * studentIds.length)].id);
    for (const account_id of chosen) members.push({ group_id: g, account_id });
  }
  await insertBatches(trx, "account_group_member", members, 500);

  const courseType = (
    await trx.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()
  ).id;
  const courses = await trx
    .selectFrom("course")
    .select(["id", "code", "datetime_first_publish"])
    .where("datetime_first_publish", "is not", null)
    .where("datetime_first_publish", "<=", now.toISOString())
    .orderBy("id")
    .execute();
  const learner = demoLearners.find((a) => a.username === "learner");
  const rows: Record<string, unknown>[] = [];
  const order = pool.map((_, i) => i);
  for (const [c, course] of courses.entries()) {
    const shown = Date.parse(course.datetime_first_publish!);
    const size = Math.min(pool.length, 20 + Math.floor(rand() ** 2 * 380));
    // A partial Fisher–Yates shuffle draws `size` distinct learners.
    for (let i = 0; i < size; i++) {
      const j = i + Math.floor(rand() * (order.length - i));
      [order[i], order[j]] = [order[j], order[i]];
    }
    const chosen = order.slice(0, size).map((i) => pool[i]);
    // The demo learner takes one course in three.
    if (learner && c % 3 === 0 && !chosen.some((a) => a.id === learner.id))
      chosen.push({ id: learner.id, joined: Date.parse(learner.datetime_create) });
    for (const a of chosen) {
      const from = Math.max(shown, a.joined);
      if (from >= nowMs) continue;
      const enrolled = from + Math.floor(rand() * (nowMs - from));
      const status = weighted(rand, STATUS_MIX);
      const waiting = [0, 1, 2, 3, 5].includes(status);
      const started = waiting ? null : enrolled + Math.floor(rand() * (nowMs - enrolled) * 0.5);
      const completed = status === 30 && started !== null ? started + Math.floor(rand() * (nowMs - started)) : null;
      const updated = Math.max(
        enrolled,
        started ?? 0,
        completed ?? 0,
        status === -2 || status === -5 || status === 6 || status === 22
          ? (started ?? enrolled) + Math.floor(rand() * (nowMs - (started ?? enrolled)))
          : 0,
      );
      const method = weighted(rand, METHOD_MIX);
      // Self-enrolment has no added-by; an administrator's (enrolled or assigned) names how they picked.
      const addedBy =
        method === ADD_METHOD.enrolled
          ? rand() < 0.8
            ? ADDED_BY.n_a
            : pick(ASSIGNED_BY)
          : method === ADD_METHOD.assigned
            ? pick(ASSIGNED_BY)
            : ADDED_BY.n_a;
      rows.push({
        account_id: a.id,
        content_type_id: courseType,
        content_id: course.id,
        status,
        add_method: method,
        added_by: addedBy,
        created_by: addedBy === ADDED_BY.n_a ? null : (admin?.id ?? null),
        datetime_enroll: iso(enrolled),
        datetime_start: started === null ? null : iso(started),
        datetime_complete: completed === null ? null : iso(completed),
        datetime_update: iso(updated),
      });
    }
  }
  await insertBatches(trx, "content_enrollment", rows, 500);
  await fitCapacities(trx, rows, rand);
}

/**
 * A course with a capacity gets one its seeded learners fit into (docs/decisions/017): the seats
 * they hold plus a few spare — none for some, so the demo has full courses to show the waiting
 * list and the refusal — instead of a random number a few hundred learners overflow.
 */
async function fitCapacities(trx: Trx, rows: Record<string, unknown>[], rand: () => number) {
  const seats = new Map<number, number>();
  for (const r of rows)
    if (holdsSeat(Number(r.status))) seats.set(Number(r.content_id), (seats.get(Number(r.content_id)) ?? 0) + 1);
  const ct = (await trx.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow())
    .id;
  const limited = await trx
    .selectFrom("content_enrollment_setting")
    .select("content_id")
    .where("content_type_id", "=", ct)
    .where("capacity", ">", 0)
    .orderBy("content_id")
    .execute();
  for (const s of limited) {
    const spare = [0, 5, 10, 25, 50][Math.floor(rand() * 5)];
    await trx
      .updateTable("content_enrollment_setting")
      .set({ capacity: (seats.get(s.content_id) ?? 0) + spare })
      .where("content_type_id", "=", ct)
      .where("content_id", "=", s.content_id)
      .execute();
  }
}

import type { Transaction } from "kysely";
import { ADDED_BY, ADD_METHOD } from "../../contract/codes";
import { CHECKIN_SOURCE, INSPECTOR_KIND, enrollmentStatusFromSlots } from "../../contract/activity-codes";
import type { Database } from "./schema";
import { insertBatches, lcg } from "./seed-kit";

type Trx = Transaction<Database>;
const DAY_MS = 24 * 3600 * 1000;

/** A checklist: name, full score, pass score, location and room names ("" none), verify by inspector / by admin, attach a file. */
type Checklist = [string, number, number, string, string, boolean, boolean, boolean];
/** Who inspects a checklist: the demo inspector by account, the safety group, the learners' direct manager. */
type Rule = "inspector" | "group" | "manager";
type Plan = {
  name: string;
  code: string;
  category: string;
  provider: string;
  desc: string;
  /** Days since first shown; null: a draft; negative: scheduled that many days ahead. */
  shown: number | null;
  learners: number;
  /** Students the learners are drawn from (student number range), so the managers' teams are known. */
  pool: [number, number];
  checklists: [Checklist, Rule[]][];
};

/** Where checklists are checked: seed-locations.ts's sites and rooms, by name (the seed runs after it). */
const HQ = "Bangkok Head Office";
const PLANT = "Laem Chabang Plant";
const CNX = "Chiang Mai Training Centre";
/**
 * The demo activities (spec 000 §2.3). The inspector account inspects ACT-001, ACT-003 and
 * ACT-006 by account and ACT-004 as direct manager of students 1–40 — not the others, so its
 * narrower list shows. The manager is the direct manager of students 41–120 (ACT-008, ACT-009).
 */
const PLANS: Plan[] = [
  {
    name: "Fire drill",
    code: "ACT-001",
    category: "COMP-SAF",
    provider: "ACAD",
    desc: "The yearly evacuation drill of the head office.",
    shown: 40,
    learners: 36,
    pool: [1, 400],
    checklists: [
      [["Evacuation route walk-through", 10, 7, HQ, "Training Hall", true, true, false], ["inspector"]],
      [
        ["Fire extinguisher practice (PASS)", 20, 14, HQ, "", true, true, false],
        ["inspector", "group"],
      ],
      [["Head count at the assembly point", 5, 5, HQ, "", true, false, false], ["manager"]],
    ],
  },
  {
    name: "Safety walk",
    code: "ACT-002",
    category: "COMP-SAF",
    provider: "BLC",
    desc: "Walk the floor with a safety officer and note hazards.",
    shown: 25,
    learners: 24,
    pool: [400, 800],
    checklists: [
      [["Hazard spotting round", 10, 6, PLANT, "", true, true, true], ["group"]],
      [["Report of findings", 10, 6, PLANT, "Safety Training Room", true, true, true], ["group"]],
    ],
  },
  {
    name: "ตรวจความปลอดภัยในสำนักงาน",
    code: "ACT-003",
    category: "COMP-SAF",
    provider: "ACAD",
    desc: "ตรวจสอบความปลอดภัยของพื้นที่ทำงาน ทางหนีไฟ และอุปกรณ์ไฟฟ้า",
    shown: 18,
    learners: 30,
    pool: [1, 600],
    checklists: [
      [["ตรวจทางหนีไฟและป้ายทางออก", 10, 8, HQ, "Lumphini Room", true, true, false], ["inspector"]],
      [
        ["ตรวจปลั๊กพ่วงและสายไฟ", 10, 7, HQ, "Computer Lab", true, false, true],
        ["inspector", "manager"],
      ],
    ],
  },
  {
    name: "First aid practical (CPR)",
    code: "ACT-004",
    category: "COMP-SAF",
    provider: "GSP",
    desc: "Hands-on CPR and AED practice with a certified trainer.",
    shown: 60,
    learners: 28,
    pool: [1, 40],
    checklists: [
      [["CPR on a training manikin", 100, 80, HQ, "Training Hall", true, true, false], ["manager"]],
      [["AED use", 50, 40, HQ, "Training Hall", true, true, false], ["manager"]],
    ],
  },
  {
    name: "Customer visit shadowing",
    code: "ACT-005",
    category: "SOFT-COM",
    provider: "BLC",
    desc: "Join a senior sales representative on two customer visits.",
    shown: 12,
    learners: 18,
    pool: [800, 1200],
    checklists: [[["Visit report", 10, 6, "", "", false, true, true], []]],
  },
  {
    name: "ฝึกซ้อมอพยพหนีไฟ สาขาเชียงใหม่",
    code: "ACT-006",
    category: "COMP-SAF",
    provider: "ACAD",
    desc: "การฝึกซ้อมอพยพหนีไฟประจำปีของสาขาเชียงใหม่",
    shown: 9,
    learners: 22,
    pool: [1200, 1600],
    checklists: [
      [["ซ้อมอพยพตามเส้นทาง", 10, 7, CNX, "ห้องดอยสุเทพ", true, true, false], ["inspector"]],
      [
        ["ใช้ถังดับเพลิง", 10, 7, CNX, "", true, true, false],
        ["inspector", "group"],
      ],
      [["รายงานตัวที่จุดรวมพล", 5, 5, CNX, "Workshop Studio", true, true, false], ["group"]],
    ],
  },
  {
    name: "Forklift safety check",
    code: "ACT-007",
    category: "COMP-SAF",
    provider: "GSP",
    desc: "Daily pre-use inspection of a forklift, observed.",
    shown: 30,
    learners: 20,
    pool: [1600, 2000],
    checklists: [
      [["Pre-use inspection", 20, 16, PLANT, "Safety Training Room", true, true, true], ["group"]],
      [["Load handling course", 20, 15, PLANT, "", true, true, false], ["group"]],
    ],
  },
  {
    name: "5S workplace audit / ตรวจ 5ส",
    code: "ACT-008",
    category: "COMP",
    provider: "ACAD",
    desc: "Sort, set in order, shine, standardise, sustain: audit your own area.",
    shown: 45,
    learners: 32,
    pool: [41, 120],
    checklists: [
      [["Sort (สะสาง)", 10, 6, HQ, "", true, true, true], ["manager"]],
      [["Set in order (สะดวก)", 10, 6, HQ, "", true, true, true], ["manager"]],
      [["Shine (สะอาด)", 10, 6, HQ, "", true, true, false], ["manager"]],
      [["Standardise and sustain (สร้างมาตรฐาน, สร้างนิสัย)", 10, 6, HQ, "", true, true, false], ["manager"]],
    ],
  },
  {
    name: "Onboarding buddy check-in",
    code: "ACT-009",
    category: "SOFT-COM",
    provider: "ACAD",
    desc: "Meet your buddy in the first month and agree on goals.",
    shown: 7,
    learners: 16,
    pool: [41, 120],
    checklists: [
      [["First-month meeting with the buddy", 5, 3, HQ, "Chao Phraya Room", false, true, false], ["manager"]],
    ],
  },
  {
    name: "Data privacy desk check",
    code: "ACT-010",
    category: "TECH-SEC",
    provider: "BLC",
    desc: "Clean desk, locked screen, shredded papers: checked at your desk.",
    shown: -5,
    learners: 0,
    pool: [2000, 2400],
    checklists: [[["Clean desk and locked screen", 10, 8, HQ, "", true, true, false], ["group"]]],
  },
  {
    name: "Leadership project presentation",
    code: "ACT-011",
    category: "SOFT-LEA",
    provider: "GSP",
    desc: "Present your improvement project to the leadership panel.",
    shown: null,
    learners: 0,
    pool: [0, 0],
    checklists: [],
  },
  {
    name: "กิจกรรมจิตอาสาปลูกป่า",
    code: "ACT-012",
    category: "SOFT",
    provider: "ACAD",
    desc: "กิจกรรมจิตอาสาปลูกป่าชายเลนร่วมกับชุมชน",
    shown: null,
    learners: 0,
    pool: [0, 0],
    checklists: [],
  },
];

const ANSWERS = [
  "Done as described; photos of each step attached to the report.",
  "Walked the route in 4 minutes 30 seconds, no blocked doors found.",
  "Two hazards found: a loose cable at desk 12-04 and a blocked fire door on level 12.",
  "ทำครบทุกขั้นตอนแล้ว แนบรูปถ่ายไว้ในรายงาน",
  "พบปลั๊กพ่วงที่ไม่มี มอก. 2 จุด แจ้งฝ่ายอาคารแล้ว",
  "Practised three times with the trainer, last attempt within the time.",
];
const PRAISE = ["Well done.", "Good, keep the checklist handy.", "เรียบร้อยดี", ""];
const CRITIQUE = [
  "Missed one step: please review the procedure.",
  "Photo of the last step is missing.",
  "ยังไม่ครบ กรุณาส่งใหม่พร้อมรูปถ่าย",
];

/** A learner's slot statuses, one per checklist, by profile (every status of the slot list appears). */
function slotStatuses(rand: () => number, n: number): number[] {
  const r = rand();
  // The checklist the learner is at (waiting, failed or sent back there), any of them.
  const at = Math.floor(rand() * n);
  const each = (f: (i: number) => number) => Array.from({ length: n }, (_, i) => f(i));
  if (r < 0.18) return each(() => 0); // not started
  if (r < 0.38) return each((i) => (i === at ? 21 : rand() < 0.4 ? 30 : 0)); // checked in, doing
  if (r < 0.6) return each((i) => (i === at ? 22 : rand() < 0.6 ? 30 : 21)); // waiting for verification
  if (r < 0.8) return each(() => 30); // passed
  if (r < 0.9) return each((i) => (i === at ? -5 : 30)); // failed one
  return each((i) => (i === at ? 6 : 30)); // sent back
}

/**
 * The demo's activities (spec 000 §2.3, spec 001 §3 "Activity checklist and inspector"): twelve
 * activities in English and Thai, most shown with one to four checklists (two drafts without one,
 * one scheduled), inspectors of all three kinds, the managers' teams (account.supervisor_id), and
 * learners at every slot status with matching slots — some waiting for verification with an
 * answer — and enrollment statuses derived from them by the activity's rule. Deterministic.
 */
export async function seedActivities(trx: Trx, now: Date) {
  const rand = lcg(20260613);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const nowMs = now.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const one = async (table: "category" | "provider", code: string) =>
    (await trx.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  // A checklist's place by name: the location, and the room of it ("" names none).
  const placeOf = async (location: string, room: string) => {
    if (!location) return { location_id: null, room_id: null };
    const at = (await trx.selectFrom("location").select("id").where("name", "=", location).executeTakeFirstOrThrow())
      .id;
    const inRoom = room
      ? (
          await trx
            .selectFrom("room")
            .select("id")
            .where("location_id", "=", at)
            .where("name", "=", room)
            .executeTakeFirstOrThrow()
        ).id
      : null;
    return { location_id: at, room_id: inRoom };
  };
  const accountId = async (username: string) =>
    (await trx.selectFrom("account").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
  const [admin, inspector, manager] = [
    await accountId("admin"),
    await accountId("inspector"),
    await accountId("manager"),
  ];
  const group = (await trx.selectFrom("account_group").select("id").where("code", "=", "G3").executeTakeFirstOrThrow())
    .id;
  const activityType = (
    await trx.selectFrom("content_type").select("id").where("code", "=", "activity").executeTakeFirstOrThrow()
  ).id;
  const students = await trx
    .selectFrom("account")
    .select("id")
    .where("username", "like", "student%")
    .orderBy("id")
    .execute();
  const student = (n: number) => students[n - 1].id;

  // The direct managers: the inspector leads students 1–40, the manager students 41–120 and the demo learner.
  const team = (from: number, to: number) => students.slice(from - 1, to).map((s) => s.id);
  await trx.updateTable("account").set({ supervisor_id: inspector }).where("id", "in", team(1, 40)).execute();
  await trx.updateTable("account").set({ supervisor_id: manager }).where("id", "in", team(41, 120)).execute();
  await trx.updateTable("account").set({ supervisor_id: manager }).where("username", "=", "learner").execute();

  for (const plan of PLANS) {
    const created = nowMs - (Math.max(plan.shown ?? 0, 0) + 10 + Math.floor(rand() * 20)) * DAY_MS;
    const shownAt = plan.shown === null ? null : nowMs - plan.shown * DAY_MS;
    const { id } = await trx
      .insertInto("activity")
      .values({
        name: plan.name,
        code: plan.code,
        content_level: null,
        program: null,
        category_id: await one("category", plan.category),
        provider_id: await one("provider", plan.provider),
        is_environmental: 0,
        desc: plan.desc,
        is_display: shownAt === null ? 0 : 1,
        datetime_start: shownAt === null ? null : iso(shownAt),
        datetime_first_publish: shownAt === null ? null : iso(shownAt),
        datetime_create: iso(created),
        datetime_update: iso(shownAt === null ? created : Math.min(shownAt, nowMs)),
        created_by: admin,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const checklists: { id: number; full: number; pass: number; verifiers: number[] }[] = [];
    for (const [
      sort,
      [[name, full, pass, location, room, byInspector, byAdmin, attach], rules],
    ] of plan.checklists.entries()) {
      const row = await trx
        .insertInto("activity_checklist")
        .values({
          activity_id: id,
          name,
          desc: "",
          full_score: full,
          pass_score: pass,
          ...(await placeOf(location, room)),
          is_check_by_learner: 1,
          is_check_by_inspector: byInspector ? 1 : 0,
          is_verify_by_inspector: byInspector ? 1 : 0,
          is_verify_by_admin: byAdmin ? 1 : 0,
          is_attach_file: attach ? 1 : 0,
          sort: sort + 1,
          datetime_create: iso(created),
          datetime_update: iso(created),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // Who verified its slots: an inspector it names (the manager stands for the direct managers), else an administrator.
      const verifiers = [
        ...(rules.includes("inspector") ? [inspector] : []),
        ...(rules.includes("manager") ? [manager] : []),
        ...(byAdmin || !rules.length ? [admin] : []),
      ];
      checklists.push({ id: row.id, full, pass, verifiers: verifiers.length ? verifiers : [admin] });
      const kinds = {
        inspector: [INSPECTOR_KIND.account, null, inspector],
        group: [INSPECTOR_KIND.group, group, null],
        manager: [INSPECTOR_KIND.direct_manager, null, null],
      } as const;
      for (const rule of rules) {
        const [kind, group_id, account_id] = kinds[rule];
        await trx
          .insertInto("activity_inspector")
          .values({ checklist_id: row.id, kind, group_id, account_id, datetime_create: iso(created) })
          .execute();
      }
    }
    if (shownAt === null || shownAt > nowMs || !plan.learners) continue;

    // Distinct learners from the plan's pool, each enrolled after the activity was shown.
    const chosen = new Set<number>();
    const [lo, hi] = plan.pool;
    while (chosen.size < Math.min(plan.learners, hi - lo + 1))
      chosen.add(student(lo + Math.floor(rand() * (hi - lo + 1))));
    const plans = [...chosen].map((account) => {
      const enrolled = shownAt + Math.floor(rand() * (nowMs - shownAt) * 0.5);
      // A few gave up their seat: canceled, with no slots (the slot list leaves them out).
      const statuses = rand() < 0.06 ? null : slotStatuses(rand, checklists.length);
      return { account, enrolled, statuses };
    });
    await insertBatches(
      trx,
      "content_enrollment",
      plans.map((p) => {
        const status = p.statuses === null ? -1 : enrollmentStatusFromSlots(p.statuses, checklists.length);
        const started = status === 0 || status === -1 ? null : p.enrolled + DAY_MS;
        return {
          account_id: p.account,
          content_type_id: activityType,
          content_id: id,
          status,
          add_method: ADD_METHOD.assigned,
          added_by: ADDED_BY.learner_list,
          created_by: admin,
          datetime_enroll: iso(p.enrolled),
          datetime_start: started === null ? null : iso(started),
          datetime_complete: status === 30 ? iso(nowMs - Math.floor(rand() * 3) * DAY_MS) : null,
          datetime_update: iso(Math.max(p.enrolled, nowMs - 2 * DAY_MS)),
        };
      }),
    );
    const enrollmentOf = new Map(
      (
        await trx
          .selectFrom("content_enrollment")
          .select(["id", "account_id"])
          .where("content_type_id", "=", activityType)
          .where("content_id", "=", id)
          .execute()
      ).map((e) => [e.account_id, e.id]),
    );
    const slots: Record<string, unknown>[] = [];
    for (const p of plans) {
      for (const [i, status] of (p.statuses ?? []).entries()) {
        if (status === 0) continue;
        const c = checklists[i];
        // Everything happened between enrolment and now: check-in, then submission, then verification.
        const checkin = p.enrolled + Math.floor(rand() * (nowMs - p.enrolled) * 0.6);
        const submit = status === 21 ? null : checkin + Math.floor(rand() * (nowMs - checkin) * 0.5);
        const verify = submit === null || status === 22 ? null : submit + Math.floor(rand() * (nowMs - submit));
        const score =
          status === 30
            ? c.pass + Math.floor(rand() * (c.full - c.pass + 1))
            : status === -5
              ? Math.floor(rand() * c.pass)
              : null;
        slots.push({
          checklist_id: c.id,
          enrollment_id: enrollmentOf.get(p.account),
          status,
          score,
          note: verify === null ? "" : pick(status === 30 ? PRAISE : CRITIQUE),
          answer: submit === null ? "" : pick(ANSWERS),
          file: null,
          datetime_checkin: iso(checkin),
          datetime_checkout: rand() < 0.5 ? iso(checkin + 2 * 3600 * 1000) : null,
          checkin_source: pick([
            CHECKIN_SOURCE.web,
            CHECKIN_SOURCE.mobile,
            CHECKIN_SOURCE.mobile,
            CHECKIN_SOURCE.admin,
          ]),
          datetime_submit: submit === null ? null : iso(submit),
          verified_by: verify === null ? null : pick(c.verifiers),
          datetime_verify: verify === null ? null : iso(verify),
          datetime_update: iso(verify ?? submit ?? checkin),
        });
      }
    }
    await insertBatches(trx, "activity_slot", slots);
  }
  await seedActivityExtras(trx, now, activityType);
}

/**
 * The engine's extra tabs of the demo activities, so they show rows as a course's do: the
 * competencies each builds (one or two of the master list) and the gamification criteria it
 * awards (every activity with a checklist).
 */
async function seedActivityExtras(trx: Trx, now: Date, activityType: number) {
  const rand = lcg(20261124);
  const at = now.toISOString();
  const competencies = await trx.selectFrom("competency").select(["id", "level"]).orderBy("id").execute();
  const achievements = (await trx.selectFrom("gamification_achievement").select("id").orderBy("id").execute()).map(
    (r) => r.id,
  );
  const activities = await trx
    .selectFrom("activity")
    .select("id")
    .where("code", "like", "ACT-%")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("activity_checklist")
          .select("activity_checklist.id")
          .whereRef("activity_checklist.activity_id", "=", "activity.id"),
      ),
    )
    .orderBy("id")
    .execute();
  const competencyRows: Record<string, unknown>[] = [];
  const criteriaRows: Record<string, unknown>[] = [];
  for (const [i, { id }] of activities.entries()) {
    const first = Math.floor(rand() * competencies.length);
    for (const c of new Set([first, (first + 1 + (i % 3)) % competencies.length].slice(0, 1 + (i % 2)))) {
      competencyRows.push({
        content_type_id: activityType,
        content_id: id,
        competency_id: competencies[c].id,
        level: 1 + Math.floor(rand() * competencies[c].level),
        datetime_create: at,
      });
    }
    criteriaRows.push({
      content_type_id: activityType,
      content_id: id,
      name: "Pass every checklist",
      point: 50,
      achievement_id: achievements[0] ?? null,
      challenge_id: null,
      datetime_create: at,
    });
    if (i % 2 === 0)
      criteriaRows.push({
        content_type_id: activityType,
        content_id: id,
        name: "ผ่านการตรวจในครั้งแรก",
        point: 20,
        achievement_id: null,
        challenge_id: null,
        datetime_create: at,
      });
  }
  await insertBatches(trx, "content_competency", competencyRows);
  await insertBatches(trx, "content_gamification", criteriaRows);
}

import type { Transaction } from "kysely";
import {
  CERTIFICATE_COMPLETE,
  CERTIFICATE_ISSUED_DATE,
  CERTIFICATE_TEMPLATE,
  CERTIFICATE_TYPE,
  SURVEY_TYPE,
} from "../../contract/schemas/extras";
import { IDENTIFICATION_METHOD } from "../../contract/schemas/overall";
import type { Database } from "./schema";
import { lcg, insertBatches } from "./seed-kit";

type Trx = Transaction<Database>;

const COMPETENCIES: [string, string, number][] = [
  ["Communication", "CMP-COM", 5],
  ["Leadership", "CMP-LEA", 5],
  ["Data literacy", "CMP-DAT", 4],
  ["Customer focus", "CMP-CUS", 5],
  ["Digital skills", "CMP-DIG", 3],
  ["Safety awareness", "CMP-SAF", 3],
  ["การทำงานเป็นทีม (Teamwork)", "CMP-TEAM", 4],
  ["Problem solving", "CMP-PRB", 5],
];
const SURVEYS: [string, string, number, number][] = [
  ["Course satisfaction survey", "SV-SAT", SURVEY_TYPE.questionnaire, 1],
  ["Instructor evaluation", "SV-INS", SURVEY_TYPE.likert_scale, 1],
  ["Quick poll: pace of the course", "SV-POLL", SURVEY_TYPE.poll, 1],
  ["แบบสอบถามความพึงพอใจต่อหลักสูตร", "SV-TH-SAT", SURVEY_TYPE.questionnaire, 1],
  ["ประเมินวิทยากร", "SV-TH-INS", SURVEY_TYPE.likert_scale, 1],
  ["Learning needs 2027 (draft)", "SV-NEED", SURVEY_TYPE.questionnaire, 0],
];
const ACHIEVEMENTS: [string, string, number][] = [
  ["First Steps", "ACH-FIRST", 1],
  ["Fast Learner", "ACH-FAST", 2],
  ["Knowledge Champion", "ACH-CHAMP", 3],
  ["นักเรียนรู้ตลอดชีวิต (Lifelong Learner)", "ACH-LIFE", 2],
];
const CHALLENGES: [string, string][] = [
  ["Learning Marathon 2026", "CHL-MARA"],
  ["Safety Month", "CHL-SAFE"],
  ["Data Skills Sprint", "CHL-DATA"],
];
const BUDGET_CATEGORIES: [string, string, string][] = [
  ["Instructor fee", "Instructor fee paid", "BC-INS"],
  ["Venue", "Venue rental", "BC-VEN"],
  ["Catering", "Food and drinks", "BC-CAT"],
  ["Learning materials", "Printed materials", "BC-MAT"],
  ["Travel", "Travel and accommodation", "BC-TRV"],
  ["Certificates", "Certificate printing", "BC-CER"],
];
const CRITERIA = [
  { name: "Complete the course", point: 100, achievement: 0 },
  { name: "Complete within 7 days of enrolling", point: 50, challenge: 0 },
  { name: "ทำแบบทดสอบผ่านในครั้งแรก", point: 30, achievement: 1 },
  { name: "Answer the course survey", point: 10 },
];
const THREADS = {
  en: [
    [
      "Where can I download the slides?",
      "I could not find the slides for the second section. Are they available somewhere?",
    ],
    [
      "Question about the final assessment",
      "How many attempts do we get for the final assessment, and is there a time limit?",
    ],
    ["Great course!", "Thank you for the clear examples, they helped me a lot in my daily work."],
    [
      "Video does not play on mobile",
      "The video in the practice section stops after a minute on my phone. Anyone else?",
    ],
  ],
  th: [
    ["สอบถามเรื่องใบประกาศนียบัตร", "เมื่อเรียนจบแล้วจะได้รับใบประกาศนียบัตรภายในกี่วันคะ"],
    ["แบ่งปันประสบการณ์การนำไปใช้", "ผมลองนำเทคนิคในบทที่สองไปใช้กับทีม ได้ผลดีมากครับ"],
    ["เนื้อหาบทที่ 3 ไม่ชัดเจน", "ตัวอย่างในบทที่ 3 ค่อนข้างเข้าใจยาก อยากให้มีคำอธิบายเพิ่มเติมครับ"],
  ],
};
const REPLIES = {
  en: [
    "Same question here.",
    "They are attached to the first material of the section.",
    "Thanks, that helped!",
    "Please contact the course administrator.",
    "Try clearing the browser cache, it worked for me.",
    "Buy cheap followers at spam.example",
  ],
  th: [
    "ขอบคุณครับ มีประโยชน์มาก",
    "เห็นด้วยค่ะ",
    "ลองติดต่อผู้ดูแลหลักสูตรดูนะคะ",
    "ได้รับภายใน 7 วันหลังเรียนจบครับ",
    "โฆษณาสินค้าราคาถูก คลิกที่นี่",
  ],
};
const SECTIONS = ["Introduction", "Key concepts", "Practice", "Case study", "Assessment"];
const DAY_MS = 24 * 3600 * 1000;

/**
 * The demo data of the content extras (docs/decisions/012): the master lists (competencies,
 * surveys, achievements, challenges, budget categories), and for the first 30 demo courses
 * (CRS-0001…CRS-0030) competencies, surveys, gamification criteria — some already earned by
 * learners, so they are in use — prices, budget plans with records, actual costs, certificates,
 * discussion threads with replies in Thai and English (some hidden), and identification attempts
 * of the demo learners with every method and result. Deterministic and a few hundred rows.
 */
export async function seedExtras(trx: Trx, now: Date) {
  const rand = lcg(20260901);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const nowMs = now.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();
  const at = now.toISOString();

  await insertBatches(
    trx,
    "competency",
    COMPETENCIES.map(([name, code, level]) => ({ name, code, level })),
  );
  await insertBatches(
    trx,
    "survey",
    SURVEYS.map(([name, code, survey_type, is_publish]) => ({ name, code, survey_type, is_publish })),
  );
  await insertBatches(
    trx,
    "gamification_achievement",
    ACHIEVEMENTS.map(([name, code, multiplier]) => ({ name, code, multiplier })),
  );
  await insertBatches(
    trx,
    "gamification_challenge",
    CHALLENGES.map(([name, code]) => ({ name, code })),
  );
  await insertBatches(
    trx,
    "budget_category",
    BUDGET_CATEGORIES.map(([name_bp, name_ac, code]) => ({ name_bp, name_ac, code })),
  );
  const ids = async (table: "survey" | "gamification_achievement" | "gamification_challenge" | "budget_category") =>
    (
      await trx
        .selectFrom(`${table} as t` as "survey as t")
        .select("t.id")
        .orderBy("t.id")
        .execute()
    ).map((r) => r.id);
  const competencies = await trx.selectFrom("competency").select(["id", "level"]).orderBy("id").execute();
  const surveys = await ids("survey");
  const achievements = await ids("gamification_achievement");
  const challenges = await ids("gamification_challenge");
  const categories = await ids("budget_category");

  const courses = await trx
    .selectFrom("course")
    .select(["id", "code", "name"])
    .where("code", "<=", "CRS-0030")
    .where("code", ">=", "CRS-0001")
    .orderBy("code")
    .execute();
  const learners = (
    await trx
      .selectFrom("account")
      .select("id")
      .where("username", "like", "learner%")
      .where("is_dashboard_permission", "=", 0)
      .orderBy("id")
      .execute()
  ).map((r) => r.id);
  const courseType = (
    await trx.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()
  ).id;

  const competencyRows: Record<string, unknown>[] = [];
  const surveyRows: Record<string, unknown>[] = [];
  const criteriaRows: Record<string, unknown>[] = [];
  const budgetRows: Record<string, unknown>[] = [];
  const recordRows: Record<string, unknown>[] = [];
  const certificateRows: Record<string, unknown>[] = [];
  const attemptRows: Record<string, unknown>[] = [];
  for (const [i, course] of courses.entries()) {
    const chosen = new Set<number>();
    for (let k = 0; k < 1 + Math.floor(rand() * 3); k++) chosen.add(Math.floor(rand() * competencies.length));
    for (const c of chosen)
      competencyRows.push({
        content_type_id: courseType,
        content_id: course.id,
        competency_id: competencies[c].id,
        level: 1 + Math.floor(rand() * competencies[c].level),
        datetime_create: at,
      });
    const attached = new Set<number>();
    for (let k = 0; k < Math.floor(rand() * 3); k++) attached.add(pick(surveys.slice(0, 5)));
    [...attached].forEach((survey_id, k) =>
      surveyRows.push({
        content_type_id: courseType,
        content_id: course.id,
        survey_id,
        is_required: k === 0 ? 1 : 0,
        sort: k + 1,
      }),
    );
    for (const c of CRITERIA.slice(0, 1 + (i % CRITERIA.length))) {
      criteriaRows.push({
        content_type_id: courseType,
        content_id: course.id,
        name: c.name,
        point: c.point,
        achievement_id: c.achievement === undefined ? null : achievements[c.achievement],
        challenge_id: c.challenge === undefined ? null : challenges[c.challenge],
        datetime_create: iso(nowMs - (60 - i) * DAY_MS),
      });
    }
    if (i < 20) {
      const price = [990, 1500, 2490, 3900, 0][i % 5];
      budgetRows.push({
        content_type_id: courseType,
        content_id: course.id,
        price_minor: price * 100,
        price_discount_minor: price && i % 2 === 0 ? Math.round(price * 0.8) * 100 : null,
        price_app_store_minor: price ? (price + 100) * 100 : null,
        price_android_minor: price ? (price + 50) * 100 : null,
        note: i % 3 === 0 ? "ราคานี้รวมภาษีมูลค่าเพิ่มแล้ว (VAT included)" : "",
        count_learner: 20 + Math.floor(rand() * 80),
        cost_minor: (20_000 + Math.floor(rand() * 80) * 1000) * 100,
        price_margin_minor: (10 + Math.floor(rand() * 30)) * 100,
        datetime_update_price: at,
        datetime_update_plan: at,
        datetime_update_actual: i < 10 ? at : null,
      });
      const plan = [
        { category: 0, unit: 2, cost: 15_000, currency: "thb", rate: 1 },
        { category: 1, unit: 1, cost: 8_000, currency: "thb", rate: 1 },
        { category: 2, unit: 40, cost: 250, currency: "thb", rate: 1 },
        { category: 3, unit: 40, cost: 12.5, currency: "usd", rate: 35.25 },
      ].slice(0, 1 + (i % 4));
      plan.forEach((r, k) =>
        recordRows.push({
          content_type_id: courseType,
          content_id: course.id,
          kind: "plan",
          budget_category_id: categories[r.category],
          unit: r.unit,
          cost_minor: Math.round(r.cost * 100),
          currency: r.currency,
          exchange_rate_micro: Math.round(r.rate * 1e6),
          sort: k + 1,
        }),
      );
      if (i < 10) {
        plan.slice(0, 2).forEach((r, k) =>
          recordRows.push({
            content_type_id: courseType,
            content_id: course.id,
            kind: "actual",
            budget_category_id: categories[r.category],
            unit: r.unit,
            cost_minor: Math.round(r.cost * 95),
            currency: r.currency,
            exchange_rate_micro: Math.round(r.rate * 1e6),
            sort: k + 1,
          }),
        );
      }
    }
    if (i < 15) {
      const thai = /[\u0E00-\u0E7F]/.test(course.name);
      const fixed = i % 4 === 3;
      certificateRows.push({
        content_type_id: courseType,
        content_id: course.id,
        name: thai ? `ใบประกาศนียบัตร ${course.name}` : `Certificate of completion: ${course.name}`,
        desc: thai ? "มอบให้แก่ผู้ที่เรียนจบหลักสูตร" : "Awarded to learners who complete the course.",
        image: null,
        language: thai ? "th" : "en",
        type_template: [CERTIFICATE_TEMPLATE.classic, CERTIFICATE_TEMPLATE.modern, CERTIFICATE_TEMPLATE.minimal][i % 3],
        certificate_type: i % 5 === 4 ? CERTIFICATE_TYPE.achievement : CERTIFICATE_TYPE.completion,
        download_days: [30, 90, null, 365][i % 4],
        type_complete: i % 3 === 2 ? CERTIFICATE_COMPLETE.completed_and_survey : CERTIFICATE_COMPLETE.completed,
        type_issued_date: fixed ? CERTIFICATE_ISSUED_DATE.fixed_date : CERTIFICATE_ISSUED_DATE.completion_date,
        date_issued: fixed ? iso(nowMs - 30 * DAY_MS).slice(0, 10) : null,
        datetime_update: at,
      });
    }
    // Identification attempts: the learners who had to prove who they are, over the last 30 days.
    for (let k = 0; k < 15 + Math.floor(rand() * 26); k++) {
      const r = rand();
      const method = pick(Object.values(IDENTIFICATION_METHOD));
      const when = nowMs - Math.floor(rand() * 30 * DAY_MS);
      attemptRows.push({
        content_type_id: courseType,
        content_id: course.id,
        account_id: pick(learners),
        method,
        // Recent attempts may still wait for a check (photos are checked by a person).
        status: r < 0.65 ? "pass" : r < 0.85 ? "failed" : "waiting",
        section: pick(SECTIONS),
        datetime_create: iso(when),
      });
    }
  }
  await insertBatches(trx, "content_competency", competencyRows);
  await insertBatches(trx, "content_survey", surveyRows);
  await insertBatches(trx, "content_gamification", criteriaRows);
  await insertBatches(trx, "content_budget", budgetRows);
  await insertBatches(trx, "content_budget_record", recordRows);
  await insertBatches(trx, "content_certificate", certificateRows);
  await insertBatches(trx, "identification_attempt", attemptRows);

  // The first criterion of every third course has been earned: it is in use.
  const firstCriteria = await trx
    .selectFrom("content_gamification")
    .select((eb) => ["content_id", eb.fn.min("id").as("id")])
    .where("content_type_id", "=", courseType)
    .where(
      "content_id",
      "in",
      courses.map((c) => c.id),
    )
    .groupBy("content_id")
    .orderBy("content_id")
    .execute();
  const earned: Record<string, unknown>[] = [];
  firstCriteria.forEach((c, i) => {
    if (i % 3 !== 0) return;
    const who = new Set<number>();
    for (let k = 0; k < 1 + Math.floor(rand() * 5); k++) who.add(pick(learners));
    for (const account_id of who)
      earned.push({
        criteria_id: Number(c.id),
        account_id,
        point: 100,
        datetime_create: iso(nowMs - Math.floor(rand() * 20) * DAY_MS),
      });
  });
  await insertBatches(trx, "content_gamification_earned", earned);

  // Discussion: up to four threads a course, each with a few replies, Thai and English mixed and
  // no two alike in a course; a spam reply here and there is hidden.
  const topics = [
    ...THREADS.en.map((t) => ({ lang: "en" as const, t })),
    ...THREADS.th.map((t) => ({ lang: "th" as const, t })),
  ];
  for (const [ci, course] of courses.entries()) {
    const threads = Math.floor(rand() * 5);
    for (let k = 0; k < threads; k++) {
      const {
        lang,
        t: [title, body],
      } = topics[(ci * 3 + k) % topics.length];
      const created = nowMs - (5 + Math.floor(rand() * 40)) * DAY_MS - Math.floor(rand() * DAY_MS);
      const replies = Math.floor(rand() * 5);
      const pool = REPLIES[lang];
      const replyRows = Array.from({ length: replies }, (_, n) => {
        const text = pool[(ci + k * 2 + n) % pool.length];
        const spam = text.includes("spam") || text.includes("โฆษณา");
        return {
          account_id: pick(learners),
          body: text,
          is_hidden: spam ? 1 : 0,
          datetime_create: iso(created + (n + 1) * Math.floor(DAY_MS / 3)),
        };
      });
      const last = replyRows.length ? replyRows[replyRows.length - 1].datetime_create : iso(created);
      const thread = await trx
        .insertInto("discussion_thread")
        .values({
          content_type_id: courseType,
          content_id: course.id,
          account_id: pick(learners),
          title,
          body,
          is_hidden: 0,
          datetime_create: iso(created),
          datetime_last_activity: last,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (replyRows.length)
        await trx
          .insertInto("discussion_reply")
          .values(replyRows.map((r) => ({ ...r, thread_id: thread.id })))
          .execute();
    }
  }
}

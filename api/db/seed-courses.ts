import type { Transaction } from "kysely";
import { CONTENT_TAG_EXTRAS, GENERAL_TAG_TYPE } from "../../contract/codes";
import type { Database } from "./schema";
import { lcg, insertBatches } from "./seed-kit";

type Trx = Transaction<Database>;

/** Course titles by category code: English and Thai, as an organisation's catalogue would have them. */
const TITLES: Record<string, string[]> = {
  "TECH-PRG": [
    "Python for Beginners",
    "JavaScript Fundamentals",
    "Clean Code Practices",
    "Git and Version Control",
    "การเขียนโปรแกรมภาษา Python เบื้องต้น",
    "API Design Essentials",
  ],
  "TECH-DAT": [
    "Data Privacy Essentials",
    "Excel for Data Analysis",
    "SQL Basics",
    "Data Visualisation with Power BI",
    "การวิเคราะห์ข้อมูลเบื้องต้น",
    "Machine Learning Concepts",
  ],
  "TECH-SEC": [
    "Cybersecurity Awareness",
    "Phishing Defence",
    "ความปลอดภัยทางไซเบอร์สำหรับพนักงาน",
    "Secure Remote Working",
  ],
  TECH: ["Digital Transformation Basics", "Cloud Computing Overview", "เทคโนโลยีดิจิทัลในองค์กร"],
  "SOFT-COM": [
    "Effective Communication",
    "การสื่อสารอย่างมีประสิทธิภาพ",
    "Business Writing",
    "Presentation Skills",
    "การนำเสนออย่างมืออาชีพ",
    "Active Listening",
  ],
  "SOFT-LEA": [
    "Leading High-Performing Teams",
    "ภาวะผู้นำสำหรับหัวหน้างาน",
    "Coaching for Managers",
    "Decision Making",
    "Giving Constructive Feedback",
  ],
  SOFT: [
    "Time Management",
    "การบริหารเวลา",
    "Critical Thinking",
    "Emotional Intelligence",
    "Customer Service Excellence",
    "การบริการลูกค้าอย่างเป็นเลิศ",
  ],
  COMP: [
    "Anti-Corruption Policy",
    "Code of Conduct",
    "PDPA Compliance",
    "กฎหมายคุ้มครองข้อมูลส่วนบุคคล (PDPA)",
    "Anti-Money Laundering",
  ],
  "COMP-SAF": [
    "Workplace Safety",
    "Fire Safety and Evacuation",
    "First Aid Basics",
    "ความปลอดภัยในการทำงาน",
    "Ergonomics at Work",
  ],
};
/** Later editions of a title: the second and third levels and a refresher. */
const EDITIONS = [
  { en: "", th: "" },
  { en: " — Level 2", th: " ระดับ 2" },
  { en: " — Level 3", th: " ระดับ 3" },
  { en: " (Refresher)", th: " (หลักสูตรทบทวน)" },
  { en: " (2026 Edition)", th: " (ฉบับปี 2569)" },
];
const SECTIONS = {
  en: ["Introduction", "Key concepts", "Practice", "Case study", "Assessment"],
  th: ["บทนำ", "แนวคิดหลัก", "แบบฝึกหัด", "กรณีศึกษา", "แบบทดสอบ"],
};
/** Tags of the config-switched extras (shown when their config flag is on). */
const TYPED_TAGS: [string, string, string][] = [
  ["CONTENT_CLUSTER", "Northern Cluster", "CLU-N"],
  ["CONTENT_CLUSTER", "Central Cluster", "CLU-C"],
  ["CONTENT_SCHOOL", "Bangkok Campus", "SCH-BKK"],
  ["CONTENT_SCHOOL", "Chiang Mai Campus", "SCH-CNX"],
  ["COURSE_TYPE", "Self-paced", "CT-SELF"],
  ["COURSE_TYPE", "Blended", "CT-BLD"],
  ["EVENT_CHANNEL", "Live stream", "EC-LIVE"],
  ["EVENT_CHANNEL", "On-site", "EC-SITE"],
  ["EVENT_CATEGORY", "Workshop", "ECAT-WS"],
  ["EVENT_CATEGORY", "Seminar", "ECAT-SEM"],
  ["EVENT_TYPE", "Internal event", "ET-INT"],
  ["EVENT_TYPE", "Public event", "ET-PUB"],
  ["IO_NUMBER", "IO 2026-001", "IO-2026-001"],
  ["IO_NUMBER", "IO 2026-002", "IO-2026-002"],
];
export const DEMO_COURSE_COUNT = 200;
const DAY_MS = 24 * 3600 * 1000;

/**
 * 200 demo courses CRS-0001…CRS-0200 in every publish state: published (some from a start time
 * that has passed), scheduled (a start ahead), unpublished (shown once), drafts, and drafts that
 * are ready to publish; with and without a cover (bundled /dashboard/demo/course-N.png) and
 * sections (0–5; every displayed course has both, as the publish rule demands); across the
 * categories and sub-categories, the three providers, the instructors and the tags. Some
 * "Level 2" courses have their base course as prerequisite (so deleting it answers 424).
 */
export async function seedCourses(trx: Trx, now: Date, createdBy: number) {
  const rand = lcg(20260715);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const nowMs = now.getTime();
  const iso = (ms: number) => new Date(ms).toISOString();

  const categories = await trx.selectFrom("category").select(["id", "code"]).execute();
  const categoryId = new Map(categories.map((c) => [c.code, c.id]));
  const providers = (await trx.selectFrom("provider").select("id").orderBy("id").execute()).map((p) => p.id);
  const instructors = (await trx.selectFrom("instructor").select("id").orderBy("id").execute()).map((i) => i.id);
  const levels = (await trx.selectFrom("level").select("id").orderBy("id").execute()).map((l) => l.id);
  const generalTags = await trx
    .selectFrom("tag")
    .select(["id", "code"])
    .where("type", "=", GENERAL_TAG_TYPE)
    .orderBy("id")
    .execute();
  const thaiTag = generalTags.find((t) => t.code === "TAG-TH")?.id;
  const otherTags = generalTags.filter((t) => t.id !== thaiTag).map((t) => t.id);
  await insertBatches(
    trx,
    "tag",
    TYPED_TAGS.map(([type, name, code]) => ({ name, code, type })),
  );
  const typed = await trx
    .selectFrom("tag")
    .select(["id", "type"])
    .where(
      "type",
      "in",
      TYPED_TAGS.map(([type]) => type),
    )
    .orderBy("id")
    .execute();
  const courseType = (
    await trx.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirstOrThrow()
  ).id;

  const titles = Object.entries(TITLES).flatMap(([code, list]) =>
    list.map((title) => ({ title, category: categoryId.get(code)! })),
  );
  type Plan = {
    code: string;
    thai: boolean;
    base: number;
    edition: number;
    sections: number;
    row: Record<string, unknown>;
  };
  const plans: Plan[] = [];
  for (let i = 0; i < DEMO_COURSE_COUNT; i++) {
    const base = i % titles.length;
    const edition = Math.floor(i / titles.length) % EDITIONS.length;
    const { title, category } = titles[base];
    const thai = /[\u0E00-\u0E7F]/.test(title);
    const name = title + (thai ? EDITIONS[edition].th : EDITIONS[edition].en);
    const created = nowMs - (20 + Math.floor(rand() * 380)) * DAY_MS - Math.floor(rand() * DAY_MS);
    const updated = created + Math.floor(rand() * (nowMs - created) * 0.9);
    const firstShown = created + Math.floor((updated - created) * rand());
    const state = rand();
    let display = 0;
    let start: number | null = null;
    let first: number | null = null;
    let ready = true;
    if (state < 0.4) {
      display = 1;
      first = firstShown;
      // A quarter of them were scheduled and the start has come.
      if (rand() < 0.25) start = firstShown;
    } else if (state < 0.52) {
      display = 1;
      start = nowMs + (1 + Math.floor(rand() * 30)) * DAY_MS + 2 * 3600 * 1000 - (nowMs % DAY_MS);
      first = start;
    } else if (state < 0.68) {
      first = firstShown; // shown once, then taken down
    } else if (state < 0.9) {
      ready = false; // a draft: maybe no cover, maybe no section
    } // else: a draft that is ready to publish
    const hasImage = ready || rand() < 0.5;
    const sections = ready ? 1 + Math.floor(rand() * 5) : rand() < 0.5 ? 0 : 1 + Math.floor(rand() * 3);
    const provider = pick(providers);
    plans.push({
      code: `CRS-${String(i + 1).padStart(4, "0")}`,
      thai,
      base,
      edition,
      sections,
      row: {
        name,
        code: `CRS-${String(i + 1).padStart(4, "0")}`,
        content_level: rand() < 0.7 ? pick(levels) : null,
        program: null,
        category_id: category,
        provider_id: provider,
        is_environmental: rand() < 0.1 ? 1 : 0,
        desc: thai
          ? `เรียนรู้เรื่อง${title}ผ่านตัวอย่างจริงและแบบฝึกหัดที่นำไปใช้ในการทำงานได้ทันที`
          : `A practical course on ${title.toLowerCase()}, with real examples and exercises you can apply at work straight away.`,
        image: hasImage ? `/dashboard/demo/course-${1 + (i % 4)}.png` : null,
        is_display: display,
        datetime_start: start === null ? null : iso(start),
        datetime_first_publish: first === null ? null : iso(first),
        datetime_create: iso(created),
        datetime_update: iso(updated),
        created_by: createdBy,
      },
    });
  }
  await insertBatches(
    trx,
    "course",
    plans.map((p) => p.row),
  );
  const ids = await trx
    .selectFrom("course")
    .select(["id", "code"])
    .where(
      "code",
      "in",
      plans.map((p) => p.code),
    )
    .execute();
  const idOf = new Map(ids.map((r) => [r.code, r.id]));

  const instructorRows: Record<string, unknown>[] = [];
  const tagRows: Record<string, unknown>[] = [];
  const sectionRows: Record<string, unknown>[] = [];
  const prerequisiteRows: Record<string, unknown>[] = [];
  for (const p of plans) {
    const id = idOf.get(p.code)!;
    // The demo instructor (the first) teaches about four courses in ten.
    const teach = new Set<number>([rand() < 0.4 ? instructors[0] : pick(instructors.slice(1))]);
    if (rand() < 0.3) teach.add(pick(instructors));
    for (const instructor_id of teach) instructorRows.push({ course_id: id, instructor_id });
    const tags = new Set<number>();
    if (p.thai && thaiTag) tags.add(thaiTag);
    if (otherTags.length && rand() < 0.6) tags.add(pick(otherTags));
    if (otherTags.length && rand() < 0.2) tags.add(pick(otherTags));
    if (rand() < 0.3)
      for (const e of CONTENT_TAG_EXTRAS.slice(0, 3)) tags.add(pick(typed.filter((t) => t.type === e.type)).id);
    for (const tag_id of tags) tagRows.push({ content_type_id: courseType, content_id: id, tag_id });
    for (let s = 0; s < p.sections; s++) {
      sectionRows.push({
        content_type_id: courseType,
        content_id: id,
        name: SECTIONS[p.thai ? "th" : "en"][s],
        sort: s + 1,
        is_display: 1,
      });
    }
    // Level 2 of the first ten titles requires the base course.
    if (p.edition === 1 && p.base < 10)
      prerequisiteRows.push({
        content_type_id: courseType,
        content_id: id,
        prerequisite_id: idOf.get(plans[p.base].code)!,
      });
  }
  await insertBatches(trx, "course_instructor", instructorRows);
  await insertBatches(trx, "content_tag", tagRows);
  await insertBatches(trx, "content_section", sectionRows);
  await insertBatches(trx, "content_prerequisite", prerequisiteRows);
}

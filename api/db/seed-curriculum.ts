import type { Transaction } from "kysely";
import type { SlotType } from "../../contract/schemas/curriculum";
import type { Database } from "./schema";
import { lcg, insertBatches } from "./seed-kit";

type Trx = Transaction<Database>;

type Template = {
  type: SlotType;
  en: string;
  th: string;
  url?: string;
  file?: string;
  fileName?: string;
  minutes: number;
};

/** Bundled demo files (public/dashboard/demo/), so the seeded slots have something to open. */
const DEMO = "/dashboard/demo";
const YOUTUBE = [
  "https://www.youtube.com/watch?v=aircAruvnKk",
  "https://youtu.be/HcqpanDadyQ",
  "https://www.youtube.com/watch?v=8jLOx1hD3_o",
];
const LINKS = [
  "https://developer.mozilla.org/en-US/docs/Learn",
  "https://www.pdpc.or.th/",
  "https://www.w3.org/WAI/fundamentals/",
];

/** What each of the seeded section names holds (by its place: introduction, key concepts, practice, case study, assessment). */
const PLAN: Template[][] = [
  [
    {
      type: "document",
      en: "Course handbook",
      th: "คู่มือหลักสูตร",
      file: `${DEMO}/material-handbook.pdf`,
      fileName: "handbook.pdf",
      minutes: 10,
    },
    { type: "weblink", en: "Further reading", th: "แหล่งข้อมูลเพิ่มเติม", minutes: 5 },
  ],
  [
    { type: "youtube", en: "Key concepts explained", th: "อธิบายแนวคิดหลัก", minutes: 15 },
    {
      type: "media",
      en: "Podcast: an expert's view",
      th: "พอดแคสต์: มุมมองผู้เชี่ยวชาญ",
      file: `${DEMO}/material-audio.mp3`,
      fileName: "podcast.mp3",
      minutes: 20,
    },
    { type: "generic", en: "Reflection", th: "ทบทวนความเข้าใจ", minutes: 5 },
  ],
  [
    {
      type: "file",
      en: "Practice checklist",
      th: "รายการตรวจสอบสำหรับฝึกปฏิบัติ",
      file: `${DEMO}/material-checklist.csv`,
      fileName: "checklist.csv",
      minutes: 15,
    },
    { type: "generic", en: "Hands-on exercise", th: "แบบฝึกหัดลงมือทำ", minutes: 30 },
  ],
  [
    {
      type: "document",
      en: "Case study",
      th: "กรณีศึกษา",
      file: `${DEMO}/material-handbook.pdf`,
      fileName: "case-study.pdf",
      minutes: 20,
    },
    { type: "youtube", en: "Case walkthrough", th: "วิเคราะห์กรณีศึกษา", minutes: 12 },
  ],
  [
    {
      type: "scorm",
      en: "Final assessment",
      th: "แบบทดสอบท้ายหลักสูตร",
      file: `${DEMO}/material-scorm.zip`,
      fileName: "assessment.zip",
      minutes: 25,
    },
  ],
];

/** The seeded image slot: a bundled picture offered as a file to download. */
const IMAGE_SLOT = {
  slot_type: "file",
  is_required: 0,
  is_preview: 0,
  is_display: 1,
  is_non_skippable: 0,
  is_paused_inactive: 0,
  is_allow_download: 1,
  attempt: 0,
  duration: 300,
  url: null,
  file: `${DEMO}/course-2.png`,
  file_name: "practice-diagram.png",
};

/**
 * Materials for every seeded section (seed-courses.ts gives the demo courses 0–5 sections): one
 * to three slots of the section's kind, across all seven slot types, Thai names in Thai courses;
 * some hidden, some previews, downloads and attempts; one image file (the first course's third
 * section). In about a third of the courses with two
 * sections or more, the first material of the last section has the first material of the course
 * as prerequisite (so that one answers 424 to delete and hide). Deterministic; a few batched inserts.
 */
export async function seedCurriculum(trx: Trx, now: Date) {
  const rand = lcg(20260801);
  const at = now.toISOString();
  const sections = await trx
    .selectFrom("content_section")
    .select(["id", "content_type_id", "content_id", "name", "sort"])
    .orderBy("content_type_id")
    .orderBy("content_id")
    .orderBy("sort")
    .orderBy("id")
    .execute();
  const rows: Record<string, unknown>[] = [];
  const place = new Map<string, number>();
  // One image to download, so the image material list has a row (docs/decisions/072); no draw of
  // `rand`, so every other seeded row stays as it was.
  const courseType = (await trx.selectFrom("content_type").select("id").where("code", "=", "course").executeTakeFirst())
    ?.id;
  let imageSeeded = false;
  for (const s of sections) {
    const n = place.get(`${s.content_type_id}:${s.content_id}`) ?? 0;
    place.set(`${s.content_type_id}:${s.content_id}`, n + 1);
    const thai = /[\u0E00-\u0E7F]/.test(s.name);
    const templates = PLAN[n % PLAN.length];
    const count = 1 + Math.floor(rand() * templates.length);
    for (let k = 0; k < count; k++) {
      const t = templates[k];
      const url =
        t.type === "youtube"
          ? YOUTUBE[Math.floor(rand() * YOUTUBE.length)]
          : t.type === "weblink"
            ? LINKS[Math.floor(rand() * LINKS.length)]
            : null;
      rows.push({
        content_type_id: s.content_type_id,
        content_id: s.content_id,
        section_id: s.id,
        sort: k + 1,
        slot_type: t.type,
        name: thai ? t.th : t.en,
        is_required: rand() < 0.85 ? 1 : 0,
        is_preview: n === 0 && k === 0 && rand() < 0.4 ? 1 : 0,
        is_display: rand() < 0.93 ? 1 : 0,
        is_non_skippable: t.type === "youtube" || t.type === "media" ? (rand() < 0.5 ? 1 : 0) : 0,
        is_paused_inactive: t.type === "youtube" || t.type === "media" ? (rand() < 0.3 ? 1 : 0) : 0,
        is_allow_download: t.type === "document" || t.type === "file" ? (rand() < 0.6 ? 1 : 0) : 0,
        attempt: t.type === "scorm" ? 3 : 0,
        duration: t.minutes * 60,
        url,
        file: t.file ?? null,
        file_name: t.fileName ?? null,
        datetime_create: at,
        datetime_update: at,
      });
    }
    if (!imageSeeded && n === 2 && s.content_type_id === courseType) {
      imageSeeded = true;
      rows.push({
        ...IMAGE_SLOT,
        name: thai ? "แผนภาพประกอบการฝึก" : "Practice diagram",
        content_type_id: s.content_type_id,
        content_id: s.content_id,
        section_id: s.id,
        sort: count + 1,
        datetime_create: at,
        datetime_update: at,
      });
    }
  }
  await insertBatches(trx, "content_material", rows);

  // Prerequisites: only between displayed materials (a hidden prerequisite would be a dead end).
  const materials = await trx
    .selectFrom("content_material as m")
    .innerJoin("content_section as s", "s.id", "m.section_id")
    .select(["m.id", "m.content_type_id", "m.content_id", "m.is_display", "s.sort as section_sort", "m.sort"])
    .orderBy("m.content_type_id")
    .orderBy("m.content_id")
    .orderBy("s.sort")
    .orderBy("m.sort")
    .execute();
  const byContent = new Map<string, typeof materials>();
  for (const m of materials) {
    const key = `${m.content_type_id}:${m.content_id}`;
    byContent.set(key, [...(byContent.get(key) ?? []), m]);
  }
  const deps: Record<string, unknown>[] = [];
  for (const list of byContent.values()) {
    const lastSection = list[list.length - 1].section_sort;
    if (lastSection < 2 || rand() >= 0.35) continue;
    const first = list[0];
    const dependent = list.find((m) => m.section_sort === lastSection);
    if (dependent && first.is_display === 1 && dependent.is_display === 1)
      deps.push({ material_id: dependent.id, prerequisite_id: first.id });
  }
  await insertBatches(trx, "content_material_dependency", deps);
}

import type { Transaction } from "kysely";
import type { Database } from "./schema";

type Trx = Transaction<Database>;

/**
 * The demo classes' materials and their sessions' own pages (issue 16, docs/decisions/045), after
 * the classes seed: the leadership workshop and the presenting course get a material tab (sections
 * of a handbook, links and a video), their first sessions use some of them, the workshop's last
 * session asks the satisfaction survey; one session of each becomes online (a live rerun with
 * playback, an external conference with its link); the safety induction lists the safety walk
 * among its activities.
 */
type Slot = {
  type: "document" | "weblink" | "youtube" | "generic";
  name: string;
  url?: string;
  file?: string;
  fileName?: string;
  minutes: number;
  required?: boolean;
};
const PLAN: Record<
  string,
  { sections: { name: string; slots: Slot[] }[]; online?: { type: 1 | 5; url: string; playback: boolean } }
> = {
  "CLS-LEAD": {
    sections: [
      {
        name: "Before the workshop",
        slots: [
          {
            type: "document",
            name: "Workshop handbook",
            file: "/dashboard/demo/material-handbook.pdf",
            fileName: "handbook.pdf",
            minutes: 20,
          },
          {
            type: "youtube",
            name: "What leaders do",
            url: "https://www.youtube.com/watch?v=aircAruvnKk",
            minutes: 12,
            required: false,
          },
        ],
      },
      {
        name: "During the sessions",
        slots: [
          { type: "generic", name: "Team exercise: the first 90 days", minutes: 45 },
          {
            type: "weblink",
            name: "Coaching conversation guide",
            url: "https://www.w3.org/WAI/fundamentals/",
            minutes: 10,
          },
        ],
      },
    ],
    online: { type: 1, url: "", playback: true },
  },
  "CLS-COMM": {
    sections: [
      {
        name: "แบบฝึกหัดการนำเสนอ",
        slots: [
          {
            type: "weblink",
            name: "Slide design checklist",
            url: "https://developer.mozilla.org/en-US/docs/Learn",
            minutes: 15,
          },
        ],
      },
    ],
    online: { type: 5, url: "https://meet.example.com/presenting-follow-up", playback: false },
  },
};

export async function seedClassMaterials(trx: Trx, now: Date) {
  const at = new Date(now.getTime() - 10 * 24 * 3600 * 1000).toISOString();
  const classType = (
    await trx.selectFrom("content_type").select("id").where("code", "=", "class").executeTakeFirstOrThrow()
  ).id;
  for (const [code, plan] of Object.entries(PLAN)) {
    const klass = await trx.selectFrom("class").select("id").where("code", "=", code).executeTakeFirst();
    if (!klass) continue;
    const ref = { content_type_id: classType, content_id: klass.id };
    const materials: number[] = [];
    for (const [i, section] of plan.sections.entries()) {
      const s = await trx
        .insertInto("content_section")
        .values({ ...ref, name: section.name, sort: i + 1, is_display: 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const [j, slot] of section.slots.entries()) {
        const m = await trx
          .insertInto("content_material")
          .values({
            ...ref,
            section_id: s.id,
            sort: j + 1,
            slot_type: slot.type,
            name: slot.name,
            is_required: slot.required === false ? 0 : 1,
            is_preview: 0,
            is_display: 1,
            is_non_skippable: 0,
            is_paused_inactive: 0,
            is_allow_download: slot.file ? 1 : 0,
            attempt: 0,
            duration: slot.minutes * 60,
            url: slot.url ?? null,
            file: slot.file ?? null,
            file_name: slot.fileName ?? null,
            iden_attempt: null,
            iden_duration_lock: null,
            datetime_create: at,
            datetime_update: at,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        materials.push(m.id);
      }
    }
    const sessions = (
      await trx
        .selectFrom("class_session")
        .select("id")
        .where("class_id", "=", klass.id)
        .orderBy("datetime_start")
        .orderBy("id")
        .execute()
    ).map((r) => r.id);
    if (!sessions.length) continue;
    // The first session uses the first two materials; the others none yet.
    for (const [k, material] of materials.slice(0, 2).entries())
      await trx
        .insertInto("class_session_material")
        .values({ session_id: sessions[0], material_id: material, sort: k + 1 })
        .execute();
    // The last session is the online one.
    if (plan.online) {
      await trx
        .updateTable("class_session")
        .set({ type: plan.online.type, url: plan.online.url, is_playback: plan.online.playback ? 1 : 0 })
        .where("id", "=", sessions[sessions.length - 1])
        .execute();
    }
    if (code === "CLS-LEAD") {
      const survey = await trx.selectFrom("survey").select("id").where("code", "=", "SV-SAT").executeTakeFirst();
      if (survey)
        await trx
          .insertInto("class_session_survey")
          .values({ session_id: sessions[sessions.length - 1], survey_id: survey.id, is_required: 1, sort: 1 })
          .execute();
    }
  }
  const safety = await trx.selectFrom("class").select("id").where("code", "=", "CLS-SAFE").executeTakeFirst();
  const walk = await trx.selectFrom("activity").select("id").where("code", "=", "ACT-002").executeTakeFirst();
  if (safety && walk)
    await trx
      .insertInto("class_activity")
      .values({ class_id: safety.id, activity_id: walk.id, sort: 1, datetime_create: at })
      .execute();
}

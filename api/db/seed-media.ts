import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { Transaction } from "kysely";
import { ADDED_BY, ADD_METHOD } from "../../contract/codes";
import { MEDIA_KINDS, parseVideoLink, UGC_STATUS, type MediaKind } from "../../contract/media-codes";
import type { ApiContext } from "../http/context";
import { storeFile, type StoredFile } from "../uploads/index";
import type { Database } from "./schema";
import { insertBatches } from "./seed-kit";

/**
 * Media content of the demo organisation (issue 19 §7, docs/decisions/069): every media type,
 * shown and draft, with instructors, learners at every progress the material row allows, a flash
 * card set with its cards and learners' cards in every review state, a permission rule each, and a course slot requiring
 * an article (so the 424 of deleting or hiding it can be seen). Two steps: the rows inside the
 * demo's transaction (seedMedia), then the real small files made at seed time (seedMediaFiles: a
 * PDF written here, a tone and a short video made with ffmpeg), stored through the uploads module
 * like any upload. Without ffmpeg the audio and video stay without a file (one log line).
 */

type Plan = {
  kind: MediaKind;
  code: string;
  name: string;
  shown: boolean;
  url?: string;
  body?: string;
  learners: number;
};
const PLANS: Plan[] = [
  { kind: "video", code: "MV-001", name: "Welcome to the company (video)", shown: false, learners: 6 },
  { kind: "video", code: "MV-002", name: "Fire safety walkthrough", shown: false, learners: 3 },
  { kind: "audio", code: "MA-001", name: "Customer call etiquette (podcast)", shown: false, learners: 4 },
  { kind: "document", code: "MD-001", name: "Employee handbook", shown: false, learners: 5 },
  {
    kind: "external_video",
    code: "MX-001",
    name: "Presentation skills talk",
    shown: true,
    url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    learners: 4,
  },
  {
    kind: "external_video",
    code: "MX-002",
    name: "Design thinking keynote",
    shown: false,
    url: "https://vimeo.com/76979871",
    learners: 0,
  },
  {
    kind: "article",
    code: "MR-001",
    name: "Our code of conduct",
    shown: true,
    body: "Treat colleagues and customers with respect. Report concerns to your manager or to HR. Protect the company's data and your own password.",
    learners: 6,
  },
  {
    kind: "article",
    code: "MR-002",
    name: "Writing clear e-mails (draft)",
    shown: false,
    body: "Say what you need in the first line.",
    learners: 0,
  },
  { kind: "flash_card", code: "MF-001", name: "Thai greetings", shown: true, learners: 4 },
];

const CARDS: [string, string][] = [
  ["Hello", "สวัสดี (sawatdee)"],
  ["Thank you", "ขอบคุณ (khop khun)"],
  ["Excuse me", "ขอโทษ (kho thot)"],
  ["How are you?", "สบายดีไหม (sabai dee mai)"],
  ["Goodbye", "ลาก่อน (la kon)"],
];
const UGC: [string, string, number][] = [
  ["Good morning", "อรุณสวัสดิ์ (arun sawat)", UGC_STATUS.approved],
  ["See you later", "แล้วพบกันใหม่ (laew phop kan mai)", UGC_STATUS.waiting],
  ["Delicious", "อร่อย (aroi)", UGC_STATUS.waiting],
  ["Bad card", "??", UGC_STATUS.rejected],
];
/** File kinds shown once seedMediaFiles gave them their file. */
const SHOWN_WITH_FILE = ["MV-001", "MA-001", "MD-001"];
/** The material row's progress codes, cycled over each item's learners. */
const PROGRESS = [30, 21, 0, 30, 21, 30];

export async function seedMedia(trx: Transaction<Database>, now: Date) {
  const at = now.toISOString();
  const day = 24 * 3600 * 1000;
  const category = (await trx.selectFrom("category").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const provider = (await trx.selectFrom("provider").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const admin =
    (await trx.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirst())?.id ?? null;
  const instructors = (await trx.selectFrom("instructor").select("id").orderBy("id").limit(2).execute()).map(
    (r) => r.id,
  );
  const learner = (await trx.selectFrom("account").select("id").where("username", "=", "learner").executeTakeFirst())
    ?.id;
  const students = (
    await trx.selectFrom("account").select("id").where("username", "like", "student%").orderBy("id").limit(20).execute()
  ).map((r) => r.id);
  const pool = [...(learner ? [learner] : []), ...students];
  const typeIds = new Map(
    (await trx.selectFrom("content_type").select(["id", "code"]).execute()).map((r) => [r.code, r.id]),
  );
  const ids = new Map<string, number>();
  const department = (await trx.selectFrom("department").select("id").orderBy("id").executeTakeFirst())?.id;

  for (const [n, p] of PLANS.entries()) {
    const link = p.url ? parseVideoLink(p.url) : null;
    const { id } = await trx
      .insertInto("media")
      .values({
        name: p.name,
        code: p.code,
        content_level: null,
        program: null,
        category_id: category,
        provider_id: provider,
        is_environmental: 0,
        desc: "",
        is_display: p.shown ? 1 : 0,
        datetime_start: null,
        datetime_first_publish: p.shown ? new Date(now.getTime() - 20 * day).toISOString() : null,
        datetime_create: new Date(now.getTime() - 30 * day).toISOString(),
        datetime_update: at,
        created_by: admin,
        kind: p.kind,
        file_key: null,
        file_name: null,
        file_size: null,
        duration: null,
        thumbnail: null,
        url: p.url ?? null,
        video_provider: link?.provider ?? null,
        video_id: link?.id ?? null,
        body: p.body ?? "",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.set(p.code, id);
    // Who may see it: a rule for one department (the permission tab's condition page has a row).
    const rule = await trx
      .insertInto("content_permission")
      .values({
        content_type_id: typeIds.get(p.kind)!,
        content_id: id,
        mode: 2,
        permission: 2,
        operator: 1,
        age_gte: -1,
        age_lte: -1,
        experience_gte: -1,
        experience_lte: -1,
        level_year_gte: -1,
        level_year_lte: -1,
        service_gte: -1,
        service_lte: -1,
        level_group_year_gte: -1,
        level_group_year_lte: -1,
        date_account_start_gte: null,
        date_account_start_lte: null,
        datetime_create: at,
        datetime_update: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (department !== undefined)
      await trx
        .insertInto("content_permission_item")
        .values({ permission_id: rule.id, field: "department", ref_id: department })
        .execute();
    if (instructors.length)
      await trx
        .insertInto("media_instructor")
        .values({ media_id: id, instructor_id: instructors[n % instructors.length] })
        .execute();
    const chosen = pool.slice(n % 3, (n % 3) + p.learners);
    if (chosen.length) {
      await insertBatches(
        trx,
        "content_enrollment",
        chosen.map((account_id, i) => {
          const status = PROGRESS[i % PROGRESS.length];
          const started = status === 0 ? null : new Date(now.getTime() - (10 - i) * day).toISOString();
          return {
            account_id,
            content_type_id: typeIds.get(p.kind)!,
            content_id: id,
            status,
            add_method: ADD_METHOD.assigned,
            added_by: ADDED_BY.learner_list,
            created_by: admin,
            datetime_enroll: new Date(now.getTime() - 15 * day).toISOString(),
            datetime_start: started,
            datetime_complete: status === 30 ? at : null,
            datetime_update: started ?? at,
          };
        }),
      );
    }
  }

  const cards = ids.get("MF-001")!;
  await trx
    .insertInto("media_card")
    .values(CARDS.map(([front, back], i) => ({ media_id: cards, sort: i + 1, front, back })))
    .execute();
  await trx
    .insertInto("media_ugc_card")
    .values(
      UGC.map(([front, back, status], i) => ({
        media_id: cards,
        account_id: pool[i % Math.max(1, pool.length)] ?? null,
        front,
        back,
        status,
        datetime_create: new Date(now.getTime() - (i + 1) * day).toISOString(),
        datetime_update: at,
      })),
    )
    .execute();

  // A course's slot plays the code of conduct and is required: the article cannot be deleted or hidden.
  const courseType = typeIds.get("course")!;
  const section = await trx
    .selectFrom("content_section")
    .select(["id", "content_id"])
    .where("content_type_id", "=", courseType)
    .orderBy("content_id")
    .orderBy("sort")
    .executeTakeFirst();
  if (section) {
    const top =
      (
        await trx
          .selectFrom("content_material")
          .select((eb) => eb.fn.max("sort").as("s"))
          .where("section_id", "=", section.id)
          .executeTakeFirst()
      )?.s ?? 0;
    await trx
      .insertInto("content_material")
      .values({
        content_type_id: courseType,
        content_id: section.content_id,
        section_id: section.id,
        sort: Number(top) + 1,
        slot_type: "generic",
        name: "Read: our code of conduct",
        is_required: 1,
        is_preview: 0,
        is_display: 1,
        is_non_skippable: 0,
        is_paused_inactive: 0,
        is_allow_download: 0,
        attempt: 0,
        duration: 0,
        url: null,
        file: null,
        file_name: null,
        media_id: ids.get("MR-001")!,
        iden_attempt: null,
        iden_duration_lock: null,
        datetime_create: at,
        datetime_update: at,
      })
      .execute();
  }
}

const run = promisify(execFile);

/** A minimal valid one-page PDF with a line of text (offsets computed, so readers accept it). */
export function minimalPdf(text: string): Buffer {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    null,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  const stream = `BT /F1 18 Tf 72 760 Td (${text.replace(/[()\\]/g, "")}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** ffmpeg's output for these arguments, or null when ffmpeg is missing or fails. */
async function ffmpeg(args: string[]): Promise<Buffer | null> {
  try {
    const { stdout } = await run("ffmpeg", ["-v", "error", ...args, "pipe:1"], {
      encoding: "buffer",
      maxBuffer: 32 * 1024 * 1024,
    });
    return stdout as Buffer;
  } catch {
    return null;
  }
}

/**
 * The seeded items' files (and their content library copies', `LIB-{code}`: seed-library.ts), made now and stored like any upload (after the demo's transaction: the
 * uploads module writes through its own connection). Run once, after seedDemo.
 */
export async function seedMediaFiles(ctx: ApiContext, log: (line: string) => void = console.log) {
  const admin = (await ctx.db.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirst())
    ?.id;
  if (!admin) return;
  const items = await ctx.db
    .selectFrom("media")
    .select(["id", "kind", "code"])
    .where("file_key", "is", null)
    .where(
      "code",
      "in",
      PLANS.flatMap((p) => [p.code, `LIB-${p.code}`]),
    )
    .execute();
  const made = new Map<string, Buffer | null>();
  const fileOf = async (kind: MediaKind): Promise<[string, Buffer | null]> => {
    if (kind === "document") return ["handbook.pdf", minimalPdf("Employee handbook - demo")];
    const args =
      kind === "audio"
        ? ["-f", "lavfi", "-i", "sine=frequency=440:duration=3", "-f", "mp3"]
        : [
            "-f",
            "lavfi",
            "-i",
            "testsrc=duration=3:size=320x180:rate=10",
            "-f",
            "lavfi",
            "-i",
            "sine=frequency=660:duration=3",
            "-shortest",
            "-pix_fmt",
            "yuv420p",
            "-movflags",
            "frag_keyframe+empty_moov",
            "-f",
            "mp4",
          ];
    if (!made.has(kind)) made.set(kind, await ffmpeg(args));
    return [kind === "audio" ? "tone.mp3" : "clip.mp4", made.get(kind) ?? null];
  };
  let missing = false;
  for (const item of items) {
    const uploadKind = MEDIA_KINDS[item.kind as MediaKind]?.file;
    if (!uploadKind) continue;
    const [fileName, data] = await fileOf(item.kind as MediaKind);
    if (!data) {
      missing = true;
      continue;
    }
    let f: StoredFile;
    try {
      f = await storeFile(ctx, { kinds: [uploadKind], field: "file", fileName, source: data, accountId: admin });
    } catch {
      missing = true;
      continue;
    }
    await ctx.db
      .updateTable("media")
      // The first of each file kind is shown once it has its file (its publish precondition).
      .set({
        file_key: f.key,
        file_name: f.file_name,
        file_size: f.size,
        duration: f.duration === null ? null : Math.round(f.duration),
        thumbnail: f.thumbnail,
        ...(SHOWN_WITH_FILE.includes(item.code)
          ? { is_display: 1, datetime_first_publish: ctx.now().toISOString() }
          : {}),
      })
      .where("id", "=", item.id)
      .execute();
  }
  if (missing) log("[api] ffmpeg not found (or failed): the demo's audio and video items are seeded without a file");
}

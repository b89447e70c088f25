import type { Transaction } from "kysely";
import { copyItem } from "../content/library/take";
import type { Database } from "./schema";
import { insertAgeRule } from "./seed-kit";

type Trx = Transaction<Database>;

/**
 * The demo's content library (issue 19 §6, docs/decisions/071): a library item of each type it
 * repeats — a course with its curriculum, a class program holding the spreadsheet class, and one
 * item of each media kind with its file, link, body or cards — copied from the organisation's
 * seeded items by the same copy the take call uses (api/content/library/take.ts), then shown,
 * coded `LIB-…`, with learners at the source's progress, its permission rules and a flash card
 * set's learners' cards, so every library page has rows. Runs after the media seed; the library's
 * files are the sources' (seedMediaFiles stores them first; the copies share them).
 */

/** The organisation's items the library starts from: [table, content type, code]. */
const SOURCES: ["course" | "class_program" | "media", string, string][] = [
  ["course", "course", "CRS-0001"],
  ["class_program", "class_program", "CPG-DATA"],
  ["media", "article", "MR-001"],
  ["media", "audio", "MA-001"],
  ["media", "document", "MD-001"],
  ["media", "external_video", "MX-001"],
  ["media", "flash_card", "MF-001"],
  ["media", "video", "MV-001"],
];

/** What a library item's seeded name adds to its source's. */
const LIBRARY_EDITION = "(library edition)";

/** The library program's class: the organisation's spreadsheet class moves under it (its classes are the organisation's events). */
const LIBRARY_PROGRAM_CLASS = "CLS-XLS";

export async function seedLibrary(trx: Trx, now: Date) {
  const admin =
    (await trx.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirst())?.id ?? null;
  const typeIds = new Map(
    (await trx.selectFrom("content_type").select(["id", "code"]).execute()).map((r) => [r.code, r.id]),
  );
  for (const [table, contentType, code] of SOURCES) {
    const source = await trx
      .selectFrom(table)
      .select(["id", "name", "is_display", "datetime_first_publish"])
      .where("code", "=", code)
      .executeTakeFirst();
    if (!source) continue;
    const id = await copyItem(trx, { table, contentType }, source.id, { accountId: admin, now, toLibrary: true });
    // Its own name, as a catalogue's title would differ from the organisation's own item's.
    const name = `${source.name} ${LIBRARY_EDITION}`;
    await trx
      .updateTable(table)
      .set({
        name,
        code: `LIB-${code}`,
        is_display: 1,
        datetime_first_publish: source.datetime_first_publish ?? now.toISOString(),
      })
      .where("id", "=", id)
      .execute();
    const typeId = typeIds.get(contentType)!;
    await copyLearnersAndRules(trx, typeId, source.id, id);
    await withRule(trx, { content_type_id: typeId, content_id: id }, now);
    if (contentType === "flash_card") {
      const ugc = await trx
        .selectFrom("media_ugc_card")
        .selectAll()
        .where("media_id", "=", source.id)
        .orderBy("id")
        .execute();
      for (const { id: _id, ...card } of ugc)
        await trx
          .insertInto("media_ugc_card")
          .values({ ...card, media_id: id })
          .execute();
    }
    if (contentType === "class_program") {
      await trx.updateTable("class").set({ class_program_id: id }).where("code", "=", LIBRARY_PROGRAM_CLASS).execute();
      const klass = await trx
        .selectFrom("class")
        .select("id")
        .where("code", "=", LIBRARY_PROGRAM_CLASS)
        .executeTakeFirst();
      if (klass) await withRule(trx, { content_type_id: typeIds.get("class")!, content_id: klass.id }, now);
    }
  }
}

/** Who may see it: the staff aged 18–60, unless it has a rule already (each library page then has its rows). */
async function withRule(trx: Trx, content: { content_type_id: number; content_id: number }, now: Date) {
  const has = await trx
    .selectFrom("content_permission")
    .select("id")
    .where("content_type_id", "=", content.content_type_id)
    .where("content_id", "=", content.content_id)
    .executeTakeFirst();
  if (!has) await insertAgeRule(trx, content, 1, now.toISOString());
}

/** The source's learners (with their progress) and permission rules (with their conditions), for the copy `to`. */
async function copyLearnersAndRules(trx: Trx, typeId: number, from: number, to: number) {
  const learners = await trx
    .selectFrom("content_enrollment")
    .selectAll()
    .where("content_type_id", "=", typeId)
    .where("content_id", "=", from)
    .orderBy("id")
    .execute();
  for (const { id: _id, ...row } of learners)
    await trx
      .insertInto("content_enrollment")
      .values({ ...row, content_id: to })
      .execute();
  const rules = await trx
    .selectFrom("content_permission")
    .selectAll()
    .where("content_type_id", "=", typeId)
    .where("content_id", "=", from)
    .orderBy("id")
    .execute();
  for (const { id: ruleId, ...rule } of rules) {
    const made = await trx
      .insertInto("content_permission")
      .values({ ...rule, content_id: to })
      .returning("id")
      .executeTakeFirstOrThrow();
    const items = await trx
      .selectFrom("content_permission_item")
      .selectAll()
      .where("permission_id", "=", ruleId)
      .execute();
    if (items.length)
      await trx
        .insertInto("content_permission_item")
        .values(items.map((i) => ({ ...i, permission_id: made.id })))
        .execute();
  }
}

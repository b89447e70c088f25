import type { ContentDetail, ContentRow } from "../../../contract/schemas/content";
import type { Db } from "../../db/index";
import { contentResource } from "../base-resource";
import { collectionOf } from "../library/collection";

/**
 * Class program (spec 000 §2.4 `/class-program…`, docs/decisions/044) on the engine's content
 * resource: its classes are classes whose `class_program_id` names it (listed by the class list's
 * `class_program` filter), so a list row adds only how many it has. Published like any content;
 * the spec names no precondition for a program.
 */
export type ClassProgramRow = ContentRow & { class_count: number };
export type ClassProgram = ClassProgramRow & ContentDetail;

async function classCounts(db: Db, ids: number[]) {
  const rows = await db
    .selectFrom("class")
    .select((eb) => ["class_program_id", eb.fn.countAll<number>().as("n")])
    .where("class_program_id", "in", ids)
    .groupBy("class_program_id")
    .execute();
  return new Map(rows.map((r) => [r.class_program_id, Number(r.n)]));
}

/** The class program resource of one collection: the organisation's or the library's (docs/decisions/071). */
export const classProgramResourceOf = (library: boolean) =>
  contentResource<ClassProgramRow, ClassProgram>({
    key: "class_program",
    schema: "class_program",
    table: "class_program",
    ...collectionOf("class_program", "class_program", library),
    hasImage: true,
    async rowExtras(db, ids) {
      const counts = await classCounts(db, ids);
      return (id) => ({ class_count: counts.get(id) ?? 0 });
    },
    publishRefusal: async () => null,
    scopes: {},
  });

/** The organisation's class programs. */
export const classProgramResource = classProgramResourceOf(false);
export type ClassProgramResource = typeof classProgramResource;

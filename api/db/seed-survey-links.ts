import type { Transaction } from "kysely";
import type { Database } from "./schema";

type Trx = Transaction<Database>;

/**
 * A survey attached to a class, a program's class, and the library's course and program class
 * (docs/decisions/081): their survey tabs then have results to show, and the manifest walks
 * (route smoke, permission matrix, axe) a real page at every survey result address. Courses get
 * theirs in seed-extras. After the classes, programs and library.
 */
export async function seedSurveyLinks(trx: Trx) {
  const survey = (await trx.selectFrom("survey").select("id").orderBy("id").executeTakeFirst())?.id;
  if (survey === undefined) return;
  const typeId = async (code: string) =>
    (await trx.selectFrom("content_type").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  const [course, klass] = [await typeId("course"), await typeId("class")];
  const libraryCourse = await trx
    .selectFrom("course")
    .select("id")
    .where("is_library", "=", 1)
    .orderBy("id")
    .executeTakeFirst();
  const classWhere = (program: "none" | "organisation" | "library") => {
    let q = trx.selectFrom("class").select("class.id").where("class.datetime_cancel", "is", null);
    if (program === "none") q = q.where("class.class_program_id", "is", null);
    else
      q = q
        .innerJoin("class_program as p", "p.id", "class.class_program_id")
        .where("p.is_library", "=", program === "library" ? 1 : 0);
    return q.orderBy("class.id").executeTakeFirst();
  };
  const targets = [
    libraryCourse && { content_type_id: course, content_id: libraryCourse.id },
    ...(await Promise.all((["none", "organisation", "library"] as const).map(classWhere))).map(
      (c) => c && { content_type_id: klass, content_id: c.id },
    ),
  ].filter((t): t is { content_type_id: number; content_id: number } => Boolean(t));
  for (const t of targets) {
    const taken = await trx
      .selectFrom("content_survey")
      .select("id")
      .where("content_type_id", "=", t.content_type_id)
      .where("content_id", "=", t.content_id)
      .where("survey_id", "=", survey)
      .executeTakeFirst();
    if (!taken)
      await trx
        .insertInto("content_survey")
        .values({ ...t, survey_id: survey, is_required: 0, sort: 1 })
        .execute();
  }
}

import type { FastifyInstance } from "fastify";
import { sql, type SqlBool } from "kysely";
import type { Course, CourseRow } from "../../../contract/schemas/content";
import { contentResource } from "../base-resource";
import { contentTypeId } from "../ref";
import type { ApiContext } from "../../http/context";
import { idFilterValue, inTransaction, itemAccess, roleIds, type Trx } from "../../engine/crud";
import { publishRefusal, removeCourseImage, setCourseImage } from "./publish";
import { storeImageUpload } from "../../system/media";
import { collectionOf } from "../library/collection";

/**
 * Course (spec 000 §2.5) on the engine's content resource: what it adds is its instructors (a list
 * field and a view scope), its cover image, the section count of its rows and its publish rule.
 */

/** The instructors of a create or update (course_instructor is the course's own table). */
async function saveInstructors(trx: Trx, id: number, input: Record<string, unknown>) {
  const list = input.instructor_list as number[] | undefined;
  if (list === undefined) return;
  await trx.deleteFrom("course_instructor").where("course_id", "=", id).execute();
  if (list.length)
    await trx
      .insertInto("course_instructor")
      .values(list.map((instructor_id) => ({ course_id: id, instructor_id })))
      .execute();
}

/** The course resource of one collection: the organisation's (`courseResource`) or the library's (docs/decisions/071). */
export const courseResourceOf = (library: boolean) =>
  contentResource<CourseRow, Course>({
    key: "course",
    schema: "course",
    table: "course",
    ...collectionOf("course", "course", library),
    hasImage: true,
    async rowExtras(db, ids) {
      const counts = await db
        .selectFrom("content_section")
        .select(["content_id", (eb) => eb.fn.countAll<number>().as("n")])
        .where("content_type_id", "=", await contentTypeId(db, "course"))
        .where("content_id", "in", ids)
        .groupBy("content_id")
        .execute();
      const sections = new Map(counts.map((c) => [c.content_id, Number(c.n)]));
      return (id) => ({ section_count: sections.get(id) ?? 0 });
    },
    async itemExtras(db, id) {
      const instructor_list = await db
        .selectFrom("course_instructor")
        .innerJoin("instructor", "instructor.id", "course_instructor.instructor_id")
        .select(["instructor.id", "instructor.name"])
        .where("course_instructor.course_id", "=", id)
        .orderBy("instructor.name")
        .orderBy("instructor.id")
        .execute();
      return { instructor_list };
    },
    saveOwn: saveInstructors,
    publishRefusal,
    scopes: {
      instructor: {
        where: (accountId) =>
          sql<SqlBool>`exists (select 1 from ${sql.table("course_instructor")} as ci where ${sql.ref("ci.course_id")} = ${sql.ref("t.id")} and ${sql.ref("ci.instructor_id")} in ${roleIds("instructor", accountId)})`,
        field: "instructor_list",
      },
    },
    refs: { instructor_list: { table: "instructor" } },
    filters: {
      // Courses one of these instructors teaches (an auto-assignment's content rule, docs/decisions/059).
      instructor: {
        parse: idFilterValue,
        where: (ids: number[]) =>
          sql<SqlBool>`exists (select 1 from ${sql.table("course_instructor")} as ci where ${sql.ref("ci.course_id")} = ${sql.ref("t.id")} and ${sql.ref("ci.instructor_id")} in (${sql.join(ids)}))`,
      },
    },
  });

/** The organisation's courses. */
export const courseResource = courseResourceOf(false);
type CourseResource = typeof courseResource;

/**
 * The course's own calls (the engine mounts the rest, api/content/mount.ts): its cover image,
 * POST {path}/{id}/image/ (multipart field `image`) and DELETE {path}/{id}/image/ (also
 * unpublishes), under the resource's path (the organisation's or the library's). Both need the
 * change flag and answer the course.
 */
export const courseImageRoutes = (resource: CourseResource) => (app: FastifyInstance, ctx: ApiContext) => {
  const { db } = ctx;
  const imagePath = `/dashboard/${resource.path}/:id(^\\d{1,12})/image/`;

  app.post(imagePath, async (req) => {
    const { id } = await itemAccess(req, db, resource, ["change"]);
    const url = await storeImageUpload(req, db, ctx.mediaDir, "course");
    const now = ctx.now();
    await inTransaction(db, resource, (trx) => setCourseImage(trx, id, url, now));
    return resource.load(db, id, now);
  });

  app.delete(imagePath, async (req) => {
    const { id } = await itemAccess(req, db, resource, ["change"]);
    const now = ctx.now();
    await inTransaction(db, resource, (trx) => removeCourseImage(trx, id, now));
    return resource.load(db, id, now);
  });
};

import type { FastifyInstance } from "fastify";
import { sql, type SqlBool } from "kysely";
import { CONTENT_TAG_EXTRAS, GENERAL_TAG_TYPE, PUBLISH_STATUS, derivePublishStatus, type PublishStatus } from "../../contract/codes";
import { MSG } from "../../contract/messages";
import {
  courseDisplaySchema,
  courseSchemas,
  type Course,
  type CourseCreateInput,
  type CourseDisplayInput,
  type CourseRow,
  type CourseUpdateInput,
  type IdName,
} from "../../contract/schemas/course";
import { fromFlag, toFlag, type Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { notFound } from "../http/errors";
import { dependencyRefusal, removeContentRows } from "../content/remove";
import { configValues } from "./config-store";
import { idFilterValue, inTransaction, itemAccess, roleIds, type RefRule, type Resource, type Trx } from "./crud";
import { removeCourseImage, setCourseDisplay, setCourseImage } from "./course-publish";
import { MAX_UPLOAD_BYTES, readImageUpload, storeMedia } from "./media";
import { contentTags, setContentTags, tagsOfType } from "./tags";
import { contentTypeId } from "../content/ref";

const t = (col: string) => sql.ref(`t.${col}`);
const inList = (col: string, values: readonly (number | string)[]) => sql<SqlBool>`${t(col)} in (${sql.join(values)})`;

/** Publish status as a condition on the row at `now` (the SQL twin of derivePublishStatus). */
function publishStatusWhere(status: PublishStatus, now: Date) {
  const at = now.toISOString();
  if (status === PUBLISH_STATUS.unpublish) return sql<SqlBool>`${t("is_display")} = 0`;
  if (status === PUBLISH_STATUS.schedule) return sql<SqlBool>`(${t("is_display")} = 1 and ${t("datetime_start")} is not null and ${t("datetime_start")} > ${at})`;
  return sql<SqlBool>`(${t("is_display")} = 1 and (${t("datetime_start")} is null or ${t("datetime_start")} <= ${at}))`;
}

const CONFIG_KEYS = ["text-limit", "code-limit", "description-limit", ...CONTENT_TAG_EXTRAS.map((e) => e.config)] as const;

/** The schemas under the configured limits, with the extras whose config flag is on. */
async function schemasFor(db: Db) {
  const config = await configValues(db, CONFIG_KEYS);
  const limits = { text: Number(config["text-limit"]), code: Number(config["code-limit"]), description: Number(config["description-limit"]) };
  return courseSchemas(limits, CONTENT_TAG_EXTRAS.filter((e) => (config[e.config] as unknown) === true).map((e) => e.field));
}

async function idNames(db: Db, table: "category" | "provider" | "level", ids: number[]): Promise<Map<number, IdName>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom(`${table} as r` as "category as r").select(["r.id", "r.name"]).where("r.id", "in", unique).execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name }]));
}

type ListRow = {
  id: number;
  name: string;
  code: string;
  category_id: number;
  provider_id: number;
  image: string | null;
  is_display: number;
  datetime_start: string | null;
  datetime_first_publish: string | null;
  datetime_create: string;
  datetime_update: string;
};

/** List rows → answers: names of category and provider, section counts, the derived status; four queries a page. */
async function presentRows(db: Db, raw: Record<string, unknown>[], now: Date): Promise<CourseRow[]> {
  const rows = raw as ListRow[];
  if (!rows.length) return [];
  const categories = await idNames(db, "category", rows.map((r) => r.category_id));
  const providers = await idNames(db, "provider", rows.map((r) => r.provider_id));
  const counts = await db
    .selectFrom("content_section")
    .select(["content_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("content_type_id", "=", await contentTypeId(db, "course"))
    .where("content_id", "in", rows.map((r) => r.id))
    .groupBy("content_id")
    .execute();
  const sections = new Map(counts.map((c) => [c.content_id, Number(c.n)]));
  return rows.map((r) => {
    const { status, label } = derivePublishStatus(r, now);
    return {
      id: r.id,
      name: r.name,
      code: r.code,
      category: categories.get(r.category_id) ?? { id: r.category_id, name: "" },
      provider: providers.get(r.provider_id) ?? { id: r.provider_id, name: "" },
      image: r.image,
      is_display: fromFlag(r.is_display),
      datetime_start: r.datetime_start,
      datetime_first_publish: r.datetime_first_publish,
      publish_status: status,
      publish_label: label,
      section_count: sections.get(r.id) ?? 0,
      datetime_create: r.datetime_create,
      datetime_update: r.datetime_update,
    };
  });
}

/** One course as GET course/{id}/ answers it. */
async function loadCourse(db: Db, id: number, now: Date): Promise<Course> {
  const full = await db.selectFrom("course").selectAll().where("id", "=", id).executeTakeFirst();
  if (!full) throw notFound();
  const [listRow] = await presentRows(db, [full], now);
  const levels = await idNames(db, "level", full.content_level === null ? [] : [full.content_level]);
  const instructors = await db
    .selectFrom("course_instructor")
    .innerJoin("instructor", "instructor.id", "course_instructor.instructor_id")
    .select(["instructor.id", "instructor.name"])
    .where("course_instructor.course_id", "=", id)
    .orderBy("instructor.name")
    .orderBy("instructor.id")
    .execute();
  const ct = await db.selectFrom("content_type").select(["id", "code", "type"]).where("code", "=", "course").executeTakeFirstOrThrow();
  const tags = await contentTags(db, ct.id, id);
  const dependent = await db.selectFrom("content_prerequisite").select("content_id").where("content_type_id", "=", ct.id).where("prerequisite_id", "=", id).executeTakeFirst();
  const extras = Object.fromEntries(CONTENT_TAG_EXTRAS.map((e) => [e.field, tagsOfType(tags, e.type)])) as Record<(typeof CONTENT_TAG_EXTRAS)[number]["field"], IdName[]>;
  return {
    ...listRow,
    content_level: full.content_level === null ? null : (levels.get(full.content_level) ?? null),
    program: full.program,
    is_environmental: fromFlag(full.is_environmental),
    desc: full.desc,
    instructor_list: instructors,
    tag_list: tagsOfType(tags, GENERAL_TAG_TYPE),
    ...extras,
    content_type: ct,
    is_prerequisite: !!dependent,
    created_by: full.created_by,
  };
}

const LIST_COLUMNS = [
  "id", "name", "code", "category_id", "provider_id", "image", "is_display", "datetime_start", "datetime_first_publish",
  "datetime_create", "datetime_update",
] as const;

/** The instructors and the tags (general and the switched-on extras present in the input). */
async function saveLists(trx: Trx, id: number, input: Partial<CourseCreateInput>) {
  if (input.instructor_list !== undefined) {
    await trx.deleteFrom("course_instructor").where("course_id", "=", id).execute();
    if (input.instructor_list.length) {
      await trx.insertInto("course_instructor").values(input.instructor_list.map((instructor_id) => ({ course_id: id, instructor_id }))).execute();
    }
  }
  const ct = await contentTypeId(trx, "course");
  if (input.tag_list !== undefined) await setContentTags(trx, ct, id, GENERAL_TAG_TYPE, input.tag_list);
  for (const e of CONTENT_TAG_EXTRAS) {
    const ids = input[e.field];
    if (ids !== undefined) await setContentTags(trx, ct, id, e.type, ids);
  }
}

export const courseResource: Resource<CourseRow, Course, CourseCreateInput, CourseUpdateInput, CourseDisplayInput> = {
  path: "course",
  table: "course",
  module: "course",
  contentType: "course",
  columns: LIST_COLUMNS,
  search: ["name", "code"],
  ordering: {
    name: sql`lower(${t("name")})`,
    code: sql`lower(${t("code")})`,
    datetime_create: t("datetime_create"),
    datetime_update: t("datetime_update"),
    datetime_start: t("datetime_start"),
    id: t("id"),
  },
  defaultOrdering: "-datetime_update",
  filters: {
    // A top-level category also finds the courses of its sub-categories.
    category: {
      parse: idFilterValue,
      where: (ids: number[]) =>
        sql<SqlBool>`(${inList("category_id", ids)} or ${t("category_id")} in (select ${sql.ref("c.id")} from ${sql.table("category")} as c where ${sql.ref("c.parent_id")} in (${sql.join(ids)})))`,
    },
    provider: { parse: idFilterValue, where: (ids: number[]) => inList("provider_id", ids) },
    publish_status: {
      parse: (v: string) => ((Object.values(PUBLISH_STATUS) as string[]).includes(v) ? (v as PublishStatus) : null),
      where: (values: PublishStatus[], now: Date) => sql<SqlBool>`(${sql.join(values.map((v) => publishStatusWhere(v, now)), sql` or `)})`,
    },
  },
  scopes: {
    provider: { where: (accountId) => sql<SqlBool>`${t("provider_id")} in ${roleIds("provider", accountId)}`, field: "provider" },
    instructor: {
      where: (accountId) =>
        sql<SqlBool>`exists (select 1 from ${sql.table("course_instructor")} as ci where ${sql.ref("ci.course_id")} = ${t("id")} and ${sql.ref("ci.instructor_id")} in ${roleIds("instructor", accountId)})`,
      field: "instructor_list",
    },
  },
  refs: {
    category: { table: "category" },
    provider: { table: "provider" },
    content_level: { table: "level" },
    instructor_list: { table: "instructor" },
    tag_list: { table: "tag", where: { type: GENERAL_TAG_TYPE } },
    ...(Object.fromEntries(CONTENT_TAG_EXTRAS.map((e) => [e.field, { table: "tag", where: { type: e.type } }])) as Record<string, RefRule>),
  },
  unique: [{ field: "code", column: "code", message: MSG.code_already_used }],
  schemas: schemasFor,
  present: presentRows,
  load: loadCourse,
  async insert(trx, input, w) {
    const at = w.now.toISOString();
    const { id } = await trx
      .insertInto("course")
      .values({
        name: input.name,
        code: input.code,
        content_level: input.content_level,
        program: input.program,
        category_id: input.category,
        provider_id: input.provider,
        is_environmental: toFlag(input.is_environmental),
        desc: input.desc,
        image: null,
        is_display: 0,
        datetime_start: null,
        datetime_first_publish: null,
        datetime_create: at,
        datetime_update: at,
        created_by: w.account.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await saveLists(trx, id, input);
    return id;
  },
  async patch(trx, id, input, w) {
    await trx
      .updateTable("course")
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.code !== undefined && { code: input.code }),
        ...(input.content_level !== undefined && { content_level: input.content_level }),
        ...(input.program !== undefined && { program: input.program }),
        ...(input.category !== undefined && { category_id: input.category }),
        ...(input.provider !== undefined && { provider_id: input.provider }),
        ...(input.is_environmental !== undefined && { is_environmental: toFlag(input.is_environmental) }),
        ...(input.desc !== undefined && { desc: input.desc }),
        datetime_update: w.now.toISOString(),
      })
      .where("id", "=", id)
      .execute();
    await saveLists(trx, id, input);
  },
  /**
   * Everything the course owns goes with it, in the one transaction (docs/decisions/018): the rows
   * keyed by content type and id (tags, enrollment settings and identification, permission rules
   * with their conditions, administrators, discussion, identification log) here; the rest by
   * their foreign keys' ON DELETE CASCADE (instructors, sections and materials with their
   * dependencies, its own prerequisites, enrollments, competencies, surveys, gamification
   * criteria with who earned them, budget and its records, certificate). While another course
   * lists it as a prerequisite the delete is refused (424) and nothing is removed.
   */
  async remove(trx, id) {
    const ref = { contentTypeId: await contentTypeId(trx, "course"), contentId: id };
    const refusal = await dependencyRefusal(trx, ref);
    if (refusal) throw refusal;
    await removeContentRows(trx, ref);
    // Its instructors go with it by foreign key (course_instructor is the course's own table).
    await trx.deleteFrom("course").where("id", "=", id).execute();
  },
  display: {
    keys: ["is_display", "datetime_start"],
    schema: courseDisplaySchema,
    apply: (trx, id, input, w) => setCourseDisplay(trx, id, input, w.now),
  },
};

/**
 * dashboard/course/…: the generic endpoints of the resource, plus the cover image:
 * POST course/{id}/image/ (multipart field `image`) and DELETE course/{id}/image/ (also unpublishes).
 * Both need the change flag and answer the course.
 */
/** The course's own calls: its cover image (the engine mounts the rest, api/content/mount.ts). */
export function courseImageRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const imagePath = "/dashboard/course/:id(^\\d{1,12})/image/";

  app.post(imagePath, async (req) => {
    const { id } = await itemAccess(req, db, courseResource, ["change"]);
    const { "image-size-limit": limit } = await configValues(db, ["image-size-limit"]);
    const upload = await readImageUpload(req, "image", Number(limit) || MAX_UPLOAD_BYTES);
    const url = await storeMedia(ctx.mediaDir, "course", upload);
    const now = ctx.now();
    await inTransaction(db, courseResource, (trx) => setCourseImage(trx, id, url, now));
    return courseResource.load(db, id, now);
  });

  app.delete(imagePath, async (req) => {
    const { id } = await itemAccess(req, db, courseResource, ["change"]);
    const now = ctx.now();
    await inTransaction(db, courseResource, (trx) => removeCourseImage(trx, id, now));
    return courseResource.load(db, id, now);
  });
}

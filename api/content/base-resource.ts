import { sql, type RawBuilder, type SqlBool } from "kysely";
import {
  CONTENT_TAG_EXTRAS,
  GENERAL_TAG_TYPE,
  PUBLISH_STATUS,
  derivePublishStatus,
  type PublishStatus,
} from "../../contract/codes";
import { MSG } from "../../contract/messages";
import type { Module } from "../../contract/permissions";
import {
  CONTENT_SCHEMAS,
  contentDisplaySchema,
  type ContentDetail,
  type ContentRow,
  type ContentCreateInput,
  type ContentDisplayInput,
  type ContentSchemaName,
  type ContentUpdateInput,
  type IdName,
} from "../../contract/schemas/content";
import { fromFlag, toFlag, type Db } from "../db/index";
import { notFound, type ApiError } from "../http/errors";
import { configValues } from "../system/config-store";
import {
  idFilterValue,
  roleIds,
  type FilterRule,
  type ItemGrants,
  type RefRule,
  type Resource,
  type ResourceTable,
  type ScopeRule,
  type Trx,
  type WriteContext,
} from "../engine/crud";
import { contentTags, setContentTags, tagsOfType } from "./features/tags";
import { setContentDisplay, type PublishRefusal } from "./publish";
import { contentTypeId } from "./ref";
import { dependencyRefusal, removeContentRows } from "./remove";
import type { ViewScope } from "../../contract/permissions";

/**
 * The resource every content type of the engine stands on (issue 13): the columns they all have
 * (spec 001 §3 "Content": name, code, level, program, category, provider, environmental,
 * description, tags and the switched-on extras, publish state), their list with search, filters
 * and the derived publish status, create/update/delete through the contract's schema, and show,
 * hide and schedule under the type's publish rule. What a type adds (course: instructors and a
 * cover image; activity: checklists) comes in through the options, never a copy.
 */

const t = (col: string) => sql.ref(`t.${col}`);
const inList = (col: string, values: readonly (number | string)[]) => sql<SqlBool>`${t(col)} in (${sql.join(values)})`;

/**
 * A list filter on one code column of the type's own table (a survey's type, a bank's question
 * type, a live's status): the value as the code is written ("1", "-1"; not "01"), one of `codes`.
 */
export const codeFilter = (codes: readonly number[], column: string): FilterRule => ({
  parse: (v: string) => (String(Number(v)) === v && codes.includes(Number(v)) ? Number(v) : null),
  where: (values) => sql<SqlBool>`${t(column)} in (${sql.join(values as number[])})`,
});

/** Publish status as a condition on the row at `now` (the SQL twin of derivePublishStatus). */
export function publishStatusWhere(status: PublishStatus, now: Date) {
  const at = now.toISOString();
  if (status === PUBLISH_STATUS.unpublish) return sql<SqlBool>`${t("is_display")} = 0`;
  if (status === PUBLISH_STATUS.schedule)
    return sql<SqlBool>`(${t("is_display")} = 1 and ${t("datetime_start")} is not null and ${t("datetime_start")} > ${at})`;
  return sql<SqlBool>`(${t("is_display")} = 1 and (${t("datetime_start")} is null or ${t("datetime_start")} <= ${at}))`;
}

const CONFIG_KEYS = [
  "text-limit",
  "code-limit",
  "description-limit",
  ...CONTENT_TAG_EXTRAS.map((e) => e.config),
] as const;

export async function idNames(
  db: Db | Trx,
  table: "category" | "provider" | "level" | "class_program",
  ids: number[],
): Promise<Map<number, IdName>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .selectFrom(`${table} as r` as "category as r")
    .select(["r.id", "r.name"])
    .where("r.id", "in", unique)
    .execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name }]));
}

type BaseRow = {
  id: number;
  name: string;
  code: string;
  category_id: number;
  provider_id: number;
  image?: string | null;
  is_display: number;
  datetime_start: string | null;
  datetime_first_publish: string | null;
  datetime_create: string;
  datetime_update: string;
};

export type ContentResourceOptions<Row extends ContentRow, Item> = {
  /** The registry key, which is also its content_type code and API path. */
  key: string;
  /** Its form schemas in CONTENT_SCHEMAS: the same name as the dashboard registry's `schema`. */
  schema: ContentSchemaName;
  table: ResourceTable;
  module: Module;
  /** Its own table has a cover image column. */
  hasImage: boolean;
  /** What its list rows add, for a page of ids (course: section counts). */
  rowExtras: (db: Db, ids: number[], now: Date) => Promise<(id: number) => Omit<Row, keyof ContentRow>>;
  /** What its item adds (course: instructors). */
  itemExtras?: (db: Db, id: number, now: Date) => Promise<Omit<Item, keyof Row | keyof ContentDetail>>;
  /** Its own lists of a create or update (course: instructor_list). */
  saveOwn?: (trx: Trx, id: number, input: Record<string, unknown>) => Promise<void>;
  /** Why it cannot be published (spec 001 §4 "Publish preconditions"), or null. */
  publishRefusal: PublishRefusal;
  /** View scopes beyond the provider's (course: its instructors; activity: its inspectors). */
  scopes: Partial<Record<ViewScope, ScopeRule>>;
  refs?: Record<string, RefRule>;
  /** Its own list filters beside the engine's (class: its derived status). */
  filters?: Record<string, FilterRule>;
  /** Why the item may not be changed or shown/hidden at all any more (a cancelled class), or null. */
  writeRefusal?: (q: Db | Trx, id: number) => Promise<ApiError | null>;
  /**
   * Run in an update's transaction before the row changes, with the parsed input: may refuse it
   * (throw an ApiError: nothing is written) or do what the change entails (class: a changed
   * check-in type resets its learners' attendance and progress, docs/decisions/042).
   */
  beforeWrite?: (trx: Trx, id: number, input: Record<string, unknown>, w: WriteContext) => Promise<void>;
  /**
   * Its own columns of its own table, from the parsed input, written with the engine's in the same
   * insert or update (a survey's type and flags, docs/decisions/062): a create gives every one, an
   * update only those given. Run after `beforeWrite`.
   */
  ownColumns?: (input: Record<string, unknown>, mode: "create" | "update") => Record<string, unknown>;
  /** Run in a create's transaction before the row is written: may fill or refuse input (a survey's default provider). */
  beforeInsert?: (trx: Trx, input: Record<string, unknown>, w: WriteContext) => Promise<void>;
  /** Its rows of a table several types share (the media kinds, docs/decisions/069): crud.ts Resource.where. */
  where?: RawBuilder<SqlBool>;
  /**
   * Which collection it serves, for a table the content library shares (course, class program,
   * media; docs/decisions/071): false the organisation's own items, true the library's. Its list
   * and item access see only that collection's rows, and a create makes one of them.
   */
  library?: boolean;
  /** Its path under /api/dashboard/ when that is not its key (the library's: `coniclex/{key}`). */
  path?: string;
  /** What one item grants one account beyond its flags (a playlist's owner and collaborators). */
  grants?: ItemGrants;
};

/** The resource's own rows: its `where` and, on a shared table, its collection's (both when both). */
function rowsOf(o: Pick<ContentResourceOptions<never, never>, "where" | "library">): RawBuilder<SqlBool> | undefined {
  const collection = o.library === undefined ? undefined : sql<SqlBool>`${t("is_library")} = ${toFlag(o.library)}`;
  if (o.where && collection) return sql<SqlBool>`(${o.where} and ${collection})`;
  return o.where ?? collection;
}

/**
 * Where an item of a table the content library shares stands (docs/decisions/071): a library
 * item's copies taken into the organisation's content, or an organisation item's library original.
 */
async function libraryLinks(db: Db, table: ResourceTable, id: number, library: boolean, sourceId: number | null) {
  const rows = (where: "library_source_id" | "id", value: number) =>
    (db as unknown as Db)
      .selectFrom(`${table} as t` as "course as t")
      .select(["t.id", "t.name", "t.code"])
      .where(`t.${where}`, "=", value)
      .orderBy("t.id")
      .execute();
  if (library) return { taken_list: await rows("library_source_id", id) };
  return { library_source: sourceId === null ? null : ((await rows("id", sourceId))[0] ?? null) };
}

/** One content type's resource over the engine's common columns. */
export function contentResource<Row extends ContentRow, Item extends Row & ContentDetail>(
  o: ContentResourceOptions<Row, Item>,
): Resource<Row, Item, ContentCreateInput, ContentUpdateInput, ContentDisplayInput> & {
  contentType: string;
  schema: ContentSchemaName;
} {
  const listColumns = [
    "id",
    "name",
    "code",
    "category_id",
    "provider_id",
    ...(o.hasImage ? ["image"] : []),
    "is_display",
    "datetime_start",
    "datetime_first_publish",
    "datetime_create",
    "datetime_update",
  ] as const;

  async function schemasFor(db: Db) {
    const config = await configValues(db, CONFIG_KEYS);
    const limits = {
      text: Number(config["text-limit"]),
      code: Number(config["code-limit"]),
      description: Number(config["description-limit"]),
    };
    const extras = CONTENT_TAG_EXTRAS.filter((e) => (config[e.config] as unknown) === true).map((e) => e.field);
    return CONTENT_SCHEMAS[o.schema](limits, extras) as { create: never; update: never };
  }

  /** List rows → answers: names of category and provider, the type's extras, the derived status. */
  async function present(db: Db, raw: Record<string, unknown>[], now: Date): Promise<Row[]> {
    const rows = raw as BaseRow[];
    if (!rows.length) return [];
    const categories = await idNames(
      db,
      "category",
      rows.map((r) => r.category_id),
    );
    const providers = await idNames(
      db,
      "provider",
      rows.map((r) => r.provider_id),
    );
    const extrasOf = await o.rowExtras(
      db,
      rows.map((r) => r.id),
      now,
    );
    return rows.map((r) => {
      const { status, label } = derivePublishStatus(r, now);
      const row: ContentRow = {
        id: r.id,
        name: r.name,
        code: r.code,
        category: categories.get(r.category_id) ?? { id: r.category_id, name: "" },
        provider: providers.get(r.provider_id) ?? { id: r.provider_id, name: "" },
        image: r.image ?? null,
        is_display: fromFlag(r.is_display),
        datetime_start: r.datetime_start,
        datetime_first_publish: r.datetime_first_publish,
        publish_status: status,
        publish_label: label,
        datetime_create: r.datetime_create,
        datetime_update: r.datetime_update,
      };
      return { ...row, ...extrasOf(r.id) } as Row;
    });
  }

  async function load(db: Db, id: number, now: Date): Promise<Item> {
    const full = await db
      .selectFrom(`${o.table} as t` as "activity as t")
      .selectAll()
      .where("t.id", "=", id)
      .executeTakeFirst();
    if (!full) throw notFound();
    const [listRow] = await present(db, [full], now);
    const levels = await idNames(db, "level", full.content_level === null ? [] : [full.content_level]);
    const ct = await db
      .selectFrom("content_type")
      .select(["id", "code", "type"])
      .where("code", "=", o.key)
      .executeTakeFirstOrThrow();
    const tags = await contentTags(db, ct.id, id);
    const dependent = await db
      .selectFrom("content_prerequisite")
      .select("content_id")
      .where("content_type_id", "=", ct.id)
      .where("prerequisite_id", "=", id)
      .executeTakeFirst();
    const extras = Object.fromEntries(CONTENT_TAG_EXTRAS.map((e) => [e.field, tagsOfType(tags, e.type)]));
    const detail = {
      ...extras,
      content_level: full.content_level === null ? null : (levels.get(full.content_level) ?? null),
      program: full.program,
      is_environmental: fromFlag(full.is_environmental),
      desc: full.desc,
      tag_list: tagsOfType(tags, GENERAL_TAG_TYPE),
      content_type: ct,
      is_prerequisite: !!dependent,
      created_by: full.created_by,
      ...(o.library === undefined
        ? {}
        : await libraryLinks(
            db,
            o.table,
            id,
            o.library,
            (full as { library_source_id?: number | null }).library_source_id ?? null,
          )),
    } as ContentDetail;
    return { ...listRow, ...detail, ...(o.itemExtras ? await o.itemExtras(db, id, now) : {}) } as Item;
  }

  /** The type's own lists, then the tags (general and the switched-on extras present in the input). */
  async function saveLists(trx: Trx, id: number, input: Partial<ContentCreateInput>) {
    await o.saveOwn?.(trx, id, input);
    const ct = await contentTypeId(trx, o.key);
    if (input.tag_list !== undefined) await setContentTags(trx, ct, id, GENERAL_TAG_TYPE, input.tag_list);
    for (const e of CONTENT_TAG_EXTRAS) {
      const ids = input[e.field];
      if (ids !== undefined) await setContentTags(trx, ct, id, e.type, ids);
    }
  }

  async function refuseWrite(trx: Trx, id: number) {
    const refusal = await o.writeRefusal?.(trx, id);
    if (refusal) throw refusal;
  }

  const table = o.table as "activity";
  return {
    path: o.path ?? o.key,
    table: o.table,
    module: o.module,
    contentType: o.key,
    writeRefusal: o.writeRefusal,
    grants: o.grants,
    where: rowsOf(o),
    schema: o.schema,
    columns: listColumns,
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
      // A top-level category also finds the items of its sub-categories.
      category: {
        parse: idFilterValue,
        where: (ids: number[]) =>
          sql<SqlBool>`(${inList("category_id", ids)} or ${t("category_id")} in (select ${sql.ref("c.id")} from ${sql.table("category")} as c where ${sql.ref("c.parent_id")} in (${sql.join(ids)})))`,
      },
      provider: { parse: idFilterValue, where: (ids: number[]) => inList("provider_id", ids) },
      // The items a picker already holds (?id=1&id=2), whatever page they fall on (docs/decisions/100).
      id: { parse: idFilterValue, where: (ids: number[]) => inList("id", ids) },
      publish_status: {
        parse: (v: string) => ((Object.values(PUBLISH_STATUS) as string[]).includes(v) ? (v as PublishStatus) : null),
        where: (values: PublishStatus[], now: Date) =>
          sql<SqlBool>`(${sql.join(
            values.map((v) => publishStatusWhere(v, now)),
            sql` or `,
          )})`,
      },
      ...o.filters,
    },
    scopes: {
      provider: {
        where: (accountId) => sql<SqlBool>`${t("provider_id")} in ${roleIds("provider", accountId)}`,
        field: "provider",
      },
      ...o.scopes,
    },
    refs: {
      category: { table: "category" },
      provider: { table: "provider" },
      content_level: { table: "level" },
      program: { table: "learning_program" },
      tag_list: { table: "tag", where: { type: GENERAL_TAG_TYPE } },
      ...(Object.fromEntries(
        CONTENT_TAG_EXTRAS.map((e) => [e.field, { table: "tag", where: { type: e.type } }]),
      ) as Record<string, RefRule>),
      ...o.refs,
    },
    unique: [{ field: "code", column: "code", message: MSG.code_already_used }],
    schemas: schemasFor,
    present,
    load,
    async insert(trx, input, w) {
      await o.beforeInsert?.(trx, input as Record<string, unknown>, w);
      const at = w.now.toISOString();
      const { id } = await trx
        .insertInto(table)
        .values({
          name: input.name,
          code: input.code,
          content_level: input.content_level,
          program: input.program,
          category_id: input.category,
          provider_id: input.provider,
          is_environmental: toFlag(input.is_environmental),
          desc: input.desc,
          ...(o.hasImage ? { image: null } : {}),
          is_display: 0,
          datetime_start: null,
          datetime_first_publish: null,
          datetime_create: at,
          datetime_update: at,
          created_by: w.account.id,
          ...(o.library !== undefined ? { is_library: toFlag(o.library) } : {}),
          ...(o.ownColumns?.(input as Record<string, unknown>, "create") as object),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await saveLists(trx, id, input);
      return id;
    },
    async patch(trx, id, input, w) {
      await refuseWrite(trx, id);
      await o.beforeWrite?.(trx, id, input as Record<string, unknown>, w);
      await trx
        .updateTable(table)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.code !== undefined && { code: input.code }),
          ...(input.content_level !== undefined && { content_level: input.content_level }),
          ...(input.program !== undefined && { program: input.program }),
          ...(input.category !== undefined && { category_id: input.category }),
          ...(input.provider !== undefined && { provider_id: input.provider }),
          ...(input.is_environmental !== undefined && { is_environmental: toFlag(input.is_environmental) }),
          ...(input.desc !== undefined && { desc: input.desc }),
          ...(o.ownColumns?.(input as Record<string, unknown>, "update") as object),
          datetime_update: w.now.toISOString(),
        })
        .where("id", "=", id)
        .execute();
      await saveLists(trx, id, input);
    },
    /**
     * Everything the item owns goes with it, in the one transaction (docs/decisions/018, 022): its
     * content_* rows here, its own tables' rows by their foreign keys. While another item of its
     * type lists it as a prerequisite the delete is refused (424) and nothing is removed.
     */
    async remove(trx, id) {
      const ref = { contentTypeId: await contentTypeId(trx, o.key), contentId: id };
      const refusal = await dependencyRefusal(trx, ref);
      if (refusal) throw refusal;
      await removeContentRows(trx, ref);
      await trx.deleteFrom(table).where("id", "=", id).execute();
    },
    display: {
      keys: ["is_display", "datetime_start"],
      schema: contentDisplaySchema,
      apply: async (trx, id, input, w) => {
        await refuseWrite(trx, id);
        await setContentDisplay(trx, o.table, id, input, w.now, o.publishRefusal);
      },
    },
  };
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql } from "kysely";
import { z } from "../../contract/zod";
import { MSG } from "../../contract/messages";
import { DASHBOARD_FLAG } from "../../contract/permissions";
import { requirePermission } from "../auth/permissions";
import type { Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { parseInput } from "../http/errors";
import { MAX_DB_ID, paginate, readPageQuery } from "../http/paging";
import { narrowToPageQuery } from "../http/filter-query";

/** Ids are integer columns in both dialects: anything larger names no row (and would make PostgreSQL fail). */

type FilterTable =
  | "department"
  | "level"
  | "position"
  | "provider"
  | "instructor"
  | "account_group"
  | "category"
  | "tag"
  | "content_type"
  | "location"
  | "room"
  | "class_program"
  | "learning_program";
/** Columns a list may add to the option's id/name/code/value. */
type ExtraColumn = "parent_id" | "type" | "location_id";
/** What a list's extra condition may read: the path parameters and the parent query (`parent`, or the list's `parentKey`). */
type Scope = { params: Record<string, string>; parent: number | undefined };

/**
 * Every table here has id, name and code; the query is typed as one of them (category, which also
 * has parent_id) and columns outside that shape are reached through sql.ref.
 */
const fromTable = (db: Db, table: FilterTable) => db.selectFrom(`${table} as t` as "category as t");
type TableQuery = ReturnType<typeof fromTable>;

type FilterList = {
  /** Path under /api/dashboard/filter/, or under /api/dashboard/ when `at` says so. */
  path: string;
  /** The list lives beside its data (`location/filter`) rather than under filter/. */
  at?: "dashboard";
  table: FilterTable;
  /** Columns the `search` query matches, case-insensitively. */
  search: readonly ("name" | "code")[];
  extra?: readonly ExtraColumn[];
  /** Whether the list reads the `parent` query; `parentKey`: under that name instead. */
  parent?: boolean;
  parentKey?: "location";
  where?: (q: TableQuery, s: Scope) => TableQuery;
};

/** The filter lists of spec 002 §7, one row each. */
const FILTER_LISTS: readonly FilterList[] = [
  {
    // parent=0 → the roots, parent=N → the children of N, no parent → the whole tree.
    path: "department-cascade",
    table: "department",
    search: ["name", "code"],
    extra: ["parent_id"],
    parent: true,
    where: (q, s) =>
      s.parent === undefined
        ? q
        : s.parent === 0
          ? q.where("t.parent_id", "is", null)
          : q.where("t.parent_id", "=", s.parent),
  },
  { path: "level", table: "level", search: ["name", "code"] },
  { path: "position", table: "position", search: ["name", "code"] },
  { path: "provider", table: "provider", search: ["name", "code"] },
  { path: "instructor", table: "instructor", search: ["name", "code"] },
  { path: "group", table: "account_group", search: ["name", "code"] },
  {
    path: "group/type/:type(^[A-Za-z0-9_-]{1,50})",
    table: "account_group",
    search: ["name", "code"],
    where: (q, s) => q.where(sql.ref("t.type"), "=", s.params.type),
  },
  {
    path: "category",
    table: "category",
    search: ["name", "code"],
    extra: ["parent_id"],
    where: (q) => q.where("t.parent_id", "is", null),
  },
  {
    path: "sub-category",
    table: "category",
    search: ["name", "code"],
    extra: ["parent_id"],
    parent: true,
    where: (q, s) =>
      s.parent === undefined ? q.where("t.parent_id", "is not", null) : q.where("t.parent_id", "=", s.parent),
  },
  { path: "content-type", table: "content_type", search: ["name", "code"], extra: ["type"] },
  { path: "tag", table: "tag", search: ["name", "code"] },
  {
    // The options of one tag type: GENERAL for tag_list, CONTENT_CLUSTER… for the typed extras.
    path: "tag/type/:type(^[A-Za-z0-9_-]{1,50})",
    table: "tag",
    search: ["name", "code"],
    where: (q, s) => q.where(sql.ref("t.type"), "=", s.params.type),
  },
  // The class programs a class may belong to (docs/decisions/044).
  { path: "class-program", table: "class_program", search: ["name", "code"] },
  // The programs a content may name (issue 36 §3, docs/decisions/097).
  { path: "learning-program", table: "learning_program", search: ["name", "code"] },
  // A session's place (issue 16 §2, docs/decisions/039): locations, and the rooms of `location`.
  { path: "location/filter", at: "dashboard", table: "location", search: ["name", "code"] },
  {
    path: "location/room/filter",
    at: "dashboard",
    table: "room",
    search: ["name", "code"],
    extra: ["location_id"],
    parent: true,
    parentKey: "location",
    where: (q, s) => (s.parent === undefined ? q : q.where(sql.ref("t.location_id"), "=", s.parent)),
  },
];

/** `parent` (or its list's key) of the tree lists: a non-negative id; an empty value counts as absent. */
const parentId = () =>
  z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string({ error: MSG.invalid })
      .refine((v) => /^\d{1,10}$/.test(v) && Number(v) <= MAX_DB_ID, MSG.invalid)
      .transform(Number)
      .optional(),
  );
const parentQuerySchema = (key: string) => z.object({ [key]: parentId() });

/**
 * GET dashboard/filter/{name}/ (spec 002 §7 "Filter lists"): the options of the dashboard's
 * filters as the paged answer of {id, name, code, value}, with `id`, `id_list`, `search`, `page`
 * and `page_size`. Dashboard users only.
 */
export function filterRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  for (const list of FILTER_LISTS) {
    app.get(list.at ? `/dashboard/${list.path}/` : `/dashboard/filter/${list.path}/`, async (req: FastifyRequest) => {
      await requirePermission(req, db, DASHBOARD_FLAG);
      const q = readPageQuery(req);
      const key = list.parentKey ?? "parent";
      const parent = list.parent
        ? (parseInput(parentQuerySchema(key), req.query)[key] as number | undefined)
        : undefined;
      let query = fromTable(db, list.table);
      if (list.where) query = list.where(query, { params: req.params as Record<string, string>, parent });
      query = narrowToPageQuery(query, q, list.search);
      const extra = list.extra ?? [];
      const selected = query
        .select(["t.id", "t.name", "t.code"])
        .select(extra.map((col) => sql<string | number | null>`${sql.ref(`t.${col}`)}`.as(col)))
        .orderBy(sql`lower(${sql.ref("t.name")})`)
        .orderBy("t.name")
        .orderBy("t.id");
      const page = await paginate(req, selected, q);
      return {
        ...page,
        results: page.results.map((r) => {
          const row = r as typeof r & Partial<Record<ExtraColumn, string | number | null>>;
          const option: Record<string, unknown> = { id: row.id, name: row.name, code: row.code, value: row.id };
          for (const col of extra) option[col] = row[col] ?? null;
          return option;
        }),
      };
    });
  }
}

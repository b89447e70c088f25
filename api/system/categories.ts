import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import { MSG } from "../../contract/messages";
import { categorySchemas, type Category } from "../../contract/schemas/master-data";
import type { Db } from "../db/index";
import { badRequest } from "../http/errors";
import type { ApiContext } from "../http/context";
import type { Trx } from "../engine/crud";
import type { FieldErrors } from "../../contract/http";
import { wouldCycle } from "./department-tree";
import { queryParent } from "./organisation-kit";
import { categoryPermissionRoutes } from "./category-permission";
import { masterRoutes, pickColumns, usedByContent } from "./master-crud";

/**
 * Categories as a tree (spec 000 §2.11 /category, /category/{categoryid}, its permission with
 * conditions; spec 001 §3: id, name, code, image, parent). Under /api/dashboard/category/ the
 * calls of master-crud.ts with the category flags; the list takes `parent` (0: the top-level
 * categories, N: the children of N). A category may not be put under itself or one of its own
 * sub-categories (400 {parent: [category_cycle]}); one with sub-categories or contents is not
 * deleted (424). Its permission rules: category-permission.ts.
 */

/** `parent` of the list (queryParent): absent or blank → no filter; 0 → top level; N → children of N; else 400. */
function parentWhere(req: FastifyRequest) {
  const errors: FieldErrors = {};
  const parent = queryParent(req, errors);
  if (Object.keys(errors).length) throw badRequest(errors);
  if (parent === undefined) return null;
  return parent === null
    ? sql<SqlBool>`${sql.ref("t.parent_id")} is null`
    : sql<SqlBool>`${sql.ref("t.parent_id")} = ${parent}`;
}

type Node = { id: number; name: string; parent_id: number | null };

/** The names from the top category down to `id` (a broken loop in old data stops the walk). */
function pathOf(byId: Map<number, Node>, id: number): string[] {
  const out: string[] = [];
  const seen = new Set<number>();
  for (
    let node = byId.get(id);
    node && !seen.has(node.id);
    node = node.parent_id === null ? undefined : byId.get(node.parent_id)
  ) {
    seen.add(node.id);
    out.unshift(node.name);
  }
  return out;
}

async function presentCategories(q: Db | Trx, ids: number[]): Promise<Category[]> {
  if (!ids.length) return [];
  // The whole tree is small (reference data); its paths are read from one query.
  const tree = await q.selectFrom("category").select(["id", "name", "parent_id"]).execute();
  const byId = new Map(tree.map((n) => [n.id, n]));
  const rows = await q
    .selectFrom("category")
    .select(["id", "name", "code", "image", "parent_id"])
    .where("id", "in", ids)
    .execute();
  const rules = await q
    .selectFrom("category_permission")
    .select(["category_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("category_id", "in", ids)
    .groupBy("category_id")
    .execute();
  const ruleCount = new Map(rules.map((r) => [r.category_id, Number(r.n)]));
  const rowById = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = rowById.get(id)!;
    const parent = r.parent_id === null ? undefined : byId.get(r.parent_id);
    return {
      id: r.id,
      name: r.name,
      code: r.code,
      image: r.image,
      parent: parent ? { id: parent.id, name: parent.name } : null,
      path: pathOf(byId, r.id),
      count_children: tree.filter((n) => n.parent_id === r.id).length,
      count_permission: ruleCount.get(r.id) ?? 0,
    };
  });
}

/** The new parent exists and is neither the category itself nor below it. */
async function checkParent(trx: Trx, input: { parent?: number | null }, selfId: number | null) {
  const parent = input.parent;
  if (parent === undefined || parent === null) return;
  if (!(await trx.selectFrom("category").select("id").where("id", "=", parent).executeTakeFirst()))
    throw badRequest({ parent: [MSG.invalid_choice] });
  if (selfId !== null && (await wouldCycle(trx, selfId, parent, "category")))
    throw badRequest({ parent: [MSG.category_cycle] });
}

export function categoryRoutes(app: FastifyInstance, ctx: ApiContext) {
  masterRoutes(app, ctx, {
    path: "category",
    table: "category",
    module: "category",
    filters: ["category", "sub-category"],
    schemas: categorySchemas,
    listWhere: parentWhere,
    present: presentCategories,
    check: (trx, input, selfId) => checkParent(trx, input as { parent?: number | null }, selfId),
    columns: (input) => pickColumns(input, { parent: "parent_id" }),
    inUse: async (trx, id) =>
      !!(await trx.selectFrom("category").select("id").where("parent_id", "=", id).executeTakeFirst()) ||
      (await usedByContent(trx, "category_id", id)),
  });
  categoryPermissionRoutes(app, ctx);
}

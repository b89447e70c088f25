import type { FastifyInstance } from "fastify";
import { NAME_UNIQUE, assertCodeFree, assertNameFree, touchFilters } from "./master";
import { textLimits } from "./config-store";
import { sql, type SqlBool } from "kysely";
import type { FieldErrors } from "../../contract/http";
import { MSG } from "../../contract/messages";
import { flag } from "../../contract/permissions";
import { departmentSchemas, type Department, type DepartmentRow } from "../../contract/schemas/organisation";
import { requirePermission } from "../auth/permissions";
import type { Db } from "../db/index";
import { itemId, likePattern, writeTransaction, type Trx } from "../engine/crud";
import type { ApiContext } from "../http/context";
import { createOnce } from "../http/idempotency";
import { ApiError, badRequest, notFound, parseChanges, parseInput } from "../http/errors";
import { parseOrdering, tieDirection } from "../http/ordering";
import { paginate, readPageQuery } from "../http/paging";
import { loadForest, pathOf, wouldCycle } from "./department-tree";
import { accountsIn, namedByPermissionRules, queryParent } from "./organisation-kit";

/** The department flags of spec 002 §6 (module "departments"). */
const DEPARTMENT = {
  view: flag("department", "view"),
  add: flag("department", "add"),
  change: flag("department", "change"),
  delete: flag("department", "delete"),
} as const;

const ORDERING = { name: sql`lower(${sql.ref("t.name")})`, code: sql`lower(${sql.ref("t.code")})` };

/** The answer rows of the departments `ids`, in that order, with the tree's counts. */
async function present(db: Db | Trx, ids: readonly number[]): Promise<DepartmentRow[]> {
  const forest = await loadForest(db);
  return ids.flatMap((id) => {
    const d = forest.get(id);
    if (!d) return [];
    const parent = d.parent_id === null ? null : forest.get(d.parent_id);
    return [
      {
        id: d.id,
        name: d.name,
        code: d.code,
        parent: parent ? { id: parent.id, name: parent.name } : null,
        count_account: d.count_account,
        count_account_total: forest.totalOf(d.id),
        count_children: forest.childCount(d.id),
      },
    ];
  });
}

async function loadDepartment(db: Db | Trx, id: number): Promise<Department> {
  const [row] = await present(db, [id]);
  if (!row) throw notFound();
  const forest = await loadForest(db);
  return { ...row, path: await pathOf(db, id), children: forest.childrenOf(id) };
}

/** The parent must exist and lie outside the department's own subtree. */
async function checkParent(trx: Trx, id: number | null, parent: number | null | undefined) {
  if (parent === undefined || parent === null) return;
  if (!(await trx.selectFrom("department").select("id").where("id", "=", parent).executeTakeFirst()))
    throw badRequest({ parent: [MSG.invalid_choice] });
  if (id !== null && (await wouldCycle(trx, id, parent))) throw badRequest({ parent: [MSG.department_cycle] });
}

/**
 * Departments as a tree (spec 000 §2.11 /user/department; docs/decisions/029): the flat paged
 * list (with `parent`: 0 the roots, N the children of N), the whole tree, one department, create,
 * update and move (PATCH parent: a cycle is refused; the people stay in the department, so they
 * move with it; a name a sibling has is refused, issue 33), delete (refused while it has people, sub-departments, or rules naming it).
 * The cascade filter list of spec 002 §7 is dashboard/filter/department-cascade/ (filters.ts).
 */
export function departmentRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const base = "/dashboard/department/";
  const item = `${base}:id(^\\d{1,12})/`;

  app.get(base, async (req) => {
    await requirePermission(req, db, DEPARTMENT.view);
    const q = readPageQuery(req);
    const errors: FieldErrors = {};
    const parent = queryParent(req, errors);
    const order = parseOrdering(q.ordering, ORDERING, "name");
    if (!order) errors.ordering = [MSG.invalid_choice];
    if (Object.keys(errors).length) throw badRequest(errors);
    let query = db.selectFrom("department as t").select("t.id");
    if (parent !== undefined)
      query = parent === null ? query.where("t.parent_id", "is", null) : query.where("t.parent_id", "=", parent);
    if (q.search) {
      const pattern = likePattern(q.search);
      query = query.where((eb) =>
        eb.or(["t.name", "t.code"].map((col) => sql<SqlBool>`lower(${sql.ref(col)}) like ${pattern} escape '\\'`)),
      );
    }
    for (const o of order!) query = query.orderBy(o.expr, o.desc ? "desc" : "asc");
    const page = await paginate(req, query.orderBy("t.id", tieDirection(order!)), q);
    return {
      ...page,
      results: await present(
        db,
        page.results.map((r) => r.id),
      ),
    };
  });

  app.get(`${base}tree/`, async (req) => {
    await requirePermission(req, db, DEPARTMENT.view);
    return { results: (await loadForest(db)).tree() };
  });

  app.get(item, async (req) => {
    await requirePermission(req, db, DEPARTMENT.view);
    return loadDepartment(db, itemId(req));
  });

  app.post(base, async (req, reply) => {
    await requirePermission(req, db, DEPARTMENT.add);
    return createOnce(req, reply, ctx, {
      answer: (id) => loadDepartment(db, id),
      create: async (keep) => {
        const input = parseInput(departmentSchemas(await textLimits(db)).create, req.body);
        const now = ctx.now();
        return writeTransaction(
          db,
          async (trx) => {
            await touchFilters(trx, ["department-cascade"], now);
            await checkParent(trx, null, input.parent);
            await assertNameFree(trx, "department", input.name, null, input.parent);
            await assertCodeFree(trx, "department", input.code, null);
            const row = await trx
              .insertInto("department")
              .values({ name: input.name, code: input.code, parent_id: input.parent })
              .returning("id")
              .executeTakeFirstOrThrow();
            return keep(trx, row.id);
          },
          NAME_UNIQUE,
        );
      },
    });
  });

  app.patch(item, async (req) => {
    await requirePermission(req, db, DEPARTMENT.change);
    const id = itemId(req);
    const input = parseChanges(departmentSchemas(await textLimits(db)).update, req.body);
    await writeTransaction(
      db,
      async (trx) => {
        await touchFilters(trx, ["department-cascade"], ctx.now());
        const current = await trx
          .selectFrom("department")
          .select(["name", "parent_id"])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!current) throw notFound();
        await checkParent(trx, id, input.parent);
        // Renamed, or moved under a parent whose children already have its name.
        if (input.name !== undefined || input.parent !== undefined)
          await assertNameFree(
            trx,
            "department",
            input.name ?? current.name,
            id,
            input.parent === undefined ? current.parent_id : input.parent,
          );
        await assertCodeFree(trx, "department", input.code, id);
        const set = {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.code !== undefined ? { code: input.code } : {}),
          ...(input.parent !== undefined ? { parent_id: input.parent } : {}),
        };
        if (Object.keys(set).length) await trx.updateTable("department").set(set).where("id", "=", id).execute();
      },
      NAME_UNIQUE,
    );
    return loadDepartment(db, id);
  });

  app.delete(item, async (req, reply) => {
    await requirePermission(req, db, DEPARTMENT.delete);
    const id = itemId(req);
    await writeTransaction(db, async (trx) => {
      await touchFilters(trx, ["department-cascade"], ctx.now());
      if (!(await trx.selectFrom("department").select("id").where("id", "=", id).executeTakeFirst())) throw notFound();
      // 424 (spec 002 §8): the dashboard warns and nothing is removed.
      if (await trx.selectFrom("department").select("id").where("parent_id", "=", id).executeTakeFirst())
        throw new ApiError(424, { detail: MSG.department_has_children });
      if ((await accountsIn(trx, "department", id)) > 0) throw new ApiError(424, { detail: MSG.in_use_by_users });
      const roleScope = await trx
        .selectFrom("account_role_scope")
        .select("account_id")
        .where("kind", "=", "department")
        .where("ref_id", "=", id)
        .executeTakeFirst();
      if (roleScope || (await namedByPermissionRules(trx, "department", id)))
        throw new ApiError(424, { detail: MSG.cannot_delete_because_dependency });
      await trx.deleteFrom("department").where("id", "=", id).execute();
    });
    return reply.status(204).send();
  });
}

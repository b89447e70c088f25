import type { FastifyInstance } from "fastify";
import { sql, type SqlBool } from "kysely";
import type { BudgetCategoryType } from "../../contract/codes";
import { MSG } from "../../contract/messages";
import { budgetCategorySchemas, type BudgetCategory } from "../../contract/schemas/approvals";
import type { Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { createOnce } from "../http/idempotency";
import { ApiError, badRequest, notFound, parseChanges, parseInput } from "../http/errors";
import { parseOrdering, tieDirection } from "../http/ordering";
import { paginate, readPageQuery } from "../http/paging";
import { itemId, likePattern, writeTransaction, type Trx } from "../engine/crud";
import { textLimits } from "../system/config-store";
import { assertCodeFree, assertFree, requireModule } from "../system/master";

/**
 * Budget categories (spec 000 §2.11 "/budget-category, create, {categoryid}"; spec 001 §3
 * "Budget category: name_bp, name_ac"; docs/decisions/055): the name used when planning (bp) and
 * in the actual cost (ac), and a code, each unique (spec 001 §5: a duplicate budget category is
 * refused; issue 33), and its type (where it can be picked: plan, actual cost, both, neither;
 * docs/decisions/083). Under /api/dashboard/budget-category/ with the budget module's flags:
 * GET list (search on both names and code; ordering name_bp, name_ac, code, id) — view;
 * POST — add; GET {id}/ — view; PATCH {id}/ — change; DELETE {id}/ — delete, 424
 * cannot_delete_because_dependency while a budget record uses it. The content budget tabs pick
 * from dashboard/filter/budget-category/ (extras.ts).
 */

const ORDERING = {
  name_bp: sql`lower(t.name_bp)`,
  name_ac: sql`lower(t.name_ac)`,
  code: sql`lower(t.code)`,
  id: sql`t.id`,
};
const BASE = "/dashboard/budget-category/";
const ITEM = `${BASE}:id(^\\d{1,12})/`;

async function present(db: Db | Trx, ids: number[]): Promise<BudgetCategory[]> {
  if (!ids.length) return [];
  const rows = await db
    .selectFrom("budget_category as t")
    .select([
      "t.id",
      "t.name_bp",
      "t.name_ac",
      "t.code",
      "t.type",
      (eb) =>
        eb
          .selectFrom("content_budget_record as r")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("r.budget_category_id", "=", "t.id")
          .as("count_record"),
    ])
    .where("t.id", "in", ids)
    .execute();
  const byId = new Map(
    rows.map((r) => [r.id, { ...r, type: r.type as BudgetCategoryType, count_record: Number(r.count_record ?? 0) }]),
  );
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

/**
 * Code, planning name and actual-cost name each free (case-insensitively, another row than
 * `selfId`): spec 001 §5 refuses a duplicate budget category, and both names are picked from
 * (issue 33; migration 0043). Else 400 on the field: code_already_used / name_already_used.
 */
async function assertFreeValues(
  trx: Trx,
  input: { code?: string | null; name_bp?: string; name_ac?: string },
  selfId: number | null,
) {
  await assertCodeFree(trx, "budget_category", input.code, selfId);
  for (const column of ["name_bp", "name_ac"] as const)
    await assertFree(trx, {
      table: "budget_category",
      column,
      value: input[column],
      selfId,
      message: MSG.name_already_used,
    });
}

/** A unique violation that slipped past the checks (two writers at once), by the index it broke. */
const UNIQUE = [
  { field: "name_bp", column: "name_bp", message: MSG.name_already_used },
  { field: "name_ac", column: "name_ac", message: MSG.name_already_used },
  { field: "code", column: "code", message: MSG.code_already_used },
];

export function budgetCategoryRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const existing = async (id: number) => {
    if (!(await db.selectFrom("budget_category").select("id").where("id", "=", id).executeTakeFirst()))
      throw notFound();
    return id;
  };

  app.get(BASE, async (req) => {
    await requireModule(req, db, "budget", "view");
    const q = readPageQuery(req);
    const order = parseOrdering(q.ordering, ORDERING, "name_bp");
    if (!order) throw badRequest({ ordering: [MSG.invalid_choice] });
    let query = db.selectFrom("budget_category as t").select("t.id");
    if (q.search) {
      const p = likePattern(q.search);
      query = query.where(
        sql<SqlBool>`(lower(t.name_bp) like ${p} escape '\\' or lower(t.name_ac) like ${p} escape '\\' or lower(t.code) like ${p} escape '\\')`,
      );
    }
    for (const o of order) query = query.orderBy(o.expr, o.desc ? "desc" : "asc");
    const page = await paginate(req, query.orderBy("t.id", tieDirection(order)), q);
    return {
      ...page,
      results: await present(
        db,
        page.results.map((r) => r.id),
      ),
    };
  });

  app.post(BASE, async (req, reply) => {
    await requireModule(req, db, "budget", "add");
    return createOnce(req, reply, ctx, {
      answer: async (id) => (await present(db, [id]))[0],
      create: async (keep) => {
        const input = parseInput(budgetCategorySchemas(await textLimits(db)).create, req.body);
        return writeTransaction(
          db,
          async (trx) => {
            await assertFreeValues(trx, input, null);
            return keep(
              trx,
              (
                await trx
                  .insertInto("budget_category")
                  .values({ name_bp: input.name_bp, name_ac: input.name_ac, code: input.code!, type: input.type })
                  .returning("id")
                  .executeTakeFirstOrThrow()
              ).id,
            );
          },
          UNIQUE,
        );
      },
    });
  });

  app.get(ITEM, async (req) => {
    await requireModule(req, db, "budget", "view");
    return (await present(db, [await existing(itemId(req))]))[0];
  });

  app.patch(ITEM, async (req) => {
    await requireModule(req, db, "budget", "change");
    const id = await existing(itemId(req));
    const input = parseChanges(budgetCategorySchemas(await textLimits(db)).update, req.body);
    const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    await writeTransaction(
      db,
      async (trx) => {
        await assertFreeValues(trx, input, id);
        if (Object.keys(set).length) await trx.updateTable("budget_category").set(set).where("id", "=", id).execute();
      },
      UNIQUE,
    );
    return (await present(db, [id]))[0];
  });

  app.delete(ITEM, async (req, reply) => {
    await requireModule(req, db, "budget", "delete");
    const id = await existing(itemId(req));
    await writeTransaction(db, async (trx) => {
      if (
        await trx
          .selectFrom("content_budget_record")
          .select("id")
          .where("budget_category_id", "=", id)
          .executeTakeFirst()
      ) {
        throw new ApiError(424, { detail: MSG.cannot_delete_because_dependency });
      }
      await trx.deleteFrom("budget_category").where("id", "=", id).execute();
    });
    return reply.status(204).send();
  });
}

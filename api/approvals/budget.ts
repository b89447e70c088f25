import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import { isIgnoredFilterValue } from "../../contract/list-query";
import { MSG } from "../../contract/messages";
import {
  BUDGET_ID,
  budgetId,
  budgetQuerySchema,
  type BudgetCategoryTotal,
  type BudgetListAnswer,
  type BudgetRow,
  type BudgetSummary,
} from "../../contract/schemas/approvals";
import type { Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { badRequest, fieldErrors, notFound, parseInput } from "../http/errors";
import { exportQuerySchema } from "../../contract/schemas/enrollment";
import { translator } from "../content/features/enrollment/learners";
import { pagesOf, sendTable, type ExportCell, type ExportColumn } from "../engine/table-export";
import { parseOrdering, tieDirection } from "../http/ordering";
import { paginate, readPageQuery } from "../http/paging";
import { likePattern } from "../engine/crud";
import { requireModule } from "../system/master";
import { loadActual, loadPlan, loadPrice, totalMinor } from "../content/features/extras/budget";
import { baht, contentSummary, contentUnion, contentsWith, typeByCode, type FeatureContent } from "./contents";

/**
 * The budget pages (spec 000 §2.10 "/budget, /budget/{budgetid}"; docs/decisions/055), with the
 * budget module's view flag:
 * - GET dashboard/budget/: the contents of every type with the budget feature that have a budget
 *   (a price or planning row, or records), each with its price, planned total (the planning
 *   records: unit × cost × rate) and actual total; `totals` over every content the filters match,
 *   also per budget category. Filters search (name, code), content_type; ordering name, code.
 * - GET dashboard/budget/export/: the list (its filters) as xlsx or csv, with the export flag;
 * - GET dashboard/budget/{budgetid}/: one content's budget, `budgetid` = `{type}-{id}`
 *   (`course-12`): its price, planning, totals per category and when each page was saved.
 * The records are the content budget tabs' (content_budget, content_budget_record): this page
 * reads them, the tabs write them.
 */

const ORDERING = { name: sql`lower(c.name)`, code: sql`lower(c.code)`, type: sql`c.type` };
type Kind = "plan" | "actual";
type Sums = { plan: bigint; actual: bigint };
type RecordRow = {
  content_type_id: number;
  content_id: number;
  kind: string;
  category_id: number;
  name_bp: string;
  name_ac: string;
  code: string;
  unit: number;
  cost_minor: number;
  exchange_rate_micro: number;
};

/** The contents that have a budget, matching the filters (`c` the union, `b` their budget row). */
function budgetContents(db: Db, types: readonly FeatureContent[], search: string | undefined) {
  let q = db
    .selectFrom(contentUnion(types, "c"))
    .leftJoin("content_budget as b", (j) =>
      j.onRef("b.content_type_id", "=", "c.content_type_id").onRef("b.content_id", "=", "c.content_id"),
    )
    .where(
      sql<SqlBool>`(b.content_id is not null or exists (select 1 from content_budget_record r where r.content_type_id = c.content_type_id and r.content_id = c.content_id))`,
    );
  if (search) {
    const p = likePattern(search);
    q = q.where(sql<SqlBool>`(lower(c.name) like ${p} escape '\\' or lower(c.code) like ${p} escape '\\')`);
  }
  return q;
}

const recordColumns = [
  "r.content_type_id",
  "r.content_id",
  "r.kind",
  "cat.id as category_id",
  "cat.name_bp",
  "cat.name_ac",
  "cat.code",
  "r.unit",
  "r.cost_minor",
  "r.exchange_rate_micro",
] as const;

/** Add records into per-content and per-category sums (exact integers, as the tabs total them). */
function addUp(
  records: readonly RecordRow[],
  perContent: Map<string, Sums>,
  perCategory: Map<number, { category: BudgetCategoryTotal["category"]; sums: Sums }>,
) {
  for (const r of records) {
    const total = totalMinor({
      unit: r.unit,
      cost_minor: Number(r.cost_minor),
      exchange_rate_micro: Number(r.exchange_rate_micro),
    });
    const kind = r.kind as Kind;
    const key = `${r.content_type_id}:${r.content_id}`;
    const c = perContent.get(key) ?? { plan: 0n, actual: 0n };
    c[kind] += total;
    perContent.set(key, c);
    const cat = perCategory.get(r.category_id) ?? {
      category: { id: r.category_id, name_bp: r.name_bp, name_ac: r.name_ac, code: r.code },
      sums: { plan: 0n, actual: 0n },
    };
    cat.sums[kind] += total;
    perCategory.set(r.category_id, cat);
  }
}

const categoryTotals = (
  perCategory: Map<number, { category: BudgetCategoryTotal["category"]; sums: Sums }>,
): BudgetCategoryTotal[] =>
  [...perCategory.values()]
    .sort((a, b) => a.category.name_bp.localeCompare(b.category.name_bp) || a.category.id - b.category.id)
    .map((c) => ({ category: c.category, plan: baht(c.sums.plan), actual: baht(c.sums.actual) }));

/**
 * What the list's query asks (content_type, search, ordering; a filter it cannot read is a 400):
 * the contents matching it in that order, and the sums of their records, per content and per
 * category. The list pages it; its export (issue 33 §14) streams all of it.
 */
async function budgetSelection(req: FastifyRequest, db: Db, types: readonly FeatureContent[]) {
  const raw = Object.fromEntries(
    Object.entries((req.query ?? {}) as Record<string, unknown>).filter(
      ([, v]) => typeof v === "string" && !isIgnoredFilterValue(v),
    ),
  );
  const parsed = budgetQuerySchema.safeParse(raw);
  const page = readPageQuery(req);
  const order = parseOrdering(page.ordering, ORDERING, "name");
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (!order) errors.ordering = [MSG.invalid_choice];
  const only = parsed.success && parsed.data.content_type ? typeByCode(types, parsed.data.content_type) : undefined;
  if (parsed.success && parsed.data.content_type && !only) errors.content_type = [MSG.invalid_choice];
  if (Object.keys(errors).length) throw badRequest(errors);
  const listed = only ? [only] : types;

  let selected = budgetContents(db, listed, page.search).select([
    "c.content_type_id",
    "c.content_id",
    "c.type",
    "c.name",
    "c.code",
    "b.price_minor",
    "b.price_discount_minor",
    "b.count_learner",
  ]);
  for (const o of order!) selected = selected.orderBy(o.expr, o.desc ? "desc" : "asc");

  // Every record of the matching contents, for the totals; the page's rows are among them.
  const perContent = new Map<string, Sums>();
  const perCategory = new Map<number, { category: BudgetCategoryTotal["category"]; sums: Sums }>();
  const records = (await db
    .selectFrom("content_budget_record as r")
    .innerJoin("budget_category as cat", "cat.id", "r.budget_category_id")
    .innerJoin(
      budgetContents(db, listed, page.search).select(["c.content_type_id as ct", "c.content_id as cid"]).as("m"),
      (j) => j.onRef("m.ct", "=", "r.content_type_id").onRef("m.cid", "=", "r.content_id"),
    )
    .select([...recordColumns])
    .execute()) as RecordRow[];
  addUp(records, perContent, perCategory);
  const rowOf = (r: {
    content_type_id: number;
    content_id: number;
    type: string;
    name: string;
    code: string;
    price_minor: number | null;
    price_discount_minor: number | null;
    count_learner: number | null;
  }): BudgetRow => {
    const sums = perContent.get(`${r.content_type_id}:${r.content_id}`) ?? { plan: 0n, actual: 0n };
    return {
      id: budgetId(r.type, r.content_id),
      content: { type: r.type, id: r.content_id, name: r.name, code: r.code },
      price: baht(r.price_discount_minor ?? r.price_minor ?? 0),
      count_learner: r.count_learner ?? 0,
      plan: baht(sums.plan),
      actual: baht(sums.actual),
      difference: baht(sums.plan - sums.actual),
    };
  };
  return {
    page,
    query: selected.orderBy("c.content_type_id").orderBy("c.content_id", tieDirection(order!)),
    perContent,
    perCategory,
    rowOf,
  };
}

async function budgetList(req: FastifyRequest, db: Db, types: readonly FeatureContent[]): Promise<BudgetListAnswer> {
  const { page, query, perContent, perCategory, rowOf } = await budgetSelection(req, db, types);
  const result = await paginate(req, query, page);
  const totals = [...perContent.values()].reduce((s, c) => ({ plan: s.plan + c.plan, actual: s.actual + c.actual }), {
    plan: 0n,
    actual: 0n,
  });
  return {
    ...result,
    results: result.results.map(rowOf),
    totals: { plan: baht(totals.plan), actual: baht(totals.actual), by_category: categoryTotals(perCategory) },
  };
}

/**
 * GET dashboard/budget/export/?format_type=xlsx|csv (the list's filters): every content the list
 * matches with its price, planned learners, planned and actual totals and what is left, in the
 * list's order, then one row per budget category and the total — the page's two tables as one
 * sheet, in the language asked (`language`), else the account's.
 */
async function budgetExport(
  req: FastifyRequest,
  reply: FastifyReply,
  db: Db,
  types: readonly FeatureContent[],
  language: string,
) {
  const { format_type: format } = parseInput(exportQuerySchema, {
    format_type: (req.query as Record<string, unknown>)?.format_type,
  });
  const { query, perContent, perCategory, rowOf } = await budgetSelection(req, db, types);
  const t = translator(language);
  const typeName = (code: string) => {
    const key = `menu_${code}`;
    return t(key) === key ? code : t(key);
  };
  const columns: ExportColumn[] = [
    { header: t("apv_filter_type") },
    { header: t("apv_col_content"), width: 32 },
    { header: t("col_code") },
    { header: t("bgt_col_price"), kind: "number", numFmt: "#,##0.00" },
    { header: t("bgt_col_learners"), kind: "number" },
    { header: t("bgt_col_plan"), kind: "number", numFmt: "#,##0.00" },
    { header: t("bgt_col_actual"), kind: "number", numFmt: "#,##0.00" },
    { header: t("bgt_col_difference"), kind: "number", numFmt: "#,##0.00" },
  ];
  async function* rows(): AsyncGenerator<ExportCell[]> {
    for await (const part of pagesOf((limit, offset) => query.limit(limit).offset(offset).execute())) {
      for (const r of part.map(rowOf))
        yield [
          typeName(r.content.type),
          r.content.name,
          r.content.code,
          r.price,
          r.count_learner,
          r.plan,
          r.actual,
          r.difference,
        ];
    }
    const totals = [...perContent.values()].reduce((s, c) => ({ plan: s.plan + c.plan, actual: s.actual + c.actual }), {
      plan: 0n,
      actual: 0n,
    });
    for (const c of categoryTotals(perCategory))
      yield [
        t("bgt_col_category"),
        c.category.name_bp,
        c.category.code,
        null,
        null,
        c.plan,
        c.actual,
        Math.round((c.plan - c.actual) * 100) / 100,
      ];
    yield [
      t("bgt_total"),
      "",
      "",
      null,
      null,
      baht(totals.plan),
      baht(totals.actual),
      baht(totals.plan - totals.actual),
    ];
  }
  const day = new Date().toISOString().slice(0, 10).replace(/-/g, "");
  return sendTable(reply, { format, filename: `budgets-${day}`, sheetName: t("bgt_title"), columns, rows: rows() });
}

async function budgetSummary(db: Db, types: readonly FeatureContent[], id: string): Promise<BudgetSummary> {
  const m = BUDGET_ID.exec(id);
  const t = m ? typeByCode(types, m[1]) : undefined;
  const found = t && m ? await contentSummary(db, t, Number(m[2])) : null;
  if (!found) throw notFound();
  const { ref, content } = found;
  const [price, plan, actual] = await Promise.all([loadPrice(db, ref), loadPlan(db, ref), loadActual(db, ref)]);
  const records = (await db
    .selectFrom("content_budget_record as r")
    .innerJoin("budget_category as cat", "cat.id", "r.budget_category_id")
    .select([...recordColumns])
    .where("r.content_type_id", "=", ref.contentTypeId)
    .where("r.content_id", "=", ref.contentId)
    .execute()) as RecordRow[];
  const perCategory = new Map<number, { category: BudgetCategoryTotal["category"]; sums: Sums }>();
  addUp(records, new Map(), perCategory);
  return {
    id,
    content,
    price: price.price,
    price_discount: price.price_discount,
    count_learner: plan.count_learner,
    cost: plan.cost,
    price_margin: plan.price_margin,
    plan: plan.total,
    actual: actual.total,
    difference: Math.round((plan.total - actual.total) * 100) / 100,
    by_category: categoryTotals(perCategory),
    datetime_update: { price: price.datetime_update, plan: plan.datetime_update, actual: actual.datetime_update },
  };
}

export function budgetRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  app.get("/dashboard/budget/", async (req) => {
    await requireModule(req, db, "budget", "view");
    return budgetList(req, db, await contentsWith(db, "budget"));
  });
  app.get("/dashboard/budget/export/", async (req, reply) => {
    const { account } = await requireModule(req, db, "budget", "export");
    const asked = (req.query as Record<string, unknown>)?.language;
    return budgetExport(
      req,
      reply,
      db,
      await contentsWith(db, "budget"),
      typeof asked === "string" ? asked : account.language,
    );
  });
  app.get("/dashboard/budget/:budgetid(^[a-z_]{1,40}-\\d{1,12})/", async (req) => {
    await requireModule(req, db, "budget", "view");
    return budgetSummary(db, await contentsWith(db, "budget"), (req.params as { budgetid: string }).budgetid);
  });
}

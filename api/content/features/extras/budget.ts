import type { FastifyInstance } from "fastify";
import { MSG } from "../../../../contract/messages";
import { budgetTypeAllows } from "../../../../contract/codes";
import {
  budgetActualSchema,
  budgetPlanSchema,
  budgetPriceSchemas,
  discountAbovePrice,
  type BudgetActual,
  type BudgetPlan,
  type BudgetPriceAnswer,
  type BudgetRecord,
  type BudgetRecordInput,
  type Currency,
} from "../../../../contract/schemas/extras";
import type { Db } from "../../../db/index";
import type { ApiContext } from "../../../http/context";
import { switchedRoutes } from "../../../http/feature-switch";
import type { ContentDefinition } from "../../definition";
import { contentAccess, refColumns, type ContentRef } from "../../ref";
import { badRequest, parseChanges } from "../../../http/errors";
import { textLimits } from "../../../system/config-store";
import { touch, writeTransaction, type AnyResource, type Trx } from "../../../engine/crud";

/**
 * The budget of a content (spec 001 §3 "Budget"; docs/decisions/012), three pages of one row:
 *   GET/PATCH dashboard/{path}/{id}/budget/price/   price, price_discount (≤ price), app store and android prices, note
 *   GET/PATCH dashboard/{path}/{id}/budget/         planning: count_learner, cost, price_margin (%), record_list
 *   GET/PATCH dashboard/{path}/{id}/budget/actual/  actual cost: record_list
 * The price page exists only for a content type with price switches (its definition's
 * switches.price), and only while they are on. Reading needs the content's view, writing its
 * change flag. PATCH is partial; a given record_list
 * replaces the page's records. Money is kept in hundredths, exchange rates in millionths.
 */

const toMinor = (n: number) => Math.round(n * 100);
const fromMinor = (n: number | null) => (n === null ? null : Number(n) / 100);
const toMicro = (n: number) => Math.round(n * 1_000_000);

type Kind = "plan" | "actual";

/** A record's total in baht: unit × cost × rate, rounded to the satang (exact integer arithmetic). */
export function totalMinor(r: { unit: number; cost_minor: number; exchange_rate_micro: number }): bigint {
  const product = BigInt(r.unit) * BigInt(r.cost_minor) * BigInt(r.exchange_rate_micro);
  return (product + 500_000n) / 1_000_000n;
}

async function budgetRow(db: Db | Trx, ref: ContentRef) {
  return db
    .selectFrom("content_budget")
    .selectAll()
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .executeTakeFirst();
}

async function records(db: Db | Trx, ref: ContentRef, kind: Kind): Promise<{ list: BudgetRecord[]; total: number }> {
  const rows = await db
    .selectFrom("content_budget_record as r")
    .innerJoin("budget_category as c", "c.id", "r.budget_category_id")
    .select([
      "r.id",
      "r.unit",
      "r.cost_minor",
      "r.currency",
      "r.exchange_rate_micro",
      "c.id as category_id",
      "c.name_bp",
      "c.name_ac",
      "c.code",
    ])
    .where("r.content_type_id", "=", ref.contentTypeId)
    .where("r.content_id", "=", ref.contentId)
    .where("r.kind", "=", kind)
    .orderBy("r.sort")
    .orderBy("r.id")
    .execute();
  let sum = 0n;
  const list = rows.map((r) => {
    const total = totalMinor({
      unit: r.unit,
      cost_minor: Number(r.cost_minor),
      exchange_rate_micro: Number(r.exchange_rate_micro),
    });
    sum += total;
    return {
      id: r.id,
      budget_type: { id: r.category_id, name_bp: r.name_bp, name_ac: r.name_ac, code: r.code },
      unit: r.unit,
      cost: Number(r.cost_minor) / 100,
      currency: r.currency as Currency,
      exchange_rate: Number(r.exchange_rate_micro) / 1_000_000,
      total: Number(total) / 100,
    };
  });
  return { list, total: Number(sum) / 100 };
}

export async function loadPrice(db: Db | Trx, ref: ContentRef): Promise<BudgetPriceAnswer> {
  const row = await budgetRow(db, ref);
  return {
    price: fromMinor(row?.price_minor ?? 0) ?? 0,
    price_discount: fromMinor(row?.price_discount_minor ?? null),
    price_app_store: fromMinor(row?.price_app_store_minor ?? null),
    price_android: fromMinor(row?.price_android_minor ?? null),
    note: row?.note ?? "",
    datetime_update: row?.datetime_update_price ?? null,
  };
}

export async function loadPlan(db: Db | Trx, ref: ContentRef): Promise<BudgetPlan> {
  const row = await budgetRow(db, ref);
  const { list, total } = await records(db, ref, "plan");
  return {
    count_learner: row?.count_learner ?? 0,
    cost: fromMinor(row?.cost_minor ?? 0) ?? 0,
    price_margin: (row?.price_margin_minor ?? 0) / 100,
    record_list: list,
    total,
    datetime_update: row?.datetime_update_plan ?? null,
  };
}

export async function loadActual(db: Db | Trx, ref: ContentRef): Promise<BudgetActual> {
  const row = await budgetRow(db, ref);
  const { list, total } = await records(db, ref, "actual");
  return { record_list: list, total, datetime_update: row?.datetime_update_actual ?? null };
}

type BudgetColumns = Partial<{
  price_minor: number;
  price_discount_minor: number | null;
  price_app_store_minor: number | null;
  price_android_minor: number | null;
  note: string;
  count_learner: number;
  cost_minor: number;
  price_margin_minor: number;
  datetime_update_price: string;
  datetime_update_plan: string;
  datetime_update_actual: string;
}>;

/** Create the content's budget row with these columns, or set them on it. */
async function upsertBudget(trx: Trx, ref: ContentRef, set: BudgetColumns) {
  await trx
    .insertInto("content_budget")
    .values({ ...refColumns(ref), ...set })
    .onConflict((oc) => oc.columns(["content_type_id", "content_id"]).doUpdateSet(set))
    .execute();
}

/**
 * Each record's category exists and its type lets it be picked on this page (docs/decisions/083;
 * one the page already has stays, so retyping a category never locks a saved page), else 400
 * `record_list[i].budget_type`; then the page's records are replaced.
 */
async function replaceRecords(trx: Trx, ref: ContentRef, kind: Kind, list: BudgetRecordInput[]) {
  const ids = [...new Set(list.map((r) => r.budget_type))];
  const found = ids.length
    ? await trx.selectFrom("budget_category").select(["id", "type"]).where("id", "in", ids).execute()
    : [];
  const kept = ids.length
    ? await trx
        .selectFrom("content_budget_record")
        .select("budget_category_id")
        .where("content_type_id", "=", ref.contentTypeId)
        .where("content_id", "=", ref.contentId)
        .where("kind", "=", kind)
        .execute()
    : [];
  const had = new Set(kept.map((k) => k.budget_category_id));
  const known = new Set(found.filter((f) => budgetTypeAllows(f.type, kind) || had.has(f.id)).map((f) => f.id));
  const errors: Record<string, string[]> = {};
  list.forEach((r, i) => {
    if (!known.has(r.budget_type)) errors[`record_list[${i}].budget_type`] = [MSG.invalid_choice];
  });
  if (Object.keys(errors).length) throw badRequest(errors);
  await trx
    .deleteFrom("content_budget_record")
    .where("content_type_id", "=", ref.contentTypeId)
    .where("content_id", "=", ref.contentId)
    .where("kind", "=", kind)
    .execute();
  if (!list.length) return;
  await trx
    .insertInto("content_budget_record")
    .values(
      list.map((r, i) => ({
        ...refColumns(ref),
        kind,
        budget_category_id: r.budget_type,
        unit: r.unit,
        cost_minor: toMinor(r.cost),
        currency: r.currency,
        exchange_rate_micro: toMicro(r.exchange_rate),
        sort: i + 1,
      })),
    )
    .execute();
}

const budgetBase = (content: AnyResource) => `/dashboard/${content.path}/:id(^\\d{1,12})/budget/`;

/** The budget pages of content type `def`; the price page behind its price switches, when it has them. */
export function budgetRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) {
  const price = def.switches.price;
  if (price) switchedRoutes(app, ctx, price, (scope) => budgetPriceRoutes(scope, ctx, def.resource));
  budgetPageRoutes(app, ctx, def.resource);
}

/** The price page's calls, apart: the price has config switches of its own (docs/decisions/020). */
function budgetPriceRoutes(app: FastifyInstance, ctx: ApiContext, content: AnyResource) {
  const { db } = ctx;
  const base = budgetBase(content);
  app.get(`${base}price/`, async (req) => loadPrice(db, (await contentAccess(req, db, content, "view")).ref));
  app.patch(`${base}price/`, async (req) => {
    const { id, ref } = await contentAccess(req, db, content, "change");
    const input = parseChanges(budgetPriceSchemas(await textLimits(db)).patch, req.body, "nested");
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      // The discount rule holds for the result, whichever of the two was given.
      const current = await loadPrice(trx, ref);
      const merged = {
        price: input.price ?? current.price,
        price_discount: input.price_discount === undefined ? current.price_discount : input.price_discount,
      };
      if (discountAbovePrice(merged)) throw badRequest({ price_discount: [MSG.price_discount_above_price] });
      await upsertBudget(trx, ref, {
        ...(input.price !== undefined && { price_minor: toMinor(input.price) }),
        ...(input.price_discount !== undefined && {
          price_discount_minor: input.price_discount === null ? null : toMinor(input.price_discount),
        }),
        ...(input.price_app_store !== undefined && {
          price_app_store_minor: input.price_app_store === null ? null : toMinor(input.price_app_store),
        }),
        ...(input.price_android !== undefined && {
          price_android_minor: input.price_android === null ? null : toMinor(input.price_android),
        }),
        ...(input.note !== undefined && { note: input.note }),
        datetime_update_price: now.toISOString(),
      });
      await touch(trx, content, id, now);
    });
    return loadPrice(db, ref);
  });
}

/** The planning and actual pages' calls. */
function budgetPageRoutes(app: FastifyInstance, ctx: ApiContext, content: AnyResource) {
  const { db } = ctx;
  const base = budgetBase(content);
  app.get(base, async (req) => loadPlan(db, (await contentAccess(req, db, content, "view")).ref));
  app.get(`${base}actual/`, async (req) => loadActual(db, (await contentAccess(req, db, content, "view")).ref));

  app.patch(base, async (req) => {
    const { id, ref } = await contentAccess(req, db, content, "change");
    const input = parseChanges(budgetPlanSchema, req.body, "nested");
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      await upsertBudget(trx, ref, {
        ...(input.count_learner !== undefined && { count_learner: input.count_learner }),
        ...(input.cost !== undefined && { cost_minor: toMinor(input.cost) }),
        ...(input.price_margin !== undefined && { price_margin_minor: Math.round(input.price_margin * 100) }),
        datetime_update_plan: now.toISOString(),
      });
      if (input.record_list !== undefined) await replaceRecords(trx, ref, "plan", input.record_list);
      await touch(trx, content, id, now);
    });
    return loadPlan(db, ref);
  });

  app.patch(`${base}actual/`, async (req) => {
    const { id, ref } = await contentAccess(req, db, content, "change");
    const input = parseChanges(budgetActualSchema, req.body, "nested");
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      await upsertBudget(trx, ref, { datetime_update_actual: now.toISOString() });
      if (input.record_list !== undefined) await replaceRecords(trx, ref, "actual", input.record_list);
      await touch(trx, content, id, now);
    });
    return loadActual(db, ref);
  });
}

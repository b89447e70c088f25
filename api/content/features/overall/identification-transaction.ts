import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type RawBuilder } from "kysely";
import type { FieldErrors } from "../../../../contract/http";
import { MSG } from "../../../../contract/messages";
import {
  TRANSACTION_ORDERING,
  type Transaction,
  type TransactionItem,
  type TransactionProgress,
  type TransactionRow,
} from "../../../../contract/schemas/identification";
import type { IdentificationStatus } from "../../../../contract/schemas/overall";
import { fromFlag, type Db } from "../../../db/index";
import type { ApiContext } from "../../../http/context";
import { badRequest, notFound } from "../../../http/errors";
import { parseOrdering, tieDirection } from "../../../http/ordering";
import { paginate, readPageQuery } from "../../../http/paging";
import { accountRef, identificationFilters, LEARNER_ORDER, learnerMatches } from "./discussion-identification";
import { itemId } from "../../../engine/crud";
import { contentAccess, ofContent, type ContentRef } from "../../ref";
import type { ContentDefinition } from "../../definition";

/**
 * The identification transactions of a content item (spec 000 §2.5; docs/decisions/021), for any
 * content type, read-only (contract/schemas/identification.ts lists the calls). The transactions
 * are keyed by content type and id, like the progress records (content_enrollment) and the
 * curriculum live, which the type's wiring names (`IdentificationSource`). Reading needs what the
 * identification log needs (the content's view flag or scope); the progress record under a
 * transaction also needs the content's progress flag, as its overall progress page does.
 */

const ID = "(^\\d{1,12})";

const ORDER: Record<(typeof TRANSACTION_ORDERING)[number], RawBuilder<unknown>[]> = {
  datetime_start: [sql.ref("x.datetime_start")],
  learner: LEARNER_ORDER,
};

const transactionQuery = (db: Db) =>
  db
    .selectFrom("identification_transaction as x")
    .innerJoin("account as a", "a.id", "x.account_id")
    .select((eb) => [
      "x.id",
      "x.method",
      "x.status",
      "x.progress_id",
      "x.datetime_start",
      "x.datetime_end",
      "x.datetime_lock_until",
      "a.id as account_id",
      "a.username",
      "a.first_name",
      "a.last_name",
      eb
        .selectFrom("identification_attempt as i")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("i.transaction_id", "=", "x.id")
        .as("attempt_count"),
      eb
        .selectFrom("identification_transaction_item as t")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("t.transaction_id", "=", "x.id")
        .as("item_count"),
    ]);
type Row = Awaited<ReturnType<ReturnType<typeof transactionQuery>["executeTakeFirstOrThrow"]>>;

const present = (r: Row): TransactionRow => ({
  id: r.id,
  account: accountRef(r),
  method: r.method,
  status: r.status as IdentificationStatus,
  attempt_count: Number(r.attempt_count ?? 0),
  item_count: Number(r.item_count ?? 0),
  progress_id: r.progress_id,
  datetime_start: r.datetime_start,
  datetime_end: r.datetime_end,
  datetime_lock_until: r.datetime_lock_until,
});

export function identificationTransactionRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) {
  const { db } = ctx;
  const parent = def.resource;
  const base = `/dashboard/${parent.path}/:id${ID}/identification/transaction/`;
  const one = `${base}:transactionid${ID}/`;

  /** The transaction the path names, of this content item, or 404. */
  async function transactionOf(req: FastifyRequest, ref: ContentRef): Promise<Row> {
    const row = await transactionQuery(db)
      .where("x.id", "=", itemId(req, "transactionid"))
      .where(ofContent(ref, "x"))
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  /** The transaction's progress record (the learner's, of this item), or none. */
  const progressQuery = (ref: ContentRef, tx: Row) =>
    db
      .selectFrom("content_enrollment as p")
      .innerJoin("account as a", "a.id", "p.account_id")
      .select([
        "p.id",
        "p.status",
        "p.datetime_enroll",
        "p.datetime_start",
        "p.datetime_complete",
        "p.datetime_update",
        "a.id as account_id",
        "a.username",
        "a.first_name",
        "a.last_name",
      ])
      .where(ofContent(ref, "p"))
      .where("p.account_id", "=", tx.account_id)
      .where("p.id", "=", tx.progress_id ?? 0);
  const presentProgress = (
    r: Awaited<ReturnType<ReturnType<typeof progressQuery>["executeTakeFirstOrThrow"]>>,
  ): TransactionProgress => ({
    id: r.id,
    account: accountRef(r),
    status: r.status,
    datetime_enroll: r.datetime_enroll,
    datetime_start: r.datetime_start,
    datetime_complete: r.datetime_complete,
    datetime_update: r.datetime_update,
  });

  app.get(base, async (req) => {
    const { ref } = await contentAccess(req, db, parent, "view");
    const q = readPageQuery(req);
    const errors: FieldErrors = {};
    const { methods, statuses } = identificationFilters(req, errors);
    const order = parseOrdering(q.ordering, ORDER, "-datetime_start");
    if (!order) errors.ordering = [MSG.invalid_choice];
    if (Object.keys(errors).length) throw badRequest(errors);
    let query = transactionQuery(db).where(ofContent(ref, "x"));
    if (methods.length) query = query.where("x.method", "in", methods);
    if (statuses.length) query = query.where("x.status", "in", statuses);
    if (q.search) query = query.where(learnerMatches(q.search));
    for (const o of order!) query = query.orderBy(o.expr, o.desc ? "desc" : "asc");
    const page = await paginate(req, query.orderBy("x.id", tieDirection(order!)), q);
    return { ...page, results: page.results.map(present) };
  });

  app.get(one, async (req): Promise<Transaction> => {
    const { ref } = await contentAccess(req, db, parent, "view");
    const tx = await transactionOf(req, ref);
    const attempts = await db
      .selectFrom("identification_attempt")
      .select(["id", "method", "status", "section", "datetime_create"])
      .where("transaction_id", "=", tx.id)
      .orderBy("datetime_create")
      .orderBy("id")
      .execute();
    return { ...present(tx), attempt_list: attempts.map((r) => ({ ...r, status: r.status as IdentificationStatus })) };
  });

  app.get(`${one}curriculum/`, async (req) => {
    const { ref } = await contentAccess(req, db, parent, "view");
    const tx = await transactionOf(req, ref);
    // Inner join on the section: an item whose section was deleted since is no longer shown.
    const query = db
      .selectFrom("identification_transaction_item as t")
      .innerJoin("content_section as s", "s.id", "t.section_id")
      .leftJoin("content_material as m", "m.id", "t.material_id")
      .select([
        "t.id",
        "s.id as section_id",
        "s.name as section_name",
        "s.iden_is_enabled as section_enabled",
        "s.iden_identification as section_method",
        "m.id as material_id",
        "m.name as material_name",
        "m.slot_type",
        "m.iden_is_enabled as material_enabled",
        "m.iden_identification as material_method",
      ])
      .where("t.transaction_id", "=", tx.id)
      .orderBy("t.sort")
      .orderBy("t.id");
    const page = await paginate(req, query, readPageQuery(req));
    const results: TransactionItem[] = page.results.map((r) => ({
      id: r.id,
      section: { id: r.section_id, name: r.section_name },
      material:
        r.material_id === null
          ? null
          : { id: r.material_id, name: r.material_name ?? "", slot_type: r.slot_type ?? "" },
      identification:
        r.material_id === null
          ? { is_enabled: fromFlag(r.section_enabled), method: r.section_method }
          : { is_enabled: fromFlag(r.material_enabled ?? 0), method: r.material_method ?? 0 },
    }));
    return { ...page, results };
  });

  app.get(`${one}progress/`, async (req) => {
    const { ref } = await contentAccess(req, db, parent, "progress");
    const tx = await transactionOf(req, ref);
    const page = await paginate(req, progressQuery(ref, tx), readPageQuery(req));
    return { ...page, results: page.results.map(presentProgress) };
  });

  app.get(`${one}progress/:progressid${ID}/`, async (req): Promise<TransactionProgress> => {
    const { ref } = await contentAccess(req, db, parent, "progress");
    const tx = await transactionOf(req, ref);
    // Only the transaction's own record: another learner's (or another item's) is a 404.
    const row = await progressQuery(ref, tx).where("p.id", "=", itemId(req, "progressid")).executeTakeFirst();
    if (!row) throw notFound();
    return presentProgress(row);
  });
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import { CLASS_MSG } from "../../../contract/class-codes";
import { MSG } from "../../../contract/messages";
import { classTermsSchema, type ClassTerms } from "../../../contract/schemas/class-options";
import { requireUser } from "../../auth/permissions";
import { fromFlag, toFlag, type Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { badRequest, forbidden, notFound, parseInput } from "../../http/errors";
import { itemId, touch, writeTransaction } from "../../engine/crud";
import { textLimits } from "../../system/config-store";
import { activeEnrollments } from "../activity/shared";
import { contentAccess, contentTypeId } from "../ref";
import { classResource, classWriteRefusal } from "./resource";

/**
 * The terms a learner accepts for a class inside a program (spec 000 §2.4 "settings (permission,
 * terms)", docs/decisions/047). A class on its own reads none (`class_program: null`) and may not
 * be given any: its PUT answers 404, and so do a learner's calls.
 *   GET  dashboard/class/{id}/terms/   {terms, is_terms_required, accepted_count, class_program} (view)
 *   PUT / POST the same {terms, is_terms_required}                                  (change)
 *   GET  class/{id}/terms/             the learner's view: the terms and whether they accepted (a seat in the class)
 *   POST class/{id}/terms/accept/      the learner accepts them (once; again changes nothing)
 * Required terms with no text are refused (terms: cls_msg_terms_required).
 */
const ADMIN = "/dashboard/class/:id(^\\d{1,12})/terms/";
const LEARNER = "/class/:id(^\\d{1,12})/terms/";

async function termsOf(db: Db, classId: number): Promise<ClassTerms> {
  const row = await db
    .selectFrom("class as c")
    .leftJoin("class_program as p", "p.id", "c.class_program_id")
    .select(["c.terms", "c.is_terms_required", "p.id as program_id", "p.name as program_name"])
    .where("c.id", "=", classId)
    .executeTakeFirst();
  if (!row) throw notFound();
  const accepted = await db
    .selectFrom("class_terms_acceptance")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("class_id", "=", classId)
    .executeTakeFirst();
  return {
    terms: row.terms,
    is_terms_required: fromFlag(row.is_terms_required),
    accepted_count: Number(accepted?.n ?? 0),
    class_program: row.program_id === null ? null : { id: row.program_id, name: row.program_name ?? "" },
  };
}

/** The signed-in learner's seat in the class, or 403. */
async function seated(db: Db, req: FastifyRequest) {
  const account = requireUser(req);
  const classId = itemId(req);
  const seat = await activeEnrollments(db, { contentTypeId: await contentTypeId(db, "class"), contentId: classId })
    .select("e.id")
    .where("e.account_id", "=", account.id)
    .executeTakeFirst();
  if (!seat) throw forbidden(MSG.no_permission_to_access_class);
  return { account, classId };
}

export function classTermsRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  app.get(ADMIN, async (req) => {
    const { id } = await contentAccess(req, db, classResource, "view");
    return termsOf(db, id);
  });
  const save = async (req: FastifyRequest) => {
    const { id } = await contentAccess(req, db, classResource, "change");
    // Kept for a class inside a program only: on its own a class has no settings tab.
    if ((await termsOf(db, id)).class_program === null) throw notFound();
    const input = parseInput(classTermsSchema((await textLimits(db)).description), req.body);
    if (input.is_terms_required && !input.terms.trim()) throw badRequest({ terms: [CLASS_MSG.terms_required] });
    const now = ctx.now();
    await writeTransaction(db, async (trx) => {
      const refusal = await classWriteRefusal(trx, id);
      if (refusal) throw refusal;
      await trx
        .updateTable("class")
        .set({ terms: input.terms, is_terms_required: toFlag(input.is_terms_required) })
        .where("id", "=", id)
        .execute();
      await touch(trx, classResource, id, now);
    });
    return termsOf(db, id);
  };
  app.put(ADMIN, save);
  app.post(ADMIN, save);

  app.get(LEARNER, async (req) => {
    const { account, classId } = await seated(db, req);
    const t = await termsOf(db, classId);
    if (t.class_program === null) throw notFound();
    const mine = await db
      .selectFrom("class_terms_acceptance")
      .select("datetime_accept")
      .where("class_id", "=", classId)
      .where("account_id", "=", account.id)
      .executeTakeFirst();
    return { terms: t.terms, is_terms_required: t.is_terms_required, datetime_accept: mine?.datetime_accept ?? null };
  });
  app.post(`${LEARNER}accept/`, async (req) => {
    const { account, classId } = await seated(db, req);
    const t = await termsOf(db, classId);
    if (!t.terms.trim()) throw notFound();
    const at = ctx.now().toISOString();
    await db
      .insertInto("class_terms_acceptance")
      .values({ class_id: classId, account_id: account.id, datetime_accept: at })
      .onConflict((oc) => oc.columns(["class_id", "account_id"]).doNothing())
      .execute();
    const mine = await db
      .selectFrom("class_terms_acceptance")
      .select("datetime_accept")
      .where("class_id", "=", classId)
      .where("account_id", "=", account.id)
      .executeTakeFirstOrThrow();
    return { datetime_accept: mine.datetime_accept };
  });
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Action } from "../../../contract/permissions";
import {
  choiceSchema,
  questionCreateSchema,
  questionMoveSchema,
  questionUpdateSchema,
} from "../../../contract/schemas/test";
import type { ApiContext } from "../../http/context";
import { createOnce } from "../../http/idempotency";
import { notFound, parseChanges, parseInput } from "../../http/errors";
import { writeTransaction } from "../../engine/crud";
import {
  addChoice,
  choiceAt,
  createQuestion,
  createdQuestion,
  deleteChoice,
  deleteQuestion,
  getQuestion,
  listQuestions,
  moveQuestion,
  updateChoice,
  updateQuestion,
  type Owner,
} from "./store";

/**
 * The question store's calls, mounted once per owner kind (docs/decisions/064) under `base`
 * (a test section: `dashboard/test/{id}/section/{sectionid}/`; a bank: `dashboard/testbank/{id}/`):
 *
 *   GET    {base}question/                       the owner's questions by number (view flag)
 *   POST   {base}question/ {desc, type}          a new question → 201 {id, number, type} (change flag;
 *          spec 002 §7 "Question POST with desc and, for tests, type 1")
 *   GET    {base}question/{number}/              one question with its tags and choices
 *   PATCH  {base}question/{number}/              desc, hint, answer texts, answer / answer_gap, score, tags, is_hide
 *   DELETE {base}question/{number}/              the ones after it move up
 *   POST   {base}question/{number}/move/ {number}
 *   POST   {base}question/{number}/choice/ {desc, is_answer}   (spec 002 §7) → 201 the choice
 *   PATCH  {base}question/{number}/choice/{choiceid}/   DELETE the same
 *
 * `resolve` checks the owner's flags for the actions and answers the owner (404 when it is not
 * there or not in the account's scope) and the acting account.
 */
export type OwnerResolver = (
  req: FastifyRequest,
  actions: readonly Action[],
) => Promise<{ owner: Owner; account: { id: number } }>;

const NUM = "(^\\d{1,9})";

function numberOf(req: FastifyRequest, name = "number"): number {
  const n = Number((req.params as Record<string, string>)[name]);
  if (!Number.isInteger(n) || n < 1) throw notFound();
  return n;
}

export function questionStoreRoutes(app: FastifyInstance, ctx: ApiContext, base: string, resolve: OwnerResolver) {
  const { db } = ctx;
  const list = `${base}question/`;
  const one = `${list}:number${NUM}/`;
  const choice = `${one}choice/:choiceid${NUM}/`;

  app.get(list, async (req) => {
    const { owner } = await resolve(req, []);
    const results = await listQuestions(db, owner);
    return { results, count: results.length, page_size: results.length, next: null, page: 1 };
  });

  app.post(list, async (req, reply) => {
    const { owner, account } = await resolve(req, ["change"]);
    return createOnce(req, reply, ctx, {
      answer: (id) => createdQuestion(db, owner, id),
      create: (keep) => {
        const input = parseInput(questionCreateSchema, req.body ?? {});
        return writeTransaction(db, async (trx) =>
          keep(trx, (await createQuestion(trx, owner, input, { account, now: ctx.now() })).id),
        );
      },
    });
  });

  app.get(one, async (req) => {
    const { owner } = await resolve(req, []);
    return getQuestion(db, owner, numberOf(req));
  });

  app.patch(one, async (req) => {
    const { owner, account } = await resolve(req, ["change"]);
    const number = numberOf(req);
    const input = parseChanges(questionUpdateSchema, req.body ?? {});
    await writeTransaction(db, (trx) => updateQuestion(trx, owner, number, input, { account, now: ctx.now() }));
    return getQuestion(db, owner, number);
  });

  app.delete(one, async (req, reply) => {
    const { owner, account } = await resolve(req, ["change"]);
    const number = numberOf(req);
    await writeTransaction(db, (trx) => deleteQuestion(trx, owner, number, { account, now: ctx.now() }));
    return reply.status(204).send();
  });

  app.post(`${one}move/`, async (req) => {
    const { owner, account } = await resolve(req, ["change"]);
    const number = numberOf(req);
    const { number: to } = parseInput(questionMoveSchema, req.body ?? {});
    const at = await writeTransaction(db, (trx) => moveQuestion(trx, owner, number, to, { account, now: ctx.now() }));
    return getQuestion(db, owner, at);
  });

  app.post(`${one}choice/`, async (req, reply) => {
    const { owner, account } = await resolve(req, ["change"]);
    const number = numberOf(req);
    return createOnce(req, reply, ctx, {
      answer: (id) => choiceAt(db, owner, number, id),
      create: (keep) => {
        const input = parseInput(choiceSchema, req.body ?? {});
        return writeTransaction(db, async (trx) =>
          keep(trx, (await addChoice(trx, owner, number, input, { account, now: ctx.now() })).id),
        );
      },
    });
  });

  app.patch(choice, async (req) => {
    const { owner, account } = await resolve(req, ["change"]);
    const number = numberOf(req);
    const input = parseChanges(choiceSchema, req.body ?? {});
    await writeTransaction(db, (trx) =>
      updateChoice(trx, owner, number, numberOf(req, "choiceid"), input, { account, now: ctx.now() }),
    );
    return getQuestion(db, owner, number);
  });

  app.delete(choice, async (req, reply) => {
    const { owner, account } = await resolve(req, ["change"]);
    const number = numberOf(req);
    await writeTransaction(db, (trx) =>
      deleteChoice(trx, owner, number, numberOf(req, "choiceid"), { account, now: ctx.now() }),
    );
    return reply.status(204).send();
  });
}

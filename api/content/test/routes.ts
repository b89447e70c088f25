import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "../../../contract/zod";
import type { Action } from "../../../contract/permissions";
import { drawSchema, sectionSchema, testSettingSchema } from "../../../contract/schemas/test";
import { toFlag } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { createOnce } from "../../http/idempotency";
import { notFound, parseChanges, parseInput } from "../../http/errors";
import { inTransaction, itemAccess, itemId, touch } from "../../engine/crud";
import { questionStoreRoutes } from "../test-question/routes";
import { testbankResource } from "../testbank/resource";
import { deleteDraw, drawOf, listDraws, saveDraw } from "./draw-rules";
import { previewDraw } from "./draw";
import { testResource, testSetting } from "./resource";
import { createSection, deleteSection, listSections, moveSection, sectionOf, updateSection } from "./sections";

/**
 * A test's own calls beside the engine's (docs/decisions/064); reads need the test's view flag,
 * writes its change flag:
 *
 *   GET/PATCH dashboard/test/{id}/setting/   is_template, term, result_setting, attempt, duration
 *   GET/POST  dashboard/test/{id}/section/   its sections in order; a new one (blank name → "Untitled Section")
 *   GET/PATCH/DELETE dashboard/test/{id}/section/{sectionid}/   POST …/move/ {direction up|down}
 *   GET/POST  dashboard/test/{id}/section/{sectionid}/testbank/   its draw rules; save one {bank, …}
 *   GET/DELETE dashboard/test/{id}/section/{sectionid}/testbank/{testbankid}/   the rule for that bank (GET: null when none)
 *   GET       dashboard/test/{id}/section/{sectionid}/testbank/{testbankid}/preview/   what the rule would ask (404 without one)
 *   …/section/{sectionid}/question/…   the question store (api/content/test-question/routes.ts)
 *
 * It also mounts the question store for banks, dashboard/testbank/{id}/question/…, with the
 * bank's `testbank` flags (the bank's own calls are the bank's, api/content/testbank/).
 */

const ID = "(^\\d{1,12})";
const TEST = `/dashboard/test/:id${ID}/`;
const SECTION = `${TEST}section/:sectionid${ID}/`;

const moveSchema = z.object({ direction: z.enum(["up", "down"]) });

export function testRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const access = (req: FastifyRequest, actions: readonly Action[]) => itemAccess(req, db, testResource, actions);
  /** The test (flags for `actions`) and its section named by the path, or 404. */
  const section = async (req: FastifyRequest, actions: readonly Action[]) => {
    const a = await access(req, actions);
    const s = await sectionOf(db, a.id, itemId(req, "sectionid"));
    return { ...a, section: s };
  };

  app.get(`${TEST}setting/`, async (req) => testSetting(db, (await access(req, [])).id));
  app.patch(`${TEST}setting/`, async (req) => {
    const { id } = await access(req, ["change"]);
    const input = parseChanges(testSettingSchema, req.body ?? {});
    await inTransaction(db, testResource, async (trx) => {
      await trx
        .updateTable("test")
        .set({ ...input, is_template: toFlag(input.is_template) })
        .where("id", "=", id)
        .execute();
      await touch(trx, testResource, id, ctx.now());
    });
    return testSetting(db, id);
  });

  app.get(`${TEST}section/`, async (req) => {
    const results = await listSections(db, (await access(req, [])).id);
    return { results, count: results.length, page_size: results.length, next: null, page: 1 };
  });
  app.post(`${TEST}section/`, async (req, reply) => {
    const { id } = await access(req, ["change"]);
    return createOnce(req, reply, ctx, {
      answer: (sectionId) => sectionOf(db, id, sectionId),
      create: (keep) => {
        const input = parseInput(sectionSchema, req.body ?? {});
        return inTransaction(db, testResource, async (trx) => {
          const created = await createSection(trx, id, input);
          await touch(trx, testResource, id, ctx.now());
          return keep(trx, created);
        });
      },
    });
  });
  app.get(SECTION, async (req) => (await section(req, [])).section);
  app.patch(SECTION, async (req) => {
    const { id, section: s } = await section(req, ["change"]);
    const input = parseChanges(sectionSchema, req.body ?? {});
    await inTransaction(db, testResource, (trx) => updateSection(trx, id, s.id, input));
    return sectionOf(db, id, s.id);
  });
  app.delete(SECTION, async (req, reply) => {
    const { id, section: s } = await section(req, ["change"]);
    await inTransaction(db, testResource, (trx) => deleteSection(trx, id, s.id));
    return reply.status(204).send();
  });
  app.post(`${SECTION}move/`, async (req) => {
    const { id, section: s } = await section(req, ["change"]);
    const { direction } = parseInput(moveSchema, req.body ?? {});
    await inTransaction(db, testResource, (trx) => moveSection(trx, id, s.id, direction));
    return listSections(db, id);
  });

  app.get(`${SECTION}testbank/`, async (req) => {
    const results = await listDraws(db, (await section(req, [])).section.id);
    return { results, count: results.length, page_size: results.length, next: null, page: 1 };
  });
  app.post(`${SECTION}testbank/`, async (req, reply) => {
    const { section: s } = await section(req, ["change"]);
    const input = parseInput(drawSchema, req.body ?? {});
    await inTransaction(db, testResource, (trx) => saveDraw(trx, s.id, input, ctx.now()));
    return reply.status(201).send(await drawOf(db, s.id, input.bank));
  });
  app.get(`${SECTION}testbank/:testbankid${ID}/`, async (req) =>
    drawOf(db, (await section(req, [])).section.id, itemId(req, "testbankid")),
  );
  app.get(`${SECTION}testbank/:testbankid${ID}/preview/`, async (req) => {
    const preview = await previewDraw(db, (await section(req, [])).section.id, itemId(req, "testbankid"));
    if (!preview) throw notFound();
    return preview;
  });
  app.delete(`${SECTION}testbank/:testbankid${ID}/`, async (req, reply) => {
    const { section: s } = await section(req, ["change"]);
    await inTransaction(db, testResource, (trx) => deleteDraw(trx, s.id, itemId(req, "testbankid")));
    return reply.status(204).send();
  });

  questionStoreRoutes(app, ctx, SECTION, async (req, actions) => {
    const { account, section: s } = await section(req, actions);
    return { owner: { kind: "section", id: s.id }, account };
  });
  questionStoreRoutes(app, ctx, `/dashboard/testbank/:id${ID}/`, async (req, actions) => {
    const { account, id } = await itemAccess(req, db, testbankResource, actions);
    return { owner: { kind: "bank", id }, account };
  });
}

import type { FastifyInstance } from "fastify";
import { MSG } from "../../../contract/messages";
import {
  SURVEY_TARGET,
  surveyDomainSchema,
  type SurveyDomain,
  type SurveyTarget,
} from "../../../contract/schemas/survey";
import { fromFlag, type Db } from "../../db/index";
import type { ApiContext } from "../../http/context";
import { badRequest, parseChanges } from "../../http/errors";
import { inTransaction, itemAccess, touch } from "../../engine/crud";
import { surveyInstructors, surveyResource } from "./resource";
import { surveyAnswerRoutes } from "./answer-routes";

/**
 * A survey's own calls beside the engine's and the form builder's (docs/decisions/062):
 *   GET dashboard/survey/{id}/domain/   what it asks about (spec 001 §4 target type: content,
 *        instructor, system, other), the instructors it evaluates, and the contents that attach
 *        it (a course's or class's survey tab, a class session's surveys) — read with its view flag.
 *   PATCH dashboard/survey/{id}/domain/   {target_type, instructor_list} (both, as the tab sends them): instructors only for the
 *        target "instructor"; unknown instructors are `invalid_choice`; its change flag.
 * Answering and results: ./answer-routes.ts (docs/decisions/067).
 */

/** The contents whose survey tabs (or class sessions) attach the survey, named. */
async function attachedTo(db: Db, surveyId: number): Promise<SurveyDomain["content_list"]> {
  const rows = await db
    .selectFrom("content_survey as cs")
    .innerJoin("content_type as ct", "ct.id", "cs.content_type_id")
    .select(["ct.code", "cs.content_id", "cs.is_required"])
    .where("cs.survey_id", "=", surveyId)
    .execute();
  const sessions = await db
    .selectFrom("class_session_survey as ss")
    .innerJoin("class_session as s", "s.id", "ss.session_id")
    .select(["s.class_id", "ss.is_required"])
    .where("ss.survey_id", "=", surveyId)
    .execute();
  const wanted = [
    ...rows.map((r) => ({ type: r.code, id: r.content_id, req: r.is_required })),
    ...sessions.map((s) => ({ type: "class", id: s.class_id, req: s.is_required })),
  ];
  const out: SurveyDomain["content_list"] = [];
  for (const table of ["course", "class", "activity", "class_program"] as const) {
    const ids = [...new Set(wanted.filter((w) => w.type === table).map((w) => w.id))];
    if (!ids.length) continue;
    const named = await db
      .selectFrom(`${table} as t` as "course as t")
      .select(["t.id", "t.name", "t.code"])
      .where("t.id", "in", ids)
      .orderBy("t.name")
      .execute();
    for (const n of named)
      out.push({
        content_type: table,
        id: n.id,
        name: n.name,
        code: n.code,
        is_required: wanted.some((w) => w.type === table && w.id === n.id && fromFlag(w.req)),
      });
  }
  return out;
}

async function domainOf(db: Db, id: number): Promise<SurveyDomain> {
  const row = await db.selectFrom("survey").select("target_type").where("id", "=", id).executeTakeFirstOrThrow();
  return {
    target_type: row.target_type as SurveyTarget,
    instructor_list: await surveyInstructors(db, id),
    content_list: await attachedTo(db, id),
  };
}

export function surveyRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  surveyAnswerRoutes(app, ctx);
  const path = "/dashboard/survey/:id(^\\d{1,12})/domain/";
  app.get(path, async (req) => {
    const { id } = await itemAccess(req, db, surveyResource, ["view"]);
    return domainOf(db, id);
  });
  app.patch(path, async (req) => {
    const { id } = await itemAccess(req, db, surveyResource, ["change"]);
    const input = parseChanges(surveyDomainSchema, req.body);
    await inTransaction(db, surveyResource, async (trx) => {
      if (input.instructor_list.length) {
        const found = await trx
          .selectFrom("instructor")
          .select("id")
          .where("id", "in", input.instructor_list)
          .execute();
        if (found.length !== new Set(input.instructor_list).size)
          throw badRequest({ instructor_list: [MSG.invalid_choice] });
      }
      await trx.updateTable("survey").set({ target_type: input.target_type }).where("id", "=", id).execute();
      await trx.deleteFrom("survey_instructor").where("survey_id", "=", id).execute();
      const ids = input.target_type === SURVEY_TARGET.instructor ? [...new Set(input.instructor_list)] : [];
      if (ids.length)
        await trx
          .insertInto("survey_instructor")
          .values(ids.map((instructor_id) => ({ survey_id: id, instructor_id })))
          .execute();
      await touch(trx, surveyResource, id, ctx.now());
    });
    return domainOf(db, id);
  });
}

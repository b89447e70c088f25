import type { FastifyRequest } from "fastify";
import { FORM_KIND, SURVEY_QUESTION_TYPE_CODES } from "../../../contract/request-codes";
import type { Db } from "../../db/index";
import { itemAccess, itemId, type Trx } from "../../engine/crud";
import type { FormKindDef } from "../../requests/form-builder";
import { surveyResource } from "./resource";

/**
 * A survey as the third owner of forms (docs/decisions/057, 062): its sections and questions are
 * the one form builder's, on a request_form row of kind "survey" that `survey.form_id` names,
 * made with its first section. The builder's calls answer under dashboard/survey/{id}/section/…
 * with the survey resource's access: its flags (view to read, change to write) and its view
 * scopes (a provider sees its own surveys only). Questions may also be scales (likert).
 */
export const surveyFormOwner: FormKindDef = {
  kind: FORM_KIND.survey,
  path: "survey",
  module: "survey",
  types: SURVEY_QUESTION_TYPE_CODES,
  owned: {
    async access(req: FastifyRequest, q, action) {
      const { id } = await itemAccess(req, q as Db, surveyResource, [action]);
      return (await q.selectFrom("survey").select("form_id").where("id", "=", id).executeTakeFirstOrThrow()).form_id;
    },
    async ensure(req: FastifyRequest, trx: Trx) {
      const id = itemId(req);
      const survey = await trx
        .selectFrom("survey")
        .select(["name", "form_id", "created_by"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      if (survey.form_id !== null) return survey.form_id;
      const at = new Date().toISOString();
      const form = await trx
        .insertInto("request_form")
        .values({
          kind: FORM_KIND.survey,
          name: survey.name,
          code: null,
          desc: "",
          type_request: null,
          created_by: survey.created_by,
          datetime_create: at,
          datetime_update: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx.updateTable("survey").set({ form_id: form.id }).where("id", "=", id).execute();
      return form.id;
    },
    async touch(req: FastifyRequest, trx: Trx, at: string) {
      await trx.updateTable("survey").set({ datetime_update: at }).where("id", "=", itemId(req)).execute();
    },
  },
};

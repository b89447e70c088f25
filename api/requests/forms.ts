import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import { MSG } from "../../contract/messages";
import { FORM_KIND, QUESTION_TYPE_CODES, type FormKind } from "../../contract/request-codes";
import { REQ_MSG, formSchemas, type Form, type FormReport } from "../../contract/schemas/requests";
import type { ApiContext } from "../http/context";
import { createOnce } from "../http/idempotency";
import { ApiError, badRequest, notFound, parseChanges, parseInput } from "../http/errors";
import { paginate, readPageQuery } from "../http/paging";
import { writeTransaction, type Trx } from "../engine/crud";
import { requireModule } from "../system/master";
import { textLimits } from "../system/config-store";
import { presentSubmissions } from "./answers";
import { assertCodeFree, namedList, namedOrdering, rowId, type Q } from "./kit";
import { formReport } from "./form-report";
import { exportSubmissions } from "./form-export";
import { exportQuerySchema } from "../../contract/schemas/enrollment";
import { builderRoutes, type FormKindDef } from "./form-builder";
import { surveyFormOwner } from "../content/survey/form-owner";

/**
 * The form builder (issue 17 §4 item 4; docs/decisions/057): ONE set of calls for enrollment
 * forms (dashboard/enrollment-form/, enroll_form module) and request forms
 * (dashboard/request-form/, request_form module), rows of request_form told apart by `kind`:
 *
 * - GET/POST ./, GET/PATCH/DELETE ./{id}/ (delete 424 req_msg_form_in_use while a content's
 *   enrollment setting or a request names it; its submissions go with it otherwise)
 * - GET ./{id}/section/, POST ./{id}/section/, PATCH/DELETE ./{id}/section/{sectionid}/, POST …/move/
 * - POST ./{id}/section/{sectionid}/question/, PATCH/DELETE …/question/{questionid}/, POST …/move/
 * - GET ./{id}/submission/ (paged results: who, when, answers), GET ./{id}/report/
 * - GET ./{id}/submission/export/?format_type=xlsx|csv: the results as a spreadsheet (export flag)
 *
 * A third owner of forms is the survey (docs/decisions/062): its questions are a request_form row
 * of kind "survey" that the survey names (survey.form_id, made with its first section). Only the
 * builder's calls are mounted under dashboard/survey/{id}/ (section/…, with the survey module's
 * flags and the survey resource's view scopes); the survey itself is a content of the engine.
 */

export const FORM_KINDS: FormKindDef[] = [
  { kind: FORM_KIND.enrollment, path: "enrollment-form", module: "enroll_form", types: QUESTION_TYPE_CODES },
  { kind: FORM_KIND.request, path: "request-form", module: "request_form", types: QUESTION_TYPE_CODES },
  surveyFormOwner,
];

export async function presentForms(q: Q, ids: number[]): Promise<Form[]> {
  if (!ids.length) return [];
  const [rows, sections] = await Promise.all([
    q.selectFrom("request_form").selectAll().where("id", "in", ids).execute(),
    q.selectFrom("form_section").selectAll().where("form_id", "in", ids).orderBy("sort").orderBy("id").execute(),
  ]);
  const questions = sections.length
    ? await q
        .selectFrom("form_question")
        .selectAll()
        .where(
          "section_id",
          "in",
          sections.map((s) => s.id),
        )
        .orderBy("sort")
        .orderBy("id")
        .execute()
    : [];
  const choices = questions.length
    ? await q
        .selectFrom("form_choice")
        .selectAll()
        .where(
          "question_id",
          "in",
          questions.map((x) => x.id),
        )
        .orderBy("sort")
        .orderBy("id")
        .execute()
    : [];
  const counts = await q
    .selectFrom("form_submission")
    .select(["form_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("form_id", "in", ids)
    .groupBy("form_id")
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id)!;
    const own = sections
      .filter((s) => s.form_id === id)
      .map((s, i) => ({
        id: s.id,
        sort: i + 1,
        name: s.name,
        desc: s.desc,
        questions: questions
          .filter((x) => x.section_id === s.id)
          .map((x, j) => ({
            id: x.id,
            sort: j + 1,
            text: x.text,
            type: x.type as never,
            is_required: x.is_required === 1,
            choices: choices.filter((c) => c.question_id === x.id).map((c) => ({ id: c.id, text: c.text })),
            value_min: x.value_min,
            value_max: x.value_max,
            label_min: x.label_min,
            label_max: x.label_max,
            max_select: x.max_select,
            is_average: x.is_average === 1,
            is_optional: x.is_optional === 1,
          })),
      }));
    return {
      id,
      kind: r.kind as FormKind,
      name: r.name,
      code: r.code,
      desc: r.desc,
      type_request: r.type_request as Form["type_request"],
      count_section: own.length,
      count_question: own.reduce((n, s) => n + s.questions.length, 0),
      count_submission: Number(counts.find((c) => c.form_id === id)?.n ?? 0),
      sections: own,
      datetime_create: r.datetime_create,
      datetime_update: r.datetime_update,
    };
  });
}

/** Whether something names the form: a content's enrollment setting (enrollment forms) or a request. */
async function formInUse(trx: Trx, id: number) {
  return !!(
    (await trx
      .selectFrom("content_enrollment_setting")
      .select("content_id")
      .where("form_id", "=", id)
      .executeTakeFirst()) ??
    (await trx.selectFrom("learning_request").select("id").where("form_id", "=", id).executeTakeFirst())
  );
}

export function formRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  for (const def of FORM_KINDS) {
    const base = `/dashboard/${def.path}/`;
    const item = `${base}:id(^\\d{1,12})/`;
    const ofKind = sql<SqlBool>`t.kind = ${def.kind}`;
    const load = async (id: number) => (await presentForms(db, [id]))[0];
    const at = () => ctx.now().toISOString();
    /** The form of this kind named by the path, else 404. */
    const formOf = async (req: FastifyRequest, q: Q = db) => {
      const id = await rowId(req, q, "request_form");
      const row = await q.selectFrom("request_form").select("kind").where("id", "=", id).executeTakeFirstOrThrow();
      if (row.kind !== def.kind) throw notFound();
      return id;
    };
    /** The form the path names, after the account's access for `action` (an owned form: null while its owner has none). */
    const access = async (req: FastifyRequest, action: "view" | "change") => {
      if (def.owned) return def.owned.access(req, db, action);
      await requireModule(req, db, def.module, action);
      return formOf(req);
    };
    // The builder: sections and questions (form-builder.ts), for every kind of form.
    builderRoutes(app, ctx, def, { item, access, load });
    if (def.owned) continue;

    app.get(base, async (req) => {
      await requireModule(req, db, def.module, "view");
      return namedList(req, db, "request_form", {
        where: ofKind,
        ordering: namedOrdering({ datetime_update: sql.ref("t.datetime_update") }),
        fallback: "-datetime_update",
        present: (ids) => presentForms(db, ids),
      });
    });

    app.post(base, async (req, reply) => {
      const { account } = await requireModule(req, db, def.module, "add");
      return createOnce(req, reply, ctx, {
        answer: load,
        create: async (keep) => {
          const input = parseInput(formSchemas(await textLimits(db)).create, req.body);
          // An enrollment form serves enrolment; a request form names the request type it serves.
          if (def.kind === FORM_KIND.request && input.type_request === null)
            throw badRequest({ type_request: [MSG.required] });
          return writeTransaction(
            db,
            async (trx) => {
              await assertCodeFree(trx, "request_form", input.code, null);
              const row = await trx
                .insertInto("request_form")
                .values({
                  kind: def.kind,
                  name: input.name,
                  code: input.code,
                  desc: input.desc,
                  type_request: def.kind === FORM_KIND.request ? input.type_request : null,
                  created_by: account.id,
                  datetime_create: at(),
                  datetime_update: at(),
                })
                .returning("id")
                .executeTakeFirstOrThrow();
              return keep(trx, row.id);
            },
            { field: "code", message: MSG.code_already_used },
          );
        },
      });
    });

    app.get(item, async (req) => {
      await requireModule(req, db, def.module, "view");
      return load(await formOf(req));
    });

    app.patch(item, async (req) => {
      await requireModule(req, db, def.module, "change");
      const id = await formOf(req);
      const input = parseChanges(formSchemas(await textLimits(db)).update, req.body);
      if (def.kind === FORM_KIND.request && input.type_request === null)
        throw badRequest({ type_request: [MSG.required] });
      await writeTransaction(
        db,
        async (trx) => {
          await assertCodeFree(trx, "request_form", input.code, id);
          const set: Record<string, unknown> = {};
          for (const k of ["name", "code", "desc"] as const) if (input[k] !== undefined) set[k] = input[k];
          if (def.kind === FORM_KIND.request && input.type_request !== undefined) set.type_request = input.type_request;
          await trx
            .updateTable("request_form")
            .set({ ...set, datetime_update: at() })
            .where("id", "=", id)
            .execute();
        },
        { field: "code", message: MSG.code_already_used },
      );
      return load(id);
    });

    app.delete(item, async (req, reply) => {
      await requireModule(req, db, def.module, "delete");
      const id = await formOf(req);
      await writeTransaction(db, async (trx) => {
        if (await formInUse(trx, id)) throw new ApiError(424, { detail: REQ_MSG.form_in_use });
        await trx.deleteFrom("request_form").where("id", "=", id).execute();
      });
      return reply.status(204).send();
    });

    app.get(`${item}submission/`, async (req) => {
      await requireModule(req, db, def.module, "view");
      const formId = await formOf(req);
      const q = readPageQuery(req);
      const query = db
        .selectFrom("form_submission")
        .select("id")
        .where("form_id", "=", formId)
        .orderBy("datetime_create", "desc")
        .orderBy("id", "desc");
      const page = await paginate(req, query, q);
      return {
        ...page,
        results: await presentSubmissions(
          db,
          page.results.map((r) => r.id),
        ),
      };
    });

    // The results as a spreadsheet (docs/decisions/074): the kind's export flag.
    app.get(`${item}submission/export/`, async (req, reply) => {
      const { account } = await requireModule(req, db, def.module, "export");
      const formId = await formOf(req);
      const { format_type: format } = parseInput(exportQuerySchema, req.query);
      return exportSubmissions(reply, db, formId, account, format, ctx.now());
    });

    app.get(`${item}report/`, async (req): Promise<FormReport> => {
      await requireModule(req, db, def.module, "view");
      return formReport(db, await formOf(req));
    });
  }
}

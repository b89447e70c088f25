import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import { MSG } from "../../contract/messages";
import type { Module } from "../../contract/permissions";
import { FORM_KIND, hasChoices, type FormKind } from "../../contract/request-codes";
import { REQ_MSG, formQuestionSchema, formSchemas, formSectionSchema, moveSchema, type Form, type FormQuestionInput, type FormReport } from "../../contract/schemas/requests";
import type { ApiContext } from "../http/context";
import { ApiError, badRequest, notFound, parseInput } from "../http/errors";
import { paginate, readPageQuery } from "../http/paging";
import { itemId, writeTransaction, type Trx } from "../engine/crud";
import { requireModule } from "../system/master";
import { textLimits } from "../system/config-store";
import { presentSubmissions } from "./answers";
import { assertCodeFree, moveRow, namedList, namedOrdering, rowId, type Q } from "./kit";
import { formReport } from "./form-report";

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
 */

export const FORM_KINDS: { kind: FormKind; path: string; module: Module }[] = [
  { kind: FORM_KIND.enrollment, path: "enrollment-form", module: "enroll_form" },
  { kind: FORM_KIND.request, path: "request-form", module: "request_form" },
];

export async function presentForms(q: Q, ids: number[]): Promise<Form[]> {
  if (!ids.length) return [];
  const [rows, sections] = await Promise.all([
    q.selectFrom("request_form").selectAll().where("id", "in", ids).execute(),
    q.selectFrom("form_section").selectAll().where("form_id", "in", ids).orderBy("sort").orderBy("id").execute(),
  ]);
  const questions = sections.length ? await q.selectFrom("form_question").selectAll().where("section_id", "in", sections.map((s) => s.id)).orderBy("sort").orderBy("id").execute() : [];
  const choices = questions.length ? await q.selectFrom("form_choice").selectAll().where("question_id", "in", questions.map((x) => x.id)).orderBy("sort").orderBy("id").execute() : [];
  const counts = await q.selectFrom("form_submission").select(["form_id", (eb) => eb.fn.countAll<number>().as("n")]).where("form_id", "in", ids).groupBy("form_id").execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id)!;
    const own = sections.filter((s) => s.form_id === id).map((s, i) => ({
      id: s.id,
      sort: i + 1,
      name: s.name,
      desc: s.desc,
      questions: questions
        .filter((x) => x.section_id === s.id)
        .map((x, j) => ({ id: x.id, sort: j + 1, text: x.text, type: x.type as never, is_required: x.is_required === 1, choices: choices.filter((c) => c.question_id === x.id).map((c) => ({ id: c.id, text: c.text })) })),
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
    (await trx.selectFrom("content_enrollment_setting").select("content_id").where("form_id", "=", id).executeTakeFirst()) ??
    (await trx.selectFrom("learning_request").select("id").where("form_id", "=", id).executeTakeFirst())
  );
}

/** Replaces a question's choices, keeping the rows (and so the answers' links) of choices whose text stays. */
async function writeChoices(trx: Trx, questionId: number, input: FormQuestionInput) {
  const wanted = hasChoices(input.type) ? input.choices : [];
  const existing = await trx.selectFrom("form_choice").select(["id", "text"]).where("question_id", "=", questionId).execute();
  const gone = existing.filter((c) => !wanted.includes(c.text)).map((c) => c.id);
  if (gone.length) await trx.deleteFrom("form_choice").where("id", "in", gone).execute();
  for (const [i, t] of wanted.entries()) {
    const keep = existing.find((c) => c.text === t);
    if (keep) await trx.updateTable("form_choice").set({ sort: i + 1 }).where("id", "=", keep.id).execute();
    else await trx.insertInto("form_choice").values({ question_id: questionId, sort: i + 1, text: t }).execute();
  }
}

export function formRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  for (const def of FORM_KINDS) {
    const base = `/dashboard/${def.path}/`;
    const item = `${base}:id(^\\d{1,12})/`;
    const section = `${item}section/:sectionid(^\\d{1,12})/`;
    const question = `${section}question/:questionid(^\\d{1,12})/`;
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
    /** A write under the form (its change flag): the section (and question) named must be the form's. */
    const write = async (req: FastifyRequest, work: (trx: Trx, formId: number) => Promise<void>) => {
      await requireModule(req, db, def.module, "change");
      const formId = await formOf(req);
      await writeTransaction(db, async (trx) => {
        await work(trx, formId);
        await trx.updateTable("request_form").set({ datetime_update: at() }).where("id", "=", formId).execute();
      });
      return load(formId);
    };
    const sectionOf = async (req: FastifyRequest, trx: Q, formId: number) => {
      const id = itemId(req, "sectionid");
      if (!(await trx.selectFrom("form_section").select("id").where("id", "=", id).where("form_id", "=", formId).executeTakeFirst())) throw notFound();
      return id;
    };
    const questionOf = async (req: FastifyRequest, trx: Q, sectionId: number) => {
      const id = itemId(req, "questionid");
      if (!(await trx.selectFrom("form_question").select("id").where("id", "=", id).where("section_id", "=", sectionId).executeTakeFirst())) throw notFound();
      return id;
    };
    const sectionsOf = (q: Q, formId: number) => q.selectFrom("form_section").select("id").where("form_id", "=", formId).orderBy("sort").orderBy("id").execute();
    const questionsOf = (q: Q, sectionId: number) => q.selectFrom("form_question").select("id").where("section_id", "=", sectionId).orderBy("sort").orderBy("id").execute();

    app.get(base, async (req) => {
      await requireModule(req, db, def.module, "view");
      return namedList(req, db, "request_form", { where: ofKind, ordering: namedOrdering({ datetime_update: sql.ref("t.datetime_update") }), fallback: "-datetime_update", present: (ids) => presentForms(db, ids) });
    });

    app.post(base, async (req, reply) => {
      const { account } = await requireModule(req, db, def.module, "add");
      const input = parseInput(formSchemas(await textLimits(db)).create, req.body);
      // An enrollment form serves enrolment; a request form names the request type it serves.
      if (def.kind === FORM_KIND.request && input.type_request === null) throw badRequest({ type_request: [MSG.required] });
      const id = await writeTransaction(
        db,
        async (trx) => {
          await assertCodeFree(trx, "request_form", input.code, null);
          const row = await trx
            .insertInto("request_form")
            .values({ kind: def.kind, name: input.name, code: input.code, desc: input.desc, type_request: def.kind === FORM_KIND.request ? input.type_request : null, created_by: account.id, datetime_create: at(), datetime_update: at() })
            .returning("id")
            .executeTakeFirstOrThrow();
          return row.id;
        },
        { field: "code", message: MSG.code_already_used },
      );
      return reply.status(201).send(await load(id));
    });

    app.get(item, async (req) => {
      await requireModule(req, db, def.module, "view");
      return load(await formOf(req));
    });

    app.patch(item, async (req) => {
      await requireModule(req, db, def.module, "change");
      const id = await formOf(req);
      const input = parseInput(formSchemas(await textLimits(db)).update, req.body);
      if (def.kind === FORM_KIND.request && input.type_request === null) throw badRequest({ type_request: [MSG.required] });
      await writeTransaction(
        db,
        async (trx) => {
          await assertCodeFree(trx, "request_form", input.code, id);
          const set: Record<string, unknown> = {};
          for (const k of ["name", "code", "desc"] as const) if (input[k] !== undefined) set[k] = input[k];
          if (def.kind === FORM_KIND.request && input.type_request !== undefined) set.type_request = input.type_request;
          await trx.updateTable("request_form").set({ ...set, datetime_update: at() }).where("id", "=", id).execute();
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

    app.get(`${item}section/`, async (req) => {
      await requireModule(req, db, def.module, "view");
      const form = await load(await formOf(req));
      return { results: form.sections, count: form.sections.length };
    });

    app.post(`${item}section/`, async (req, reply) => {
      const input = parseInput(formSectionSchema(await textLimits(db)), req.body);
      const form = await write(req, async (trx, formId) => {
        const n = (await sectionsOf(trx, formId)).length;
        await trx.insertInto("form_section").values({ form_id: formId, sort: n + 1, name: input.name, desc: input.desc }).execute();
      });
      return reply.status(201).send(form);
    });
    app.patch(section, async (req) => {
      const input = parseInput(formSectionSchema(await textLimits(db)), req.body);
      return write(req, async (trx, formId) => {
        await trx.updateTable("form_section").set(input).where("id", "=", await sectionOf(req, trx, formId)).execute();
      });
    });
    app.delete(section, async (req) => {
      return write(req, async (trx, formId) => {
        await trx.deleteFrom("form_section").where("id", "=", await sectionOf(req, trx, formId)).execute();
        for (const [i, r] of (await sectionsOf(trx, formId)).entries()) await trx.updateTable("form_section").set({ sort: i + 1 }).where("id", "=", r.id).execute();
      });
    });
    app.post(`${section}move/`, async (req) => {
      const { direction } = parseInput(moveSchema, req.body);
      return write(req, async (trx, formId) => moveRow(trx, "form_section", await sectionsOf(trx, formId), await sectionOf(req, trx, formId), direction));
    });

    app.post(`${section}question/`, async (req, reply) => {
      const input = parseInput(formQuestionSchema(await textLimits(db)), req.body);
      const form = await write(req, async (trx, formId) => {
        const sectionId = await sectionOf(req, trx, formId);
        const n = (await questionsOf(trx, sectionId)).length;
        const row = await trx.insertInto("form_question").values({ section_id: sectionId, sort: n + 1, text: input.text, type: input.type, is_required: input.is_required ? 1 : 0 }).returning("id").executeTakeFirstOrThrow();
        await writeChoices(trx, row.id, input);
      });
      return reply.status(201).send(form);
    });
    app.patch(question, async (req) => {
      const input = parseInput(formQuestionSchema(await textLimits(db)), req.body);
      return write(req, async (trx, formId) => {
        const id = await questionOf(req, trx, await sectionOf(req, trx, formId));
        await trx.updateTable("form_question").set({ text: input.text, type: input.type, is_required: input.is_required ? 1 : 0 }).where("id", "=", id).execute();
        await writeChoices(trx, id, input);
      });
    });
    app.delete(question, async (req) => {
      return write(req, async (trx, formId) => {
        const sectionId = await sectionOf(req, trx, formId);
        await trx.deleteFrom("form_question").where("id", "=", await questionOf(req, trx, sectionId)).execute();
        for (const [i, r] of (await questionsOf(trx, sectionId)).entries()) await trx.updateTable("form_question").set({ sort: i + 1 }).where("id", "=", r.id).execute();
      });
    });
    app.post(`${question}move/`, async (req) => {
      const { direction } = parseInput(moveSchema, req.body);
      return write(req, async (trx, formId) => {
        const sectionId = await sectionOf(req, trx, formId);
        await moveRow(trx, "form_question", await questionsOf(trx, sectionId), await questionOf(req, trx, sectionId), direction);
      });
    });

    app.get(`${item}submission/`, async (req) => {
      await requireModule(req, db, def.module, "view");
      const formId = await formOf(req);
      const q = readPageQuery(req);
      const query = db.selectFrom("form_submission").select("id").where("form_id", "=", formId).orderBy("datetime_create", "desc").orderBy("id", "desc");
      const page = await paginate(req, query, q);
      return { ...page, results: await presentSubmissions(db, page.results.map((r) => r.id)) };
    });

    app.get(`${item}report/`, async (req): Promise<FormReport> => {
      await requireModule(req, db, def.module, "view");
      return formReport(db, await formOf(req));
    });
  }
}

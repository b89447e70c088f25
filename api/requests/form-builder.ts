import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod/v4";
import type { Module } from "../../contract/permissions";
import { hasChoices, type FormKind } from "../../contract/request-codes";
import {
  formQuestionSchema,
  formSectionSchema,
  moveSchema,
  type Form,
  type FormQuestionInput,
} from "../../contract/schemas/requests";
import type { ApiContext } from "../http/context";
import { createOnce } from "../http/idempotency";
import { notFound, parseInput, refuseUnknownFields } from "../http/errors";
import { itemId, writeTransaction, type Trx } from "../engine/crud";
import { textLimits } from "../system/config-store";
import { moveRow, type Q } from "./kit";

/**
 * The builder half of the one form builder (docs/decisions/057, 062): a form's sections and their
 * questions, for every owner of forms — enrollment and request forms (the form is the item) and
 * surveys (the item names its form):
 *
 * - GET ./{id}/section/, POST ./{id}/section/, PATCH/DELETE ./{id}/section/{sectionid}/, POST …/move/
 * - POST ./{id}/section/{sectionid}/question/, PATCH/DELETE …/question/{questionid}/, POST …/move/
 *
 * Every write is one transaction that also stamps the form (and its owner); a section or question
 * of another form is a 404.
 */

/**
 * How the builder reaches the form of an item owned by another resource (a survey): the form of
 * the item the path names after the account's access for the action (404 when there is no such
 * item; null while it has no form yet), the form to write in (made on first need, in `trx`), and
 * what a write stamps on the owner.
 */
export type FormOwner = {
  access: (req: FastifyRequest, q: Q, action: "view" | "change") => Promise<number | null>;
  ensure: (req: FastifyRequest, trx: Trx) => Promise<number>;
  touch: (req: FastifyRequest, trx: Trx, at: string) => Promise<void>;
};
/**
 * One kind of form: its path under dashboard/, its permission module, the question types it
 * offers; `owned` when another item names the form (then only the builder's calls are mounted).
 */
export type FormKindDef = { kind: FormKind; path: string; module: Module; types: readonly number[]; owned?: FormOwner };

/** Replaces a question's choices, keeping the rows (and so the answers' links) of choices whose text stays. */
async function writeChoices(trx: Trx, questionId: number, input: FormQuestionInput) {
  const wanted = hasChoices(input.type) ? input.choices : [];
  const existing = await trx
    .selectFrom("form_choice")
    .select(["id", "text"])
    .where("question_id", "=", questionId)
    .execute();
  const gone = existing.filter((c) => !wanted.includes(c.text)).map((c) => c.id);
  if (gone.length) await trx.deleteFrom("form_choice").where("id", "in", gone).execute();
  for (const [i, t] of wanted.entries()) {
    const keep = existing.find((c) => c.text === t);
    if (keep)
      await trx
        .updateTable("form_choice")
        .set({ sort: i + 1 })
        .where("id", "=", keep.id)
        .execute();
    else
      await trx
        .insertInto("form_choice")
        .values({ question_id: questionId, sort: i + 1, text: t })
        .execute();
  }
}

/** A question's columns from its input (the survey settings too: the spec's defaults where unused). */
const questionColumns = (input: FormQuestionInput) => ({
  text: input.text,
  type: input.type,
  is_required: input.is_required ? 1 : 0,
  value_min: input.value_min,
  value_max: input.value_max,
  label_min: input.label_min,
  label_max: input.label_max,
  max_select: input.max_select,
  is_average: input.is_average ? 1 : 0,
  is_optional: input.is_optional ? 1 : 0,
});

export function builderRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  def: FormKindDef,
  kit: {
    item: string;
    access: (req: FastifyRequest, action: "view" | "change") => Promise<number | null>;
    load: (id: number) => Promise<Form>;
  },
) {
  const { db } = ctx;
  const { item, access, load } = kit;
  const section = `${item}section/:sectionid(^\\d{1,12})/`;
  const question = `${section}question/:questionid(^\\d{1,12})/`;
  const at = () => ctx.now().toISOString();
  const questionSchema = async () => formQuestionSchema(await textLimits(db), def.types);

  /**
   * A write under the form (its change flag): the account's access first, so a caller without it
   * learns nothing of the fields (401/403/404 before any 400, issue 32); then `read` the body; then
   * the work in one transaction. The section (and question) named must be the form's.
   */
  const write = async <T>(
    req: FastifyRequest,
    read: () => T | Promise<T>,
    work: (trx: Trx, formId: number, input: T) => Promise<void>,
  ) => {
    const found = await access(req, "change");
    const input = await read();
    const formId = await writeTransaction(db, (trx) =>
      inForm(req, trx, found, async (id) => {
        await work(trx, id, input);
        return id;
      }),
    );
    return load(formId);
  };
  /**
   * A new section or question, in write's order, once per idempotency key (docs/decisions/094):
   * `work` answers the new row's id; the call answers the form (201), a retry the form as it is now.
   */
  const create = async <T>(
    req: FastifyRequest,
    reply: FastifyReply,
    read: () => T | Promise<T>,
    work: (trx: Trx, formId: number, input: T) => Promise<number>,
  ) => {
    const found = await access(req, "change");
    return createOnce(req, reply, ctx, {
      answer: async () => {
        const formId = found ?? (await access(req, "view"));
        return formId === null ? undefined : load(formId);
      },
      create: async (keep) => {
        const input = await read();
        return writeTransaction(db, (trx) =>
          inForm(req, trx, found, async (formId) => keep(trx, await work(trx, formId, input))),
        );
      },
    });
  };
  /** In `trx`: `work` in the form (an owner's is made on first need), then the form's and its owner's stamps. */
  const inForm = async <R>(
    req: FastifyRequest,
    trx: Trx,
    found: number | null,
    work: (formId: number) => Promise<R>,
  ): Promise<R> => {
    const id = found ?? (await def.owned!.ensure(req, trx));
    const done = await work(id);
    await trx.updateTable("request_form").set({ datetime_update: at() }).where("id", "=", id).execute();
    await def.owned?.touch(req, trx, at());
    return done;
  };
  const sectionOf = async (req: FastifyRequest, trx: Q, formId: number) => {
    const id = itemId(req, "sectionid");
    if (
      !(await trx
        .selectFrom("form_section")
        .select("id")
        .where("id", "=", id)
        .where("form_id", "=", formId)
        .executeTakeFirst())
    )
      throw notFound();
    return id;
  };
  const questionOf = async (req: FastifyRequest, trx: Q, sectionId: number) => {
    const id = itemId(req, "questionid");
    if (
      !(await trx
        .selectFrom("form_question")
        .select("id")
        .where("id", "=", id)
        .where("section_id", "=", sectionId)
        .executeTakeFirst())
    )
      throw notFound();
    return id;
  };
  const sectionsOf = (q: Q, formId: number) =>
    q.selectFrom("form_section").select("id").where("form_id", "=", formId).orderBy("sort").orderBy("id").execute();
  const questionsOf = (q: Q, sectionId: number) =>
    q
      .selectFrom("form_question")
      .select("id")
      .where("section_id", "=", sectionId)
      .orderBy("sort")
      .orderBy("id")
      .execute();

  app.get(`${item}section/`, async (req) => {
    const formId = await access(req, "view");
    const sections = formId === null ? [] : (await load(formId)).sections;
    return { results: sections, count: sections.length };
  });

  /** The body of a section or question, read once the caller may write (write()). */
  /** A section's or question's body; a PATCH (the whole value again) naming a field the schema does not take is refused. */
  const bodyOf = <S extends z.ZodType>(req: FastifyRequest, schema: S): z.output<S> => {
    if (req.method === "PATCH") refuseUnknownFields(schema, req.body);
    return parseInput(schema, req.body);
  };
  const sectionBody = async (req: FastifyRequest) => bodyOf(req, formSectionSchema(await textLimits(db)));
  const questionBody = async (req: FastifyRequest) => bodyOf(req, await questionSchema());
  const noBody = () => null;

  app.post(`${item}section/`, async (req, reply) => {
    return create(
      req,
      reply,
      () => sectionBody(req),
      async (trx, formId, input) => {
        const n = (await sectionsOf(trx, formId)).length;
        return (
          await trx
            .insertInto("form_section")
            .values({ form_id: formId, sort: n + 1, name: input.name, desc: input.desc })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      },
    );
  });
  app.patch(section, async (req) => {
    return write(
      req,
      () => sectionBody(req),
      async (trx, formId, input) => {
        await trx
          .updateTable("form_section")
          .set(input)
          .where("id", "=", await sectionOf(req, trx, formId))
          .execute();
      },
    );
  });
  app.delete(section, async (req) => {
    return write(req, noBody, async (trx, formId) => {
      await trx
        .deleteFrom("form_section")
        .where("id", "=", await sectionOf(req, trx, formId))
        .execute();
      for (const [i, r] of (await sectionsOf(trx, formId)).entries())
        await trx
          .updateTable("form_section")
          .set({ sort: i + 1 })
          .where("id", "=", r.id)
          .execute();
    });
  });
  app.post(`${section}move/`, async (req) => {
    return write(
      req,
      () => parseInput(moveSchema, req.body),
      async (trx, formId, { direction }) =>
        moveRow(trx, "form_section", await sectionsOf(trx, formId), await sectionOf(req, trx, formId), direction),
    );
  });

  app.post(`${section}question/`, async (req, reply) => {
    return create(
      req,
      reply,
      () => questionBody(req),
      async (trx, formId, input) => {
        const sectionId = await sectionOf(req, trx, formId);
        const n = (await questionsOf(trx, sectionId)).length;
        const row = await trx
          .insertInto("form_question")
          .values({ section_id: sectionId, sort: n + 1, ...questionColumns(input) })
          .returning("id")
          .executeTakeFirstOrThrow();
        await writeChoices(trx, row.id, input);
        return row.id;
      },
    );
  });
  app.patch(question, async (req) => {
    return write(
      req,
      () => questionBody(req),
      async (trx, formId, input) => {
        const id = await questionOf(req, trx, await sectionOf(req, trx, formId));
        await trx.updateTable("form_question").set(questionColumns(input)).where("id", "=", id).execute();
        await writeChoices(trx, id, input);
      },
    );
  });
  app.delete(question, async (req) => {
    return write(req, noBody, async (trx, formId) => {
      const sectionId = await sectionOf(req, trx, formId);
      await trx
        .deleteFrom("form_question")
        .where("id", "=", await questionOf(req, trx, sectionId))
        .execute();
      for (const [i, r] of (await questionsOf(trx, sectionId)).entries())
        await trx
          .updateTable("form_question")
          .set({ sort: i + 1 })
          .where("id", "=", r.id)
          .execute();
    });
  });
  app.post(`${question}move/`, async (req) => {
    return write(
      req,
      () => parseInput(moveSchema, req.body),
      async (trx, formId, { direction }) => {
        const sectionId = await sectionOf(req, trx, formId);
        await moveRow(
          trx,
          "form_question",
          await questionsOf(trx, sectionId),
          await questionOf(req, trx, sectionId),
          direction,
        );
      },
    );
  });
}

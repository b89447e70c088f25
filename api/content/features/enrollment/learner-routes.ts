import type { FastifyInstance } from "fastify";
import { enrolInputSchema } from "../../../../contract/schemas/approvals";
import type { ContentDefinition } from "../../definition";
import type { ApiContext } from "../../../http/context";
import { requireUser } from "../../../auth/permissions";
import { parseInput } from "../../../http/errors";
import { itemId, writeTransaction } from "../../../engine/crud";
import { textLimits } from "../../../system/config-store";
import { deliver } from "../../../requests/notify";
import { expireOverdue } from "../../../requests/approval";
import { answerForm, enrol, enrolState } from "./learner-enrol";

/**
 * The learner's enrol calls of a content (the learner site's, beside test attempts and check-in;
 * docs/decisions/074), mounted for every type with the enrollment feature, any signed-in account:
 *   GET  {path}/{id}/enroll/        where the learner stands: case, record, form, seats, cost, request, reason
 *   POST {path}/{id}/enroll/        enrol {answers?} (201): the form, then the access type (learner-enrol.ts)
 *   POST {path}/{id}/enroll/form/   the form's answers of a record at form required {answers}
 * A content not shown or not visible to the learner is a 404; a refusal is 400 {detail: [key]}
 * (view only: 403) and writes nothing. Notices of a flow's first step go after the commit.
 */
export function learnerEnrolRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) {
  const { db } = ctx;
  const item = `/${def.resource.path}/:id(^\\d{1,12})/enroll/`;

  // A flow's step that waited past its days has expired before anyone reads it (api/requests/approval.ts).
  const sweep = () => writeTransaction(db, (trx) => expireOverdue(trx, ctx.now()));

  app.get(item, async (req) => {
    const account = requireUser(req);
    await sweep();
    return enrolState(db, def, itemId(req), account, ctx.now());
  });

  for (const [path, run, status] of [
    [item, enrol, 201],
    [`${item}form/`, answerForm, 200],
  ] as const) {
    app.post(path, async (req, reply) => {
      const account = requireUser(req);
      const id = itemId(req);
      const input = parseInput(enrolInputSchema, req.body ?? {}, "dotted");
      const limits = await textLimits(db);
      await sweep();
      const { mails } = await writeTransaction(db, (trx) => run(trx, def, id, account, input, limits, ctx.now()));
      await deliver(ctx, mails, req.log);
      return reply.status(status).send(await enrolState(db, def, id, account, ctx.now()));
    });
  }
}

import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { PROGRESS_GROUPS, PROGRESS_SETS, PROGRESS_STATUS } from "../../../../contract/codes";
import type { OverallSummary } from "../../../../contract/schemas/identification";
import { flag } from "../../../../contract/permissions";
import type { ApiContext } from "../../../http/context";
import type { ContentDefinition } from "../../definition";
import { contentAccess, ofContent } from "../../ref";

/**
 * GET dashboard/{type}/{id}/overall/: the figures behind each overall page of a content item, for
 * its landing page (spec 000 §2.5 "Overall pages"; docs/decisions/021). Seeing it needs the
 * content's view (flag or scope), like the identification log and the discussion; the learner
 * and progress figures are answered only to an account holding the learner resp. progress flag
 * (null otherwise), so the page tells nobody more than the pages it links to would.
 */
export function overallSummaryRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) {
  const { db } = ctx;
  const parent = def.resource;
  /** How many of the rows `r` have a `status` among `values` (sum of a case: both dialects). */
  const among = (values: readonly (number | string)[]) =>
    sql<number>`sum(case when ${sql.ref("r.status")} in (${sql.join(values.map((v) => sql`${v}`))}) then 1 else 0 end)`;
  const n = (v: unknown) => Number(v ?? 0);

  app.get(`/dashboard/${parent.path}/:id(^\\d{1,12})/overall/`, async (req): Promise<OverallSummary> => {
    const { flags, ref } = await contentAccess(req, db, parent, "view");
    /** count and pass / failed / waiting of an identification table's rows of this item. */
    const results = (table: "identification_attempt" | "identification_transaction") =>
      db
        .selectFrom(`${table} as r` as "identification_attempt as r")
        .where(ofContent(ref, "r"))
        .select((eb) => [
          eb.fn.countAll<number>().as("n"),
          among(["pass"]).as("pass"),
          among(["failed"]).as("failed"),
          among(["waiting"]).as("waiting"),
        ])
        .executeTakeFirstOrThrow();
    const may = (action: "learner" | "progress") => flags.has(flag(parent.module, action));

    const [attempts, transactions, threads, replies, progress] = await Promise.all([
      results("identification_attempt"),
      results("identification_transaction"),
      db
        .selectFrom("discussion_thread as r")
        .where(ofContent(ref, "r"))
        .select((eb) => [eb.fn.countAll<number>().as("n"), sql<number>`sum(${sql.ref("r.is_hidden")})`.as("hidden")])
        .executeTakeFirstOrThrow(),
      db
        .selectFrom("discussion_reply as p")
        .innerJoin("discussion_thread as r", "r.id", "p.thread_id")
        .where(ofContent(ref, "r"))
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow(),
      may("learner") || may("progress")
        ? db
            .selectFrom("content_enrollment as r")
            .where(ofContent(ref, "r"))
            .select((eb) => [
              eb.fn.countAll<number>().as("n"),
              among(PROGRESS_GROUPS.todo).as("todo"),
              among(PROGRESS_GROUPS.doing).as("doing"),
              among(PROGRESS_GROUPS.done).as("done"),
              // What the inbox shows (content.overall-inbox.tsx): enrolments waiting, completions to verify.
              among(PROGRESS_SETS.waiting).as("waiting"),
              among([PROGRESS_STATUS.verifying]).as("verifying"),
            ])
            .executeTakeFirstOrThrow()
        : null,
    ]);
    const figures = (r: typeof attempts) => ({
      count: n(r.n),
      pass: n(r.pass),
      failed: n(r.failed),
      waiting: n(r.waiting),
    });
    return {
      ...(def.overallFigures ? await def.overallFigures(db, ref.contentId, may) : {}),
      learner: progress && may("learner") ? { count: n(progress.n) } : null,
      inbox: progress && may("learner") ? { waiting: n(progress.waiting), verifying: n(progress.verifying) } : null,
      progress:
        progress && may("progress")
          ? { count: n(progress.n), todo: n(progress.todo), doing: n(progress.doing), done: n(progress.done) }
          : null,
      identification: figures(attempts),
      transaction: figures(transactions),
      discussion: { count: n(threads.n), reply_count: n(replies.n), hidden_count: n(threads.hidden) },
    };
  });
}

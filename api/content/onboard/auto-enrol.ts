import type { FastifyInstance } from "fastify";
import { ADDED_BY, ADD_METHOD } from "../../../contract/codes";
import { organisationToday } from "../../auth/membership";
import type { ApiContext } from "../../http/context";
import { runEvery } from "../../http/interval-job";
import { writeTransaction } from "../../engine/crud";
import { enrollAccounts } from "../features/enrollment/service";
import { contentRef } from "../ref";
import { onboardResource } from "./resource";

/**
 * An onboarding plan's rule for new employees (issue 36 §2, docs/decisions/099): each published
 * plan whose rule is on enrols, automatically (add method auto assigned, by nobody), every active
 * account whose start date (`date_start`, the first working day) is on or after the plan's
 * `onboard_start_from` and not after today in the organisation's zone, and that it has not
 * enrolled before; the day an account is first enrolled so is its `onboard_date` (shown on its
 * page). The enrolment service's own rules apply — capacity and waiting list, one record per
 * account — so a second API process running the same tick finds them enrolled and writes nothing
 * (the record's unique key and, in PostgreSQL, the plan's row locked while seats are counted).
 * An account that left a plan (cancelled, rejected) keeps its record and is not enrolled again.
 */

/** How many accounts one transaction enrols: a plan with thousands of new employees goes in steps. */
const PAGE = 500;
const TICK_MS = 5 * 60_000;

/** One pass over every plan whose rule is on. Answers how many accounts it enrolled (tests call it with the fake clock). */
export async function onboardTick(ctx: ApiContext): Promise<number> {
  const { db } = ctx;
  const now = ctx.now();
  const today = await organisationToday(db, now);
  const plans = await db
    .selectFrom("onboard")
    .select(["id", "onboard_start_from"])
    .where("is_display", "=", 1)
    .where("is_auto_enroll", "=", 1)
    .where("onboard_start_from", "is not", null)
    .where("onboard_start_from", "<=", today)
    .orderBy("id")
    .execute();
  let enrolled = 0;
  for (const plan of plans) {
    const ref = await contentRef(db, onboardResource, plan.id);
    let last = 0;
    for (;;) {
      const page = await db
        .selectFrom("account as a")
        .select("a.id")
        .where("a.id", ">", last)
        .where("a.is_active", "=", 1)
        .where("a.date_start", ">=", plan.onboard_start_from!)
        .where("a.date_start", "<=", today)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("content_enrollment as e")
                .select("e.id")
                .whereRef("e.account_id", "=", "a.id")
                .where("e.content_type_id", "=", ref.contentTypeId)
                .where("e.content_id", "=", ref.contentId),
            ),
          ),
        )
        .orderBy("a.id")
        .limit(PAGE)
        .execute();
      if (!page.length) break;
      last = page[page.length - 1].id;
      enrolled += await writeTransaction(db, async (trx) => {
        const { outcome } = await enrollAccounts(
          trx,
          onboardResource,
          ref,
          page.map((a) => ({ account: a.id, added_by: ADDED_BY.n_a })),
          { accountId: null, now },
          { addMethod: ADD_METHOD.auto_assigned },
        );
        const fresh = [...outcome].filter(([, o]) => o === "enrolled" || o === "waiting_list").map(([id]) => id);
        if (fresh.length)
          await trx
            .updateTable("account")
            .set({ onboard_date: today })
            .where("id", "in", fresh)
            .where("onboard_date", "is", null)
            .execute();
        return fresh.length;
      });
      if (page.length < PAGE) break;
    }
  }
  return enrolled;
}

/** The timer: a pass every five minutes while the API runs (ONBOARD_SCHEDULER=off stops it). */
export function startOnboardScheduler(app: FastifyInstance, ctx: ApiContext) {
  runEvery(app, {
    name: "onboarding rule",
    everyMs: TICK_MS,
    offVariable: "ONBOARD_SCHEDULER",
    tick: () => onboardTick(ctx),
  });
}

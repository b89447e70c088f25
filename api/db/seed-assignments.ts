import { ASSIGNMENT_KIND, ASSIGNMENT_RESULT_CODES, ROUND_STATUS } from "../../contract/assignment-codes";
import type { Trx } from "../engine/crud";
import { changeCredit } from "../credit/credit";
import { contentTypeId } from "../content/ref";
import { organisationToday } from "../auth/membership";
import { applyPlan } from "../assignment/apply";
import { candidatesOf, planAssignment } from "../assignment/plan";
import { nextRound } from "../assignment/rounds";
import { addDays } from "../assignment/store";
import { syncRuleContents } from "../assignment/content-rules";

/**
 * Assignments of the demo organisation (issue 17 §6; docs/decisions/051–053): the demo learners'
 * credit (a top-up each), an onboarding assignment assigned through the real services, one that
 * shows every result code of spec 001 §4 (one learner each), a draft, a monthly auto-assignment
 * with its past rounds, a suggestion, and an auto-assignment being set up whose contents come from
 * a content rule (docs/decisions/059; no learners yet, so no round of it assigns anything).
 */
export async function seedAssignments(trx: Trx, now: Date) {
  const at = now.toISOString();
  const today = await organisationToday(trx, now);
  const admin =
    (await trx.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirst())?.id ?? null;
  const learners = (
    await trx
      .selectFrom("account")
      .select("id")
      .where("username", "like", "learner0%")
      .where("is_active", "=", 1)
      .orderBy("username")
      .limit(40)
      .execute()
  ).map((r) => r.id);
  const students = (
    await trx
      .selectFrom("account")
      .select("id")
      .where("username", "like", "student%")
      .where("is_active", "=", 1)
      .orderBy("username")
      .limit(40)
      .execute()
  ).map((r) => r.id);
  if (learners.length < 20 || students.length < 30) return;
  // Credit: 20,000 baht each to most demo learners; the first five (whose balances the credit
  // tests start from) and the last five learners none (so "not enough credit" shows).
  for (const id of [...learners.slice(5, -5), ...students.slice(20, 40)])
    await changeCredit(
      trx,
      { accountId: id, amount: 2_000_000, reason: "top_up", ref: null, note: "Training budget (demo)" },
      { accountId: admin, at },
    );

  const courseType = await contentTypeId(trx, "course");
  // Published courses open to everyone (no permission rule, no capacity), the least enrolled first.
  const courses = (
    await trx
      .selectFrom("course as c")
      .select("c.id")
      .where("c.is_display", "=", 1)
      .where("c.datetime_first_publish", "is not", null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("content_permission as p")
              .select("p.id")
              .where("p.content_type_id", "=", courseType)
              .whereRef("p.content_id", "=", "c.id"),
          ),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("content_enrollment_setting as s")
              .select("s.capacity")
              .where("s.content_type_id", "=", courseType)
              .whereRef("s.content_id", "=", "c.id")
              .where("s.capacity", ">", 0),
          ),
        ),
      )
      .orderBy((eb) =>
        eb
          .selectFrom("content_enrollment as e")
          .select((x) => x.fn.countAll().as("n"))
          .where("e.content_type_id", "=", courseType)
          .whereRef("e.content_id", "=", "c.id"),
      )
      .orderBy("c.id")
      .limit(5)
      .execute()
  ).map((r) => r.id);
  if (courses.length < 5) return;
  const make = async (type: number, name: string, extra: Record<string, unknown> = {}) =>
    (
      await trx
        .insertInto("assignment")
        .values({
          type,
          name,
          created_by: admin,
          datetime_create: at,
          datetime_update: at,
          datetime_assign: null,
          datetime_expire: null,
          duration_expire: null,
          datetime_expand: null,
          duration_expand: null,
          date_start: null,
          date_end: null,
          datetime_next_round: null,
          datetime_applied: null,
          ...extra,
        })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const contents = (id: number, list: number[]) =>
    trx
      .insertInto("assignment_content")
      .values(
        list.map((content_id) => ({ assignment_id: id, content_type_id: courseType, content_id, datetime_create: at })),
      )
      .execute();
  const audience = (id: number, kind: string, ids: number[]) =>
    trx
      .insertInto("assignment_audience")
      .values(ids.map((ref_id) => ({ assignment_id: id, kind, ref_id })))
      .execute();
  const assign = async (id: number, round = 0, when = now) => {
    const row = await trx.selectFrom("assignment").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const day = await organisationToday(trx, when);
    return applyPlan(trx, await planAssignment(trx, row, await candidatesOf(trx, row, day), day), round, {
      accountId: admin,
      now: when,
    });
  };

  // Onboarding, assigned: two courses to twenty learners, 60 days to finish (credit spent).
  const onboarding = await make(ASSIGNMENT_KIND.assignment, "New-hire essentials", {
    type_expire: 2,
    duration_expire: 60,
    datetime_assign: today,
  });
  await contents(onboarding, courses.slice(0, 2));
  await audience(onboarding, "account", learners.slice(20, 40));
  await assign(onboarding);

  // Every result code of spec 001 §4, one learner each (written as the results page shows them).
  const showcase = await make(ASSIGNMENT_KIND.assignment, "Result codes (demo)", {
    status: 1,
    datetime_applied: at,
    type_action: 1,
  });
  await contents(showcase, [courses[2]]);
  await trx
    .insertInto("assignment_result")
    .values(
      ASSIGNMENT_RESULT_CODES.map((result, i) => ({
        assignment_id: showcase,
        round_id: 0,
        account_id: students[i],
        content_type_id: courseType,
        content_id: courses[2],
        result,
        added_by: 1,
        credit_minor: 0,
        enrollment_id: null,
        datetime_expire: null,
        created_by: admin,
        datetime_create: at,
        datetime_update: at,
      })),
    )
    .execute();
  await audience(showcase, "account", students.slice(0, ASSIGNMENT_RESULT_CODES.length));

  // A draft, not assigned yet.
  const draft = await make(ASSIGNMENT_KIND.assignment, "Leadership basics (draft)", {
    type_expire: 1,
    datetime_assign: today,
    datetime_expire: addDays(today, 90),
  });
  await contents(draft, [courses[3]]);

  // Monthly auto-assignment since three months ago, its past rounds run on their days.
  const start = addDays(today, -95);
  const auto = await make(ASSIGNMENT_KIND.auto, "Monthly compliance refresher", {
    date_start: start,
    is_recurring: 1,
    count_recurring: 1,
    recurring_unit: 2,
    assign_day: 1,
    type_expire: 2,
    duration_expire: 30,
  });
  await contents(auto, [courses[4]]);
  await audience(auto, "account", students.slice(20, 30));
  for (let k = 0; k < 3; k++) {
    const due = await nextRound(trx, auto, new Date(0));
    if (!due || due > at) break;
    const round = await trx
      .insertInto("assignment_round")
      .values({ assignment_id: auto, datetime_due: due, status: ROUND_STATUS.done, datetime_run: due })
      .returning("id")
      .executeTakeFirstOrThrow();
    const lines = await assign(auto, round.id, new Date(due));
    await trx
      .updateTable("assignment_round")
      .set({ count_added: lines.filter((l) => l.result === 1).length })
      .where("id", "=", round.id)
      .execute();
    // Someone new joins the audience before the next round.
    await audience(auto, "account", [students[30 + k]]);
  }
  await trx
    .updateTable("assignment")
    .set({ datetime_next_round: await nextRound(trx, auto, now) })
    .where("id", "=", auto)
    .execute();

  // A suggestion to ten learners (two of them already enrolled by the onboarding).
  const suggestion = await make(ASSIGNMENT_KIND.suggestion, "Suggested for team leads");
  await contents(suggestion, [courses[0], courses[3]]);
  await audience(suggestion, "account", learners.slice(12, 22));
  await assign(suggestion);

  // Every published course of one provider in one category, except one (its rule's operators).
  const model = await trx
    .selectFrom("course")
    .select(["category_id", "provider_id"])
    .where("id", "=", courses[4])
    .executeTakeFirstOrThrow();
  const ruled = await make(ASSIGNMENT_KIND.auto, "New courses of our provider (rules)", {
    date_start: addDays(today, 14),
    is_recurring: 1,
    count_recurring: 1,
    recurring_unit: 1,
  });
  const rule = await trx
    .insertInto("assignment_content_rule")
    .values({
      assignment_id: ruled,
      content_type_id: courseType,
      content_operator: 2,
      category_operator: 1,
      provider_operator: 1,
      learning_program_operator: 1,
      level_operator: 1,
      instructor_operator: 1,
      competency_operator: 1,
      datetime_create: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("assignment_content_rule_item")
    .values([
      { rule_id: rule.id, field: "category", ref_id: model.category_id },
      { rule_id: rule.id, field: "provider", ref_id: model.provider_id },
      { rule_id: rule.id, field: "content", ref_id: courses[3] },
    ])
    .execute();
  await syncRuleContents(trx, ruled, now);
  await trx
    .updateTable("assignment")
    .set({ datetime_next_round: await nextRound(trx, ruled, now) })
    .where("id", "=", ruled)
    .execute();
}

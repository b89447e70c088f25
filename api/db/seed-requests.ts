import type { Trx } from "../engine/crud";
import { APPROVAL_STATUS, DECISION, QUESTION_TYPE, REQUEST_TYPE } from "../../contract/request-codes";
import { ADDED_BY, ADD_METHOD, PROGRESS_STATUS, TYPE_ACCESS, TYPE_WAITING } from "../../contract/codes";

/**
 * Forms, approval flows and requests of the demo organisation (issue 17 §6; docs/decisions/056–058):
 * an enrollment form and a request form with sections, questions and answers; a two-step flow
 * for outside training (step 1: the learner's supervisor or staff1; step 2: staff2, 14 days)
 * behind a one-step flow for cheap training (sort 5, up to 2,000 baht) and a one-step flow for
 * Human Resources staff (sort 7, a learner condition: the HR department and its sub-departments,
 * docs/decisions/060); a one-step flow for material requests; learning requests waiting at each
 * step, an approved one with its learning result, a rejected one; material requests waiting and
 * approved. Step 1 of the two-step flow notifies its deciders, step 2 does not.
 *
 * Enrolment through a flow (docs/decisions/074): a two-step enrollment flow (AF-ENR: step 1 the
 * learner's supervisor or the inspector, step 2 staff2) and the last shown course asking for it
 * (type_access 3) with the enrollment form; three of the manager's team waiting in it, two at step
 * 1 and one at step 2 (the manager approved step 1), each with their form's answers.
 */

/** A condition row with every bound unset: the criteria are its items (decision 030's shape). */
const NO_CONDITION = {
  operator: 1,
  age_gte: -1,
  age_lte: -1,
  experience_gte: -1,
  experience_lte: -1,
  level_year_gte: -1,
  level_year_lte: -1,
  service_gte: -1,
  service_lte: -1,
  level_group_year_gte: -1,
  level_group_year_lte: -1,
  date_account_start_gte: null,
  date_account_start_lte: null,
};

type Question = [text: string, type: number, required: boolean, choices?: string[]];
type Section = [name: string, questions: Question[]];

async function seedForm(
  trx: Trx,
  form: { kind: string; name: string; code: string; desc: string; type_request: number | null },
  sections: Section[],
  at: string,
) {
  const { id } = await trx
    .insertInto("request_form")
    .values({ ...form, created_by: null, datetime_create: at, datetime_update: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  const questions: { id: number; type: number; choices: { id: number; text: string }[] }[] = [];
  for (const [i, [name, qs]] of sections.entries()) {
    const s = await trx
      .insertInto("form_section")
      .values({ form_id: id, sort: i + 1, name, desc: "" })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [j, [text, type, required, choices = []]] of qs.entries()) {
      const q = await trx
        .insertInto("form_question")
        .values({ section_id: s.id, sort: j + 1, text, type, is_required: required ? 1 : 0 })
        .returning("id")
        .executeTakeFirstOrThrow();
      const own: { id: number; text: string }[] = [];
      for (const [k, c] of choices.entries())
        own.push({
          ...(await trx
            .insertInto("form_choice")
            .values({ question_id: q.id, sort: k + 1, text: c })
            .returning("id")
            .executeTakeFirstOrThrow()),
          text: c,
        });
      questions.push({ id: q.id, type, choices: own });
    }
  }
  return { id, questions };
}

/** One submission: a value per question (a choice's index, or indexes, for choice questions). */
async function answer(
  trx: Trx,
  form: Awaited<ReturnType<typeof seedForm>>,
  accountId: number,
  values: (string | number | number[])[],
  at: string,
  content: { content_type_id: number | null; content_id: number | null } = { content_type_id: null, content_id: null },
) {
  const sub = await trx
    .insertInto("form_submission")
    .values({ form_id: form.id, account_id: accountId, ...content, datetime_create: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [i, q] of form.questions.entries()) {
    const v = values[i];
    if (v === undefined || v === "") continue;
    const picks = typeof v === "number" ? [v] : Array.isArray(v) ? v : null;
    const rows = picks
      ? picks.map((p) => ({ question_id: q.id, choice_id: q.choices[p].id, value: q.choices[p].text }))
      : [{ question_id: q.id, choice_id: null, value: String(v) }];
    await trx
      .insertInto("form_answer")
      .values(rows.map((r) => ({ ...r, submission_id: sub.id })))
      .execute();
  }
  return sub.id;
}

export async function seedRequests(trx: Trx, now: Date) {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000).toISOString();
  const ids = new Map(
    (
      await trx
        .selectFrom("account")
        .select(["id", "username"])
        .where("username", "in", [
          "staff1",
          "staff2",
          "inspector",
          "manager",
          "learner",
          "learner005",
          "learner012",
          "learner020",
          "learner033",
          "learner044",
          "learner050",
        ])
        .execute()
    ).map((r) => [r.username, r.id]),
  );
  const who = (u: string) => ids.get(u) ?? ids.get("learner")!;
  const typeId = async (code: string) =>
    (await trx.selectFrom("content_type").select("id").where("code", "=", code).executeTakeFirst())?.id ?? null;
  const [publicLearning, documentType, videoType, courseType] = [
    await typeId("public_learning"),
    await typeId("document"),
    await typeId("video"),
    await typeId("course"),
  ];

  // ---- forms ----
  const enrollForm = await seedForm(
    trx,
    {
      kind: "enrollment",
      name: "Course pre-enrollment questionnaire",
      code: "ENR-Q1",
      desc: "Asked before a learner joins a course that needs it.",
      type_request: null,
    },
    [
      [
        "About you",
        [
          ["Your current role", QUESTION_TYPE.textinput, true],
          ["Years in this role", QUESTION_TYPE.number, false],
        ],
      ],
      [
        "Your expectations",
        [
          ["How do you prefer to learn?", QUESTION_TYPE.radio, true, ["Classroom", "Online", "Blended"]],
          [
            "Topics you want covered",
            QUESTION_TYPE.checkbox,
            false,
            ["Basics", "Case studies", "Tools", "Certification"],
          ],
          ["Anything else we should know?", QUESTION_TYPE.textarea, false],
        ],
      ],
    ],
    at(20),
  );
  const course = await trx.selectFrom("course").select("id").orderBy("id").executeTakeFirst();
  const content = { content_type_id: courseType, content_id: course?.id ?? null };
  await answer(
    trx,
    enrollForm,
    who("learner"),
    ["Sales coordinator", "3", 1, [0, 1], "I would like more practice."],
    at(12),
    content,
  );
  await answer(trx, enrollForm, who("learner005"), ["Accountant", "6", 0, [2]], at(9), content);
  await answer(trx, enrollForm, who("learner012"), ["Team lead", "2", 2, [1, 3], ""], at(4), content);

  const requestForm = await seedForm(
    trx,
    {
      kind: "request",
      name: "Outside training request",
      code: "REQ-TRAIN",
      desc: "What a learner tells us about an outside course.",
      type_request: REQUEST_TYPE.learning,
    },
    [
      [
        "About the training",
        [
          [
            "Why do you need this training?",
            QUESTION_TYPE.radio,
            true,
            ["Current job", "Next role", "Certification renewal"],
          ],
          ["What will you apply at work?", QUESTION_TYPE.textarea, true],
        ],
      ],
      [
        "Schedule",
        [
          ["Preferred start date", QUESTION_TYPE.date, false],
          ["Working days away", QUESTION_TYPE.number, false],
        ],
      ],
    ],
    at(30),
  );

  // ---- flows ----
  const flow = async (
    f: { name: string; code: string; sort: number; type_request: number; price_lte_minor?: number | null },
    steps: { supervisor: number; approvers: string[]; days: number; notify?: boolean }[],
  ) => {
    const { id } = await trx
      .insertInto("approval_flow")
      .values({
        name: f.name,
        code: f.code,
        sort: f.sort,
        type_request: f.type_request,
        type_rule: 1,
        price_gte_minor: null,
        price_lte_minor: f.price_lte_minor ?? null,
        desc: "",
        datetime_create: at(40),
        datetime_update: at(40),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [i, s] of steps.entries()) {
      const step = await trx
        .insertInto("approval_step")
        .values({
          flow_id: id,
          sort: i + 1,
          step_supervisor: s.supervisor,
          level_list_type: 0,
          is_approver: s.approvers.length ? 1 : 0,
          is_notification: s.notify === false ? 0 : 1,
          duration_expire: s.days,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (s.approvers.length)
        await trx
          .insertInto("approval_step_approver")
          .values(s.approvers.map((u) => ({ step_id: step.id, account_id: who(u) })))
          .execute();
    }
    return id;
  };
  await flow(
    {
      name: "Low-cost outside training",
      code: "AF-LOW",
      sort: 5,
      type_request: REQUEST_TYPE.learning,
      price_lte_minor: 200_000,
    },
    [{ supervisor: 1, approvers: ["staff1"], days: 7 }],
  );
  // Sales and the other departments go on to the two-step flow: this one asks a learner condition.
  const hrFlow = await flow(
    { name: "Human Resources outside training", code: "AF-HR", sort: 7, type_request: REQUEST_TYPE.learning },
    [{ supervisor: 1, approvers: ["staff2"], days: 10 }],
  );
  const hr = await trx.selectFrom("department").select("id").where("code", "=", "HR").executeTakeFirst();
  if (hr) {
    await trx
      .insertInto("approval_flow_condition")
      .values({ ...NO_CONDITION, flow_id: hrFlow, is_include_sub_department: 1, datetime_update: at(40) })
      .execute();
    await trx
      .insertInto("approval_flow_condition_item")
      .values({ flow_id: hrFlow, field: "department", ref_id: hr.id })
      .execute();
  }
  const training = await flow(
    { name: "Outside training (two steps)", code: "AF-TRAIN", sort: 10, type_request: REQUEST_TYPE.learning },
    [
      { supervisor: 1, approvers: ["staff1"], days: 0, notify: true },
      { supervisor: 0, approvers: ["staff2"], days: 14, notify: false },
    ],
  );
  const material = await flow(
    { name: "Learning material purchase", code: "AF-MAT", sort: 20, type_request: REQUEST_TYPE.material },
    [{ supervisor: 0, approvers: ["staff1"], days: 0 }],
  );

  // ---- requests ----
  type Seeded = {
    kind: number;
    user: string;
    name: string;
    provider: string;
    cost: number;
    days: number;
    step: number;
    status: number;
    decisions: [string, number, number][];
    result?: number;
  };
  const requests: Seeded[] = [
    {
      kind: REQUEST_TYPE.learning,
      user: "learner",
      name: "Advanced Excel for Analysts",
      provider: "Chula Continuing Education",
      cost: 6_500,
      days: 2,
      step: 1,
      status: APPROVAL_STATUS.waiting_approve,
      decisions: [],
    },
    {
      kind: REQUEST_TYPE.learning,
      user: "learner005",
      name: "Project Management Professional (PMP) preparation",
      provider: "PMI Thailand Chapter",
      cost: 18_900,
      days: 1,
      step: 1,
      status: APPROVAL_STATUS.waiting_approve,
      decisions: [],
    },
    {
      kind: REQUEST_TYPE.learning,
      user: "learner012",
      name: "Leadership Essentials",
      provider: "SEAC",
      cost: 12_000,
      days: 5,
      step: 2,
      status: APPROVAL_STATUS.waiting_approve,
      decisions: [["staff1", 1, DECISION.approve]],
    },
    {
      kind: REQUEST_TYPE.learning,
      user: "learner020",
      name: "Data Visualization with Power BI",
      provider: "Microsoft Learn Partner",
      cost: 9_800,
      days: 25,
      step: 2,
      status: APPROVAL_STATUS.approved,
      decisions: [
        ["staff1", 1, DECISION.approve],
        ["staff2", 2, DECISION.approve],
      ],
      result: 22,
    },
    {
      kind: REQUEST_TYPE.learning,
      user: "learner033",
      name: "Wine Appreciation Level 1",
      provider: "WSET Bangkok",
      cost: 14_000,
      days: 15,
      step: 1,
      status: APPROVAL_STATUS.rejected,
      decisions: [["staff1", 1, DECISION.reject]],
    },
  ];
  const materials: Seeded[] = [
    {
      kind: REQUEST_TYPE.material,
      user: "learner",
      name: "Thai business writing handbook (e-book)",
      provider: "Amarin Publishing",
      cost: 450,
      days: 3,
      step: 1,
      status: APPROVAL_STATUS.waiting_approve,
      decisions: [],
    },
    {
      kind: REQUEST_TYPE.material,
      user: "learner044",
      name: "Negotiation skills video series",
      provider: "LinkedIn Learning",
      cost: 1_200,
      days: 18,
      step: 1,
      status: APPROVAL_STATUS.approved,
      decisions: [["staff1", 1, DECISION.approve]],
    },
  ];
  for (const [i, r] of [...requests, ...materials].entries()) {
    const learning = r.kind === REQUEST_TYPE.learning;
    const submission = learning
      ? await answer(
          trx,
          requestForm,
          who(r.user),
          [i % 3, "Better reports for the sales team.", "2026-07-01", String(2 + (i % 3))],
          at(r.days),
        )
      : null;
    const decided = r.status !== APPROVAL_STATUS.waiting_approve;
    const { id } = await trx
      .insertInto("learning_request")
      .values({
        kind: r.kind,
        account_id: who(r.user),
        name: r.name,
        provider: r.provider,
        datetime_start: learning ? "2026-07-06" : null,
        datetime_end: learning ? "2026-07-10" : null,
        // What the learner entered, a material's price too (issue 33: the material page hid it).
        cost_minor: r.cost * 100,
        content_type_id: learning ? publicLearning : i % 2 ? documentType : videoType,
        reason: learning ? "Needed for my next quarter's goals." : "Our team has no material on this yet.",
        flow_id: learning ? training : material,
        step: r.step,
        status: r.status,
        form_id: learning ? requestForm.id : null,
        submission_id: submission,
        datetime_create: at(r.days),
        datetime_step: at(Math.max(r.days - r.step + 1, 0)),
        datetime_decide: decided ? at(r.days - 2) : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [u, step, decision] of r.decisions) {
      await trx
        .insertInto("request_decision")
        .values({
          request_id: id,
          step,
          decision,
          decided_by: who(u),
          note: decision === DECISION.reject ? "Not related to the learner's role." : "",
          datetime_create: at(r.days - step),
        })
        .execute();
    }
    if (r.result !== undefined) {
      const res = await trx
        .insertInto("learning_result")
        .values({ request_id: id, status: r.result, datetime_update: at(3) })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("learning_result_log")
        .values({
          result_id: res.id,
          from_status: 0,
          to_status: r.result,
          changed_by: null,
          note: "Certificate sent by the learner.",
          datetime_create: at(3),
        })
        .execute();
    }
  }

  // ---- enrolment through a flow ----
  const enrolFlow = await flow(
    { name: "Course enrolment approval", code: "AF-ENR", sort: 30, type_request: REQUEST_TYPE.enrollment },
    [
      { supervisor: 1, approvers: ["inspector"], days: 0, notify: true },
      { supervisor: 0, approvers: ["staff2"], days: 14, notify: false },
    ],
  );
  const flowCourse = await trx
    .selectFrom("course")
    .select(["id", "name"])
    .where("is_display", "=", 1)
    .where("is_library", "=", 0)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!flowCourse || courseType === null) return;
  const ref = { content_type_id: courseType, content_id: flowCourse.id };
  await trx
    .insertInto("content_enrollment_setting")
    .values({
      ...ref,
      form_id: enrollForm.id,
      capacity: 0,
      is_overlap_time: 0,
      is_session_reserved: 0,
      is_session_enrollment: 0,
      minimum_session_enrollment: 0,
      maximum_session_enrollment: 10,
      type_access: TYPE_ACCESS.waiting_approve_flow,
      enrollment_required: 0,
      type_waiting: TYPE_WAITING.waiting_list,
      enroll_datetime_start: null,
      enroll_datetime_end: null,
      cancel_type: 7,
      cancel_duration: 7 * 86_400,
      cancel_datetime_start: null,
      cancel_datetime_end: null,
      is_allow_change_session_enrollment: 0,
      is_user_canceled: 1,
      is_rejected_able_re_enroll: 1,
      duration_expire: null,
      is_retrain: 0,
      retrain_count: 1,
      retrain_unit: 3,
      datetime_update: at(30),
    })
    .onConflict((oc) =>
      oc
        .columns(["content_type_id", "content_id"])
        .doUpdateSet({ type_access: TYPE_ACCESS.waiting_approve_flow, form_id: enrollForm.id }),
    )
    .execute();
  const team = await trx
    .selectFrom("account")
    .select("id")
    .where("supervisor_id", "=", who("manager"))
    .where("username", "like", "student%")
    .where("id", "not in", (eb) =>
      eb
        .selectFrom("content_enrollment")
        .select("account_id")
        .where("content_type_id", "=", courseType)
        .where("content_id", "=", flowCourse.id),
    )
    .orderBy("id")
    .limit(3)
    .execute();
  for (const [i, learner] of team.entries()) {
    const step = i === 2 ? 2 : 1;
    const enrolled = at(6 - i);
    const submission = await answer(
      trx,
      enrollForm,
      learner.id,
      ["Sales executive", String(2 + i), i % 3, [1]],
      enrolled,
      ref,
    );
    const e = await trx
      .insertInto("content_enrollment")
      .values({
        account_id: learner.id,
        ...ref,
        status: PROGRESS_STATUS.waiting_approve,
        add_method: ADD_METHOD.enrolled,
        added_by: ADDED_BY.n_a,
        created_by: learner.id,
        datetime_enroll: enrolled,
        datetime_start: null,
        datetime_complete: null,
        datetime_update: enrolled,
        submission_id: submission,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("content_progress_log")
      .values({
        enrollment_id: e.id,
        from_status: null,
        to_status: PROGRESS_STATUS.waiting_approve,
        action_type: "enroll",
        is_bulk: 0,
        created_by: learner.id,
        datetime_create: enrolled,
      })
      .execute();
    const r = await trx
      .insertInto("learning_request")
      .values({
        kind: REQUEST_TYPE.enrollment,
        account_id: learner.id,
        name: flowCourse.name,
        provider: "",
        datetime_start: null,
        datetime_end: null,
        cost_minor: 0,
        content_type_id: courseType,
        content_id: flowCourse.id,
        enrollment_id: e.id,
        reason: "",
        flow_id: enrolFlow,
        step,
        status: APPROVAL_STATUS.waiting_approve,
        form_id: enrollForm.id,
        submission_id: submission,
        datetime_create: enrolled,
        datetime_step: step === 2 ? at(1) : enrolled,
        datetime_decide: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (step === 2)
      await trx
        .insertInto("request_decision")
        .values({
          request_id: r.id,
          step: 1,
          decision: DECISION.approve,
          decided_by: who("manager"),
          note: "Fits the team's plan.",
          datetime_create: at(1),
        })
        .execute();
  }
}

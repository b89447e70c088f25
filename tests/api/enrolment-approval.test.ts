import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROGRESS_STATUS, TYPE_ACCESS } from "../../contract/codes";
import type { ApprovalRow, DecisionAnswer, LearnerEnrolment } from "../../contract/schemas/approvals";
import type { Form, LearningRequest } from "../../contract/schemas/requests";
import { contentTypeId } from "../../api/content/ref";
import { startTestApi, type Client, type TestApi } from "./harness";
import { writesNothingIn } from "./people-kit";

/**
 * Enrolment with approval (issue 33 items 2, 12, 14; R149; docs/decisions/074): the learner's enrol
 * call leads each access type to its state (a seat, the waiting list, full, waiting approve, the
 * flow's first step), the enrollment form first (form required, then its answers); the flow's
 * named deciders — without the enrollment flags — decide it step by step on the approval pages
 * until the learner is enrolled; a rejection needs its reason, which the learner is shown; an
 * expired step, credit; the lists' and the form results' exports; the administrator's add method.
 */

let api: TestApi;
let admin: Client;
let learner: Client;
let inspector: Client;
let staff2: Client;
let manager: Client;
let viewer: Client;
let courseType: number;
const sign = async () => {
  [admin, learner, inspector, staff2, manager, viewer] = await Promise.all(
    ["admin", "learner", "inspector", "staff2", "manager", "viewer"].map((u) => api.signedIn(u)),
  );
};
beforeAll(async () => {
  api = await startTestApi();
  await sign();
  courseType = await contentTypeId(api.db, "course");
});
afterAll(() => api.close());

const D = "/api/dashboard";
const E = `${D}/enrollment/`;
const accountId = async (u: string) =>
  (await api.db.selectFrom("account").select("id").where("username", "=", u).executeTakeFirstOrThrow()).id;
const idBy = async (table: "category" | "provider" | "request_form", code: string) =>
  (await api.db.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
const statusOf = async (courseId: number, u: string) =>
  (
    await api.db
      .selectFrom("content_enrollment")
      .select("status")
      .where("content_type_id", "=", courseType)
      .where("content_id", "=", courseId)
      .where("account_id", "=", await accountId(u))
      .executeTakeFirst()
  )?.status;

let seq = 0;
/** A shown course of its own with these enrollment settings (saved through the API). */
async function course(settings: Record<string, unknown>) {
  seq++;
  const at = api.clock.now.toISOString();
  const { id } = await api.db
    .insertInto("course")
    .values({
      name: `Approval course ${seq}`,
      code: `APC-${seq}`,
      content_level: null,
      program: null,
      category_id: await idBy("category", "TECH-DAT"),
      provider_id: await idBy("provider", "ACAD"),
      is_environmental: 0,
      desc: "",
      image: null,
      is_display: 1,
      datetime_start: null,
      datetime_first_publish: at,
      datetime_create: at,
      datetime_update: at,
      created_by: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const res = await admin.put(`${D}/course/${id}/enrollment/`, {
    type_waiting: 0,
    content_period_cancel: { type: 2 },
    capacity: 0,
    type_access: TYPE_ACCESS.no_condition,
    ...settings,
  });
  if (res.status !== 200) throw new Error(`settings: ${res.status} ${JSON.stringify(res.body)}`);
  return id;
}
const enrol = (who: Client, id: number, body: Record<string, unknown> = {}) =>
  who.post(`/api/course/${id}/enroll/`, body);
const stand = async (who: Client, id: number) => (await who.get(`/api/course/${id}/enroll/`)).body as LearnerEnrolment;
const waiting = async (who: Client, id: number) =>
  ((await who.get(`${E}?state=waiting&content_type=course&content=${id}`)).body.results ?? []) as ApprovalRow[];
/** A refusal writes no enrolment, decision, request, answer or credit row. */
const writesNothing = (refusals: () => Promise<void>) =>
  writesNothingIn(
    api,
    [
      "content_enrollment",
      "content_enrollment_decision",
      "content_progress_log",
      "learning_request",
      "request_decision",
      "form_submission",
      "form_answer",
      "credit_transaction",
    ],
    refusals,
  );
/** The answers of the demo enrollment form (ENR-Q1): its required questions answered. */
async function formAnswers() {
  const form = (await admin.get(`${D}/enrollment-form/${await idBy("request_form", "ENR-Q1")}/`)).body as Form;
  const [role, years] = form.sections[0].questions;
  const [how] = form.sections[1].questions;
  return {
    form,
    answers: { [role.id]: "Team lead", [years.id]: "4", [how.id]: [String(how.choices[1].id)] },
    role,
    how,
  };
}

describe("the learner's enrol call: each access type to its state (spec 001 §4)", () => {
  it("no condition and waiting list: a seat, then the waiting list; close when full: refused", async () => {
    const open = await course({ type_access: TYPE_ACCESS.no_condition, capacity: 1 });
    const first = await enrol(learner, open);
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ case: "enrolled_not_start", enrollment: { status: 0 }, can_enroll: false });
    const other = await api.signedIn("student0002");
    expect((await enrol(other, open)).body).toMatchObject({ case: "waiting_list", enrollment: { status: 2 } });
    expect((await enrol(learner, open)).body).toEqual({ detail: ["enroll_already_enrolled"] });

    const closed = await course({ type_access: TYPE_ACCESS.close_enroll_after_full, capacity: 1 });
    await enrol(learner, closed);
    expect(await stand(other, closed)).toMatchObject({
      case: "un_enrolled_full",
      can_enroll: false,
      seats: { capacity: 1, taken: 1, when_full: "closed" },
    });
    await writesNothing(async () => {
      expect((await enrol(other, closed)).body).toEqual({ detail: ["enroll_full"] });
    });
  });

  it("waiting approve: at 1 on the administrator's approval page, which admits it", async () => {
    const id = await course({ type_access: TYPE_ACCESS.waiting_approve });
    expect((await enrol(learner, id)).body).toMatchObject({ case: "waiting_approve", request: null });
    const [row] = await waiting(admin, id);
    expect(row).toMatchObject({ account: { username: "learner" }, flow: null, can_decide: true });
    expect(
      ((await admin.post(`${E}approve/`, { enrollment_list: [row.id] })).body as DecisionAnswer).results[0].result,
    ).toBe("approved");
    expect(await statusOf(id, "learner")).toBe(PROGRESS_STATUS.not_start);
  });

  it("waiting for the approval flow: at 1 in the flow that applies, step 1; without one, a seat at once", async () => {
    const id = await course({ type_access: TYPE_ACCESS.waiting_approve_flow });
    const res = await enrol(learner, id);
    expect(res.body).toMatchObject({
      case: "waiting_approve",
      request: { step: 1, count_step: 2, flow: "Course enrolment approval", status: 1 },
    });
    const request = (await admin.get(`${D}/enrollment/request/${res.body.request.id}/`)).body as LearningRequest;
    expect(request).toMatchObject({ kind: 3, content: { id, type: "course" }, enrollment: { status: 1 }, step: 1 });
    expect(request.waiting_for.map((p) => p.username).sort()).toEqual(["inspector", "manager"]);
    // No flow applies (the enrolment flow limited to classes): the enrolment takes its seat at once.
    const flow = (
      await api.db.selectFrom("approval_flow").select("id").where("code", "=", "AF-ENR").executeTakeFirstOrThrow()
    ).id;
    const classType = await contentTypeId(api.db, "class");
    await admin.patch(`${D}/approval-flow/${flow}/`, { content_type_list: [classType] });
    const free = await course({ type_access: TYPE_ACCESS.waiting_approve_flow });
    expect((await enrol(learner, free)).body).toMatchObject({ case: "enrolled_not_start", request: null });
    await admin.patch(`${D}/approval-flow/${flow}/`, { content_type_list: [] });
  });

  it("the enrollment form first: form required without answers, refused answers write nothing, then on", async () => {
    const formId = await idBy("request_form", "ENR-Q1");
    const id = await course({ type_access: TYPE_ACCESS.no_condition, form: formId });
    const before = await stand(learner, id);
    expect(before).toMatchObject({ case: "un_enrolled_open", can_enroll: true, form: { id: formId } });
    expect((await enrol(learner, id)).body).toMatchObject({
      case: "form_submit",
      enrollment: { status: 3 },
      form: { id: formId },
    });
    const { answers, role, how } = await formAnswers();
    await writesNothing(async () => {
      const bad = await learner.post(`/api/course/${id}/enroll/form/`, { answers: { [how.id]: ["999999"] } });
      expect(bad.body).toEqual({
        [`answers.${role.id}`]: ["req_msg_answer_required"],
        [`answers.${how.id}`]: ["invalid_choice"],
      });
    });
    const done = await learner.post(`/api/course/${id}/enroll/form/`, { answers });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ case: "enrolled_not_start", form: null });
    const sub = await api.db
      .selectFrom("content_enrollment")
      .select("submission_id")
      .where("content_type_id", "=", courseType)
      .where("content_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(sub.submission_id).not.toBeNull();
    expect((await learner.post(`/api/course/${id}/enroll/form/`, { answers })).body).toEqual({
      detail: ["enroll_no_form"],
    });
  });

  it("refuses what is not open: a content not shown, before the period, view only", async () => {
    const hidden = await course({});
    await api.db.updateTable("course").set({ is_display: 0 }).where("id", "=", hidden).execute();
    expect((await enrol(learner, hidden)).status).toBe(404);
    const later = await course({
      content_period_enroll: {
        datetime_start: new Date(api.clock.now.getTime() + 86_400_000).toISOString(),
        datetime_end: null,
      },
    });
    expect(await stand(learner, later)).toMatchObject({ case: "un_enrolled_schedule_open", can_enroll: false });
    expect((await enrol(learner, later)).body).toEqual({ detail: ["enroll_not_open"] });
    const priced = await course({});
    await api.db
      .insertInto("content_budget")
      .values({
        content_type_id: courseType,
        content_id: priced,
        price_minor: 99_900,
        price_discount_minor: null,
        price_app_store_minor: null,
        price_android_minor: null,
        datetime_update_price: api.clock.now.toISOString(),
      })
      .execute();
    const poor = await api.signedIn("student0003");
    await writesNothing(async () => {
      expect((await enrol(poor, priced)).body).toEqual({ detail: ["enroll_not_enough_credit"] });
    });
  });
});

describe("the flow's named deciders decide step by step, without the enrollment flags (issue 33 items 1, 2)", () => {
  it("walks an enrolment through both steps on the approval pages, the form's answers shown to them", async () => {
    const id = await course({
      type_access: TYPE_ACCESS.waiting_approve_flow,
      form: await idBy("request_form", "ENR-Q1"),
    });
    const { answers } = await formAnswers();
    const made = await enrol(learner, id, { answers });
    expect(made.body).toMatchObject({ case: "waiting_approve", request: { step: 1 } });
    // The inspector holds no enrollment flag: named on step 1, it sees the enrolment and its answers.
    const [row] = await waiting(inspector, id);
    expect(row).toMatchObject({
      account: { username: "learner" },
      can_decide: true,
      flow: { name: "Course enrolment approval", step: 1, count_step: 2 },
    });
    const answer = (await inspector.get(`${D}/enrollment/request/${row.flow!.request}/answer/`)).body;
    expect(answer.submission.answers.map((a: { value: string }) => a.value)).toEqual(
      expect.arrayContaining(["Team lead", "4"]),
    );
    // staff2 decides step 2 only: not yet.
    expect(
      ((await staff2.post(`${E}approve/`, { enrollment_list: [row.id] })).body as DecisionAnswer).results[0].result,
    ).toBe("not_decider");
    expect(
      ((await inspector.post(`${E}approve/`, { enrollment_list: [row.id] })).body as DecisionAnswer).results[0].result,
    ).toBe("step_approved");
    expect(await waiting(inspector, id)).toEqual([]);
    expect(await statusOf(id, "learner")).toBe(PROGRESS_STATUS.waiting_approve);
    const done = await staff2.post(`${D}/enrollment/request/${row.flow!.request}/decision/`, {
      decision: "approve",
      note: "Welcome.",
    });
    expect(done.body).toMatchObject({ status: 30, enrollment: { status: 0 } });
    expect(await statusOf(id, "learner")).toBe(PROGRESS_STATUS.not_start);
    const approved = (
      (await admin.get(`${E}?state=approved&content_type=course&content=${id}`)).body.results as ApprovalRow[]
    )[0];
    expect(approved.decision).toMatchObject({ decision: "approved", reason: "flow", by: { username: "staff2" } });
    expect(await stand(learner, id)).toMatchObject({ case: "enrolled_not_start", request: { status: 30, step: 2 } });
    // The inspector lists what it took part in; the viewer, neither flag nor decider, is refused.
    expect(
      (
        (await inspector.get(`${E}?state=approved&content_type=course&content=${id}`)).body.results as ApprovalRow[]
      ).map((r) => r.id),
    ).toEqual([row.id]);
    expect((await viewer.get(E)).status).toBe(403);
  });

  it("a rejection needs its reason, which the learner is shown; an administrator can cancel it", async () => {
    const id = await course({ type_access: TYPE_ACCESS.waiting_approve_flow });
    await enrol(learner, id);
    const [row] = await waiting(manager, id);
    await writesNothing(async () => {
      expect((await manager.post(`${E}reject/`, { enrollment_list: [row.id] })).body).toEqual({
        note: ["reason_required"],
      });
      expect(
        (await manager.post(`${D}/enrollment/request/${row.flow!.request}/decision/`, { decision: "reject" })).body,
      ).toEqual({ note: ["reason_required"] });
    });
    expect(
      (
        (await manager.post(`${E}reject/`, { enrollment_list: [row.id], note: "The team is full this quarter." }))
          .body as DecisionAnswer
      ).results[0].result,
    ).toBe("rejected");
    expect(await stand(learner, id)).toMatchObject({
      case: "rejected",
      reason: "The team is full this quarter.",
      request: { status: -3 },
    });
    const rejected = (
      (await admin.get(`${E}?state=rejected&content_type=course&content=${id}`)).body.results as ApprovalRow[]
    )[0];
    expect(rejected.decision).toMatchObject({
      reason: "flow",
      note: "The team is full this quarter.",
      by: { username: "manager" },
    });
    expect(
      ((await admin.post(`${E}cancel-reject/`, { enrollment_list: [row.id] })).body as DecisionAnswer).results[0]
        .result,
    ).toBe("reject_cancelled");
    expect(await stand(learner, id)).toMatchObject({ case: "waiting_approve", request: { status: 1, step: 1 } });
  });

  it("refuses the last step's approval that the content cannot take (credit), writing nothing", async () => {
    const id = await course({ type_access: TYPE_ACCESS.waiting_approve_flow });
    await api.db
      .insertInto("content_budget")
      .values({
        content_type_id: courseType,
        content_id: id,
        price_minor: 50_000,
        price_discount_minor: null,
        price_app_store_minor: null,
        price_android_minor: null,
        datetime_update_price: api.clock.now.toISOString(),
      })
      .execute();
    const poor = await api.signedIn("student0050");
    const made = await enrol(poor, id);
    expect(made.body).toMatchObject({ case: "waiting_approve" });
    const [row] = await waiting(admin, id);
    await inspector.post(`${E}approve/`, { enrollment_list: [row.id] });
    await writesNothing(async () => {
      expect(
        ((await staff2.post(`${E}approve/`, { enrollment_list: [row.id] })).body as DecisionAnswer).results[0].result,
      ).toBe("not_enough_credit");
      expect(
        (await staff2.post(`${D}/enrollment/request/${row.flow!.request}/decision/`, { decision: "approve" })).body,
      ).toEqual({ detail: "enroll_not_enough_credit" });
    });
  });

  it("an enrolment whose step waited too long expires (-6)", async () => {
    const id = await course({ type_access: TYPE_ACCESS.waiting_approve_flow });
    await enrol(learner, id);
    const [row] = await waiting(admin, id);
    await inspector.post(`${E}approve/`, { enrollment_list: [row.id] });
    api.advance(15 * 86_400_000);
    await sign();
    expect(await waiting(admin, id)).toEqual([]);
    expect(await statusOf(id, "learner")).toBe(PROGRESS_STATUS.request_expired);
    expect(await stand(learner, id)).toMatchObject({ case: "expired", request: { status: -6 } });
  });
});

describe("exports and the administrator's enrolment (issue 33 item 14; R149)", () => {
  it("exports an approval list and a form's results as csv", async () => {
    const list = await admin.get(`${E}export/?format_type=csv&state=waiting`);
    expect(list.status).toBe(200);
    expect(String(list.headers["content-type"])).toContain("text/csv");
    const text = String(list.body);
    expect(text.split("\r\n")[0]).toContain("Username");
    expect(text).toContain("Course enrolment approval");
    // A decider's export holds only what it decides.
    const mine = String((await inspector.get(`${E}export/?format_type=csv&state=waiting`)).body)
      .trim()
      .split("\r\n");
    expect(mine.length - 1).toBe((await inspector.get(`${E}?state=waiting&page_size=200`)).body.count);
    const form = await idBy("request_form", "ENR-Q1");
    const results = String((await admin.get(`${D}/enrollment-form/${form}/submission/export/?format_type=csv`)).body)
      .trim()
      .split("\r\n");
    expect(results[0]).toContain("Your current role");
    expect(results.length - 1).toBe((await admin.get(`${D}/enrollment-form/${form}/submission/`)).body.count);
    expect((await viewer.get(`${D}/enrollment-form/${form}/submission/export/`)).status).toBe(403);
  });

  it("enrols with the add method chosen, by list and by file", async () => {
    const id = await course({});
    const listed = await admin.post(`${D}/course/${id}/enroll/`, {
      account_list: [await accountId("student0010")],
      add_method: 1,
    });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(
      (await admin.post(`${D}/course/${id}/enroll/`, { account_list: [await accountId("student0011")], add_method: 3 }))
        .body,
    ).toEqual({ add_method: ["invalid_choice"] });
    const boundary = "----approvalsBoundary";
    const body = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="add_method"\r\n\r\n2\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="l.csv"\r\nContent-Type: text/csv\r\n\r\nusername\r\nstudent0012\r\n--${boundary}--\r\n`,
    );
    const imported = await admin.post(`${D}/course/${id}/enroll/import/`, body as never, {
      "content-type": `multipart/form-data; boundary=${boundary}`,
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const methods = await api.db
      .selectFrom("content_enrollment as e")
      .innerJoin("account as a", "a.id", "e.account_id")
      .select(["a.username", "e.add_method"])
      .where("e.content_type_id", "=", courseType)
      .where("e.content_id", "=", id)
      .orderBy("a.username")
      .execute();
    expect(methods.map((m) => [m.username, m.add_method])).toEqual([
      ["student0010", 1],
      ["student0012", 2],
    ]);
  });

  it("offers the enrollment forms on a content's enrollment tab and keeps the one chosen", async () => {
    const id = await course({});
    const choices = (await admin.get(`${D}/course/${id}/enrollment/form/`)).body.results as {
      id: number;
      code: string;
    }[];
    expect(choices.map((c) => c.code)).toContain("ENR-Q1");
    expect(choices.map((c) => c.code)).not.toContain("REQ-TRAIN");
    const saved = await admin.put(`${D}/course/${id}/enrollment/`, {
      type_waiting: 0,
      content_period_cancel: { type: 2 },
      form: choices[0].id,
    });
    expect(saved.body.form).toBe(choices[0].id);
    expect(
      (
        await admin.put(`${D}/course/${id}/enrollment/`, {
          type_waiting: 0,
          content_period_cancel: { type: 2 },
          form: await idBy("request_form", "REQ-TRAIN"),
        })
      ).body,
    ).toEqual({ form: ["invalid_choice"] });
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Form, FormReport, FormSubmission } from "../../contract/schemas/requests";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * The form builder (issue 17 §4 item 4, docs/decisions/057): one set of calls for enrollment and
 * request forms, kept apart by kind and flag; validation (name, question type, choices), order
 * (sections and questions moved), answers checked against the form, results and the report,
 * and a form in use kept.
 */

let api: TestApi;
let admin: Client;
let viewer: Client;
let learner: Client;
beforeAll(async () => {
  api = await startTestApi();
  [admin, viewer, learner] = await Promise.all(["admin", "viewer", "learner"].map((u) => api.signedIn(u)));
});
afterAll(() => api.close());

const D = "/api/dashboard";
const formId = async (code: string) =>
  (await api.db.selectFrom("request_form").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;

describe("form builder", () => {
  it("lists each kind under its own path and flag", async () => {
    const enrollment = await admin.get(`${D}/enrollment-form/`);
    expect(
      enrollment.body.results.map((f: Form) => [f.code, f.kind, f.count_section, f.count_question, f.count_submission]),
    ).toEqual([["ENR-Q1", "enrollment", 2, 5, 6]]);
    const request = await admin.get(`${D}/request-form/?search=outside`);
    expect(request.body.results.map((f: Form) => [f.code, f.type_request])).toEqual([["REQ-TRAIN", 1]]);
    expect((await admin.get(`${D}/request-form/${await formId("ENR-Q1")}/`)).status).toBe(404);
    expect((await viewer.get(`${D}/enrollment-form/`)).status).toBe(200);
    expect((await viewer.post(`${D}/enrollment-form/`, { name: "X" })).status).toBe(403);
    expect((await learner.get(`${D}/request-form/`)).status).toBe(403);
  });

  it("builds a form: validation, sections and questions in order, choices kept by text", async () => {
    expect((await admin.post(`${D}/request-form/`, { name: "Material form" })).body).toEqual({
      type_request: ["required"],
    });
    const made = await admin.post(`${D}/request-form/`, { name: "Material form", code: "REQ-MAT", type_request: 2 });
    expect(made.status).toBe(201);
    const id = made.body.id as number;
    expect((await admin.post(`${D}/request-form/${id}/section/`, { name: "" })).body).toEqual({ name: ["required"] });
    await admin.post(`${D}/request-form/${id}/section/`, { name: "First" });
    const two = await admin.post(`${D}/request-form/${id}/section/`, { name: "Second", desc: "Later" });
    const [first, second] = two.body.sections as Form["sections"];
    expect(
      (await admin.post(`${D}/request-form/${id}/section/${second.id}/move/`, { direction: "up" })).body.sections.map(
        (s: { name: string }) => s.name,
      ),
    ).toEqual(["Second", "First"]);
    const q = `${D}/request-form/${id}/section/${first.id}/question/`;
    expect((await admin.post(q, { text: "Pick", type: 2, choices: "Only one" })).body).toEqual({
      choices: ["req_msg_choices_required"],
    });
    expect((await admin.post(q, { text: "", type: 99 })).body).toMatchObject({
      text: ["required"],
      type: ["invalid_choice"],
    });
    await admin.post(q, { text: "Format", type: 2, is_required: "on", choices: "PDF\nVideo\n\nPDF\nAudio" });
    const after = await admin.post(q, { text: "Pages", type: 6 });
    const questions = after.body.sections[1].questions as Form["sections"][number]["questions"];
    expect(questions.map((x) => [x.sort, x.text, x.is_required, x.choices.map((c) => c.text)])).toEqual([
      [1, "Format", true, ["PDF", "Video", "Audio"]],
      [2, "Pages", false, []],
    ]);
    const pdf = questions[0].choices[0].id;
    const edited = await admin.patch(`${q}${questions[0].id}/`, {
      text: "Format wanted",
      type: 3,
      is_required: "on",
      choices: "Audio\nPDF\nE-book",
    });
    const kept = edited.body.sections[1].questions[0];
    expect(kept.choices.map((c: { text: string }) => c.text)).toEqual(["Audio", "PDF", "E-book"]);
    expect(kept.choices.find((c: { text: string }) => c.text === "PDF").id).toBe(pdf);
    const moved = await admin.post(`${q}${questions[1].id}/move/`, { direction: "up" });
    expect(moved.body.sections[1].questions.map((x: { text: string }) => x.text)).toEqual(["Pages", "Format wanted"]);
    expect((await admin.post(`${q}${questions[1].id}/move/`, { direction: "sideways" })).status).toBe(400);
    expect((await admin.delete(`${D}/request-form/${id}/section/${second.id}/`)).body.count_section).toBe(1);
    // A section of another form is not this form's.
    const other = (await admin.get(`${D}/request-form/${await formId("REQ-TRAIN")}/`)).body as Form;
    expect(
      (await admin.patch(`${D}/request-form/${id}/section/${other.sections[0].id}/`, { name: "Mine" })).status,
    ).toBe(404);
  });

  it("checks answers against the form, then shows them as results and in the report", async () => {
    const id = await formId("REQ-TRAIN");
    const form = (await admin.get(`${D}/request-form/${id}/`)).body as Form;
    const [why, apply] = form.sections[0].questions;
    const [start, days] = form.sections[1].questions;
    const base = { kind: 1, name: "Negotiation", cost: 50_000, form: id };
    const bad = await learner.post("/api/learning-request/", {
      ...base,
      answers: { [why.id]: "999", [start.id]: "2026-02-30", [days.id]: "many", 123456: "x" },
    });
    expect(bad.body).toEqual({
      [`answers.${why.id}`]: ["invalid_choice"],
      [`answers.${apply.id}`]: ["req_msg_answer_required"],
      [`answers.${start.id}`]: ["invalid"],
      [`answers.${days.id}`]: ["invalid"],
      "answers.123456": ["invalid"],
    });
    const enrollForm = await formId("ENR-Q1");
    expect((await learner.post("/api/learning-request/", { ...base, form: enrollForm })).body).toEqual({
      form: ["req_msg_not_a_form"],
    });
    const ok = await learner.post("/api/learning-request/", {
      ...base,
      answers: { [why.id]: String(why.choices[2].id), [apply.id]: "Better deals.", [days.id]: "3" },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const answers = await admin.get(`${D}/learning-request/${ok.body.id}/answer/`);
    expect(answers.body.form.id).toBe(id);
    expect(answers.body.submission.answers.map((a: { value: string }) => a.value)).toEqual([
      "Certification renewal",
      "Better deals.",
      "3",
    ]);
    const results = await admin.get(`${D}/request-form/${id}/submission/`);
    expect((results.body.results as FormSubmission[])[0]).toMatchObject({
      account: { username: "learner" },
      answers: expect.arrayContaining([{ question: apply.id, value: "Better deals.", choice: null }]),
    });
    const report = (await admin.get(`${D}/request-form/${id}/report/`)).body as FormReport;
    expect(report.count_submission).toBe(results.body.count);
    const whyReport = report.questions.find((x) => x.id === why.id)!;
    expect(whyReport.choices.reduce((n, c) => n + c.count, 0)).toBe(report.count_submission);
    expect(report.questions.find((x) => x.id === apply.id)!.answers[0]).toBe("Better deals.");
  });

  it("keeps a form a content or a request names; deletes an unused one", async () => {
    expect((await admin.delete(`${D}/request-form/${await formId("REQ-TRAIN")}/`)).body).toEqual({
      detail: "req_msg_form_in_use",
    });
    const made = await admin.post(`${D}/enrollment-form/`, { name: "Spare" });
    expect((await viewer.delete(`${D}/enrollment-form/${made.body.id}/`)).status).toBe(403);
    expect((await admin.delete(`${D}/enrollment-form/${made.body.id}/`)).status).toBe(204);
  });
});

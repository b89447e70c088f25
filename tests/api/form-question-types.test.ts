import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUESTION_TYPE, QUESTION_TYPE_CODES } from "../../contract/request-codes";
import type { Form, FormSubmission } from "../../contract/schemas/requests";
import { migrateTo } from "../../api/db/migrate";
import { freshDatabase, startTestApi, type Client, type TestApi } from "./harness";

/**
 * The form builder's question types are the spec's (R239; spec 001 §4 "Question types"; docs/decisions/074):
 * migration 0039 converts the codes stored before it; the builder takes every spec code and no
 * other; each type's answer is checked for what it is (a scale or rating in range, one dropdown
 * choice, a time, a date and time, several dates, a price, an account, a location, an upload of
 * the answerer's, nothing for an information text) and kept as readable text.
 */

describe("migration 0039: the builder's codes become the spec's", () => {
  it("converts every stored question type once, and back", async () => {
    const { db, dialect, drop } = await freshDatabase();
    try {
      await migrateTo(db, dialect, "0038_content_library");
      const at = new Date().toISOString();
      const form = await db
        .insertInto("request_form")
        .values({
          kind: "request",
          name: "Old",
          code: null,
          desc: "",
          type_request: 1,
          created_by: null,
          datetime_create: at,
          datetime_update: at,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const section = await db
        .insertInto("form_section")
        .values({ form_id: form.id, sort: 1, name: "S", desc: "" })
        .returning("id")
        .executeTakeFirstOrThrow();
      // The old numbering: 1 text, 2 long text, 3 choice, 4 multiple choice, 5 number, 6 date, 7 scale.
      for (const type of [1, 2, 3, 4, 5, 6, 7])
        await db
          .insertInto("form_question")
          .values({ section_id: section.id, sort: type, text: `Q${type}`, type, is_required: 0 })
          .execute();
      const types = async () =>
        (await db.selectFrom("form_question").select("type").orderBy("sort").execute()).map((q) => q.type);
      await migrateTo(db, dialect, "0039_enrolment_approval");
      expect(await types()).toEqual([
        QUESTION_TYPE.textinput,
        QUESTION_TYPE.textarea,
        QUESTION_TYPE.radio,
        QUESTION_TYPE.checkbox,
        QUESTION_TYPE.number,
        QUESTION_TYPE.date,
        QUESTION_TYPE.scale,
      ]);
      await migrateTo(db, dialect, "0038_content_library");
      expect(await types()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    } finally {
      await db.destroy();
      await drop();
    }
  }, 60_000);
});

describe("the spec's question types in a request form", () => {
  let api: TestApi;
  let admin: Client;
  let learner: Client;
  let form: Form;
  const D = "/api/dashboard";
  const byType = (type: number) => form.sections[0].questions.find((q) => q.type === type)!;

  beforeAll(async () => {
    api = await startTestApi();
    [admin, learner] = await Promise.all([api.signedIn("admin"), api.signedIn("learner")]);
    const made = await admin.post(`${D}/request-form/`, { name: "Every type", code: "REQ-ALL", type_request: 1 });
    const section = (await admin.post(`${D}/request-form/${made.body.id}/section/`, { name: "All" })).body.sections[0]
      .id as number;
    for (const type of QUESTION_TYPE_CODES) {
      const choices = [QUESTION_TYPE.radio, QUESTION_TYPE.checkbox, QUESTION_TYPE.dropdown].includes(type as never)
        ? "One\nTwo"
        : "";
      const res = await admin.post(`${D}/request-form/${made.body.id}/section/${section}/question/`, {
        text: `Type ${type}`,
        type,
        choices,
        is_required: type === QUESTION_TYPE.info ? "on" : "",
        value_max: type === QUESTION_TYPE.rating ? 5 : 4,
      });
      expect(res.status, `type ${type}: ${JSON.stringify(res.body)}`).toBe(201);
    }
    form = (await admin.get(`${D}/request-form/${made.body.id}/`)).body as Form;
  });
  afterAll(() => api.close());

  it("takes every spec code, no other, and asks nothing of an information text", async () => {
    expect(form.sections[0].questions.map((q) => q.type)).toEqual([...QUESTION_TYPE_CODES]);
    expect(byType(QUESTION_TYPE.info).is_required).toBe(false);
    const section = form.sections[0].id;
    for (const type of [12, 21, 99]) {
      expect(
        (await admin.post(`${D}/request-form/${form.id}/section/${section}/question/`, { text: "No", type })).body,
        String(type),
      ).toEqual({ type: ["invalid_choice"] });
    }
  });

  it("checks each type's answer for what it is, and keeps it as text", async () => {
    const request = (answers: Record<string, unknown>) =>
      learner.post("/api/learning-request/", { kind: 1, name: "Every type", form: form.id, answers });
    const a = (type: number) => String(byType(type).id);
    const bad = await request({
      [a(QUESTION_TYPE.info)]: "x",
      [a(QUESTION_TYPE.scale)]: "9",
      [a(QUESTION_TYPE.rating)]: "0",
      [a(QUESTION_TYPE.dropdown)]: [
        String(byType(QUESTION_TYPE.dropdown).choices[0].id),
        String(byType(QUESTION_TYPE.dropdown).choices[1].id),
      ],
      [a(QUESTION_TYPE.datetime)]: "2026-02-30T10:00",
      [a(QUESTION_TYPE.time)]: "25:00",
      [a(QUESTION_TYPE.upload)]: "nope",
      [a(QUESTION_TYPE.learner)]: "999999",
      [a(QUESTION_TYPE.location)]: "x",
      [a(QUESTION_TYPE.price)]: "-5",
      [a(QUESTION_TYPE.multiple_date)]: "2026-01-01, 2026-13-01",
    });
    expect(bad.body).toEqual({
      [`answers.${a(QUESTION_TYPE.info)}`]: ["invalid"],
      [`answers.${a(QUESTION_TYPE.scale)}`]: ["svy_msg_scale_out_of_range"],
      [`answers.${a(QUESTION_TYPE.rating)}`]: ["svy_msg_scale_out_of_range"],
      [`answers.${a(QUESTION_TYPE.dropdown)}`]: ["invalid_choice"],
      [`answers.${a(QUESTION_TYPE.datetime)}`]: ["invalid"],
      [`answers.${a(QUESTION_TYPE.time)}`]: ["invalid"],
      [`answers.${a(QUESTION_TYPE.upload)}`]: ["upload_not_found"],
      [`answers.${a(QUESTION_TYPE.learner)}`]: ["invalid_choice"],
      [`answers.${a(QUESTION_TYPE.location)}`]: ["invalid_choice"],
      [`answers.${a(QUESTION_TYPE.price)}`]: ["invalid"],
      [`answers.${a(QUESTION_TYPE.multiple_date)}`]: ["invalid"],
    });

    const learnerId = await api.db
      .selectFrom("account")
      .select(["id", "first_name", "last_name"])
      .where("username", "=", "student0005")
      .executeTakeFirstOrThrow();
    const location = await api.db.selectFrom("location").select(["id", "name"]).orderBy("id").executeTakeFirstOrThrow();
    const at = api.clock.now.toISOString();
    const mine = (
      await api.db.selectFrom("account").select("id").where("username", "=", "learner").executeTakeFirstOrThrow()
    ).id;
    await api.db
      .insertInto("upload")
      .values({
        id: "up-answer-1",
        account_id: mine,
        kind: "file",
        file_name: "plan.pdf",
        size: 10,
        bytes_received: 10,
        status: "complete",
        storage_key: "0123456789abcdef0123456789abcdef.pdf",
        duration: null,
        thumbnail_key: null,
        datetime_create: at,
        datetime_update: at,
      })
      .execute();
    const good = await request({
      [a(QUESTION_TYPE.scale)]: "3",
      [a(QUESTION_TYPE.rating)]: "5",
      [a(QUESTION_TYPE.dropdown)]: String(byType(QUESTION_TYPE.dropdown).choices[1].id),
      [a(QUESTION_TYPE.datetime)]: "2026-03-01T09:30",
      [a(QUESTION_TYPE.time)]: "09:30",
      [a(QUESTION_TYPE.upload)]: "up-answer-1",
      [a(QUESTION_TYPE.learner)]: String(learnerId.id),
      [a(QUESTION_TYPE.location)]: String(location.id),
      [a(QUESTION_TYPE.price)]: "1,234.5",
      [a(QUESTION_TYPE.multiple_date)]: ["2026-03-02", "2026-03-01", "2026-03-02"],
      [a(QUESTION_TYPE.textinput)]: "Hello",
    });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
    const sub = (await admin.get(`${D}/learning-request/${good.body.id}/answer/`)).body.submission as FormSubmission;
    const value = (type: number) =>
      sub.answers
        .filter((x) => x.question === byType(type).id)
        .map((x) => x.value)
        .join(" | ");
    expect(value(QUESTION_TYPE.dropdown)).toBe("Two");
    expect(value(QUESTION_TYPE.learner)).toBe(`${learnerId.first_name} ${learnerId.last_name} (student0005)`);
    expect(value(QUESTION_TYPE.location)).toBe(location.name);
    expect(value(QUESTION_TYPE.price)).toBe("1234.50");
    expect(value(QUESTION_TYPE.multiple_date)).toBe("2026-03-01, 2026-03-02");
    expect(sub.answers.find((x) => x.question === byType(QUESTION_TYPE.upload).id)).toMatchObject({
      value: "plan.pdf",
      file: "/api/media/uploads/0123456789abcdef0123456789abcdef.pdf",
    });
    expect(
      (await api.db.selectFrom("upload").select("status").where("id", "=", "up-answer-1").executeTakeFirstOrThrow())
        .status,
    ).toBe("claimed");
    // An upload is kept once: a second answer with it is refused.
    expect((await request({ [a(QUESTION_TYPE.upload)]: "up-answer-1" })).body).toEqual({
      [`answers.${a(QUESTION_TYPE.upload)}`]: ["upload_not_found"],
    });
  });

  it("exports the form's results with a column per question", async () => {
    const csv = String((await admin.get(`${D}/request-form/${form.id}/submission/export/?format_type=csv`)).body)
      .trim()
      .split("\r\n");
    expect(csv[0]).toContain("Type 33");
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain("2026-03-01, 2026-03-02");
  });
});

import { describe, expect, it } from "vitest";
import { derivePublishStatus } from "../../contract/codes";
import {
  courseCreateSchema,
  courseDisplaySchema,
  courseSchemas,
  courseUpdateSchema,
  parseIsoDateTime,
} from "../../contract/schemas/course";
import { likePattern } from "../../api/engine/crud";
import { isIgnoredFilterValue } from "../../contract/list-query";

const now = new Date("2026-06-01T08:00:00.000Z");
const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe("derivePublishStatus (spec 001 §4)", () => {
  it("is unpublish when not displayed: a draft until first shown, unpublished after", () => {
    expect(derivePublishStatus({ is_display: 0, datetime_start: null, datetime_first_publish: null }, now)).toEqual({
      status: "unpublish",
      label: "publish_label_draft",
    });
    expect(
      derivePublishStatus(
        { is_display: false, datetime_start: null, datetime_first_publish: "2026-05-01T00:00:00.000Z" },
        now,
      ),
    ).toEqual({
      status: "unpublish",
      label: "publish_label_unpublished",
    });
    // A first showing still ahead never happened.
    expect(
      derivePublishStatus(
        { is_display: 0, datetime_start: null, datetime_first_publish: "2026-07-01T00:00:00.000Z" },
        now,
      ).label,
    ).toBe("publish_label_draft");
  });

  it("is schedule when displayed with a start ahead, publish otherwise", () => {
    expect(
      derivePublishStatus(
        {
          is_display: 1,
          datetime_start: "2026-06-02T00:00:00.000Z",
          datetime_first_publish: "2026-06-02T00:00:00.000Z",
        },
        now,
      ),
    ).toEqual({
      status: "schedule",
      label: "publish_label_scheduled",
    });
    expect(
      derivePublishStatus(
        { is_display: true, datetime_start: "2026-05-31T00:00:00.000Z", datetime_first_publish: null },
        now,
      ),
    ).toEqual({
      status: "publish",
      label: "publish_label_published",
    });
    expect(derivePublishStatus({ is_display: 1, datetime_start: null, datetime_first_publish: null }, now).status).toBe(
      "publish",
    );
  });
});

describe("course schemas", () => {
  it("require name, code, category and provider; default the rest", () => {
    expect(errorsOf(courseCreateSchema.safeParse({}))).toEqual({
      name: "required",
      code: "required",
      category: "required",
      provider: "required",
    });
    expect(courseCreateSchema.parse({ name: " A ", code: "A-1_b", category: "1", provider: 2 })).toEqual({
      name: "A",
      code: "A-1_b",
      category: 1,
      provider: 2,
      content_level: null,
      program: null,
      is_environmental: false,
      tag_list: [],
      instructor_list: [],
      desc: "",
    });
  });

  it("read form values: checkboxes, comma-separated ids, empty selections", () => {
    const v = courseCreateSchema.parse({
      name: "A",
      code: "A",
      category: 1,
      provider: 1,
      is_environmental: "on",
      tag_list: "3, 1,3",
      instructor_list: ["2"],
      content_level: "null",
    });
    expect(v).toMatchObject({ is_environmental: true, tag_list: [3, 1], instructor_list: [2], content_level: null });
    for (const off of ["false", "off", "0", "", false])
      expect(courseUpdateSchema.parse({ is_environmental: off }).is_environmental).toBe(false);
  });

  it("apply the limits given and the code characters", () => {
    const s = courseSchemas({ text: 10, code: 4, description: 5 }).create;
    expect(
      errorsOf(s.safeParse({ name: "x".repeat(11), code: "ABCDE", category: 1, provider: 1, desc: "123456" })),
    ).toEqual({ name: "too_long", code: "too_long", desc: "too_long" });
    expect(errorsOf(courseCreateSchema.safeParse({ name: "A", code: "A B", category: 1, provider: 1 }))).toEqual({
      code: "invalid_code",
    });
  });

  it("keep only the extras switched on", () => {
    const on = courseSchemas(undefined, ["cluster"]).create.parse({
      name: "A",
      code: "A",
      category: 1,
      provider: 1,
      cluster: "4",
      school: "5",
    });
    expect(on).toMatchObject({ cluster: [4] });
    expect("school" in on).toBe(false);
  });

  it("leave an update partial", () => {
    expect(courseUpdateSchema.parse({ name: "B" })).toEqual({ name: "B" });
  });

  it("read a publish call: booleans from forms, start times with a zone only", () => {
    expect(courseDisplaySchema.parse({ is_display: "true", datetime_start: "2026-06-02T09:00+07:00" })).toEqual({
      is_display: true,
      datetime_start: "2026-06-02T02:00:00.000Z",
    });
    expect(courseDisplaySchema.parse({ is_display: "on", datetime_start: "" })).toEqual({
      is_display: true,
      datetime_start: null,
    });
    for (const bad of ["2026-06-02T09:00", "2026-02-30T09:00Z", "2026-06-02 09:00Z", "tomorrow"]) {
      expect(errorsOf(courseDisplaySchema.safeParse({ datetime_start: bad })), bad).toEqual({
        datetime_start: "invalid",
      });
    }
    expect(parseIsoDateTime("2028-02-29T23:59:59.5Z")).toBe("2028-02-29T23:59:59.500Z");
  });
});

describe("resource layer helpers", () => {
  it("ignores empty, null and all filter values", () => {
    for (const v of ["", " ", "null", "all", "All"]) expect(isIgnoredFilterValue(v), v).toBe(true);
    for (const v of ["0", "1", "none"]) expect(isIgnoredFilterValue(v), v).toBe(false);
  });
  it("makes LIKE patterns that take the search literally", () => {
    expect(likePattern("50%_A\\b")).toBe("%50\\%\\_a\\\\b%");
  });
});

import { describe, expect, it } from "vitest";
import {
  CANCEL_TYPE,
  CANCEL_TYPES_ALLOWED,
  CANCEL_TYPE_CODES,
  PERMISSION_ACCESS,
  PERMISSION_RULE,
  TYPE_ACCESS,
  TYPE_WAITING,
  isCancelTypeAllowed,
} from "../../contract/codes";
import { enrollmentSchema, identificationSchema } from "../../contract/schemas/content-enrollment";
import {
  criteriaCount,
  permissionConditionSchema,
  permissionRuleSchema,
} from "../../contract/schemas/content-permission";
import { daysToSeconds, minutesToSeconds, secondsToDays, secondsToMinutes } from "../../contract/units";

/** The access slice's code tables and schemas (docs/decisions/014), exactly as the spec writes them. */

describe("code tables (spec 001 §4, 002 §6 and §9)", () => {
  it("numbers cancel types, access and waiting types, permission access and rule choices as the spec does", () => {
    expect(CANCEL_TYPE).toEqual({
      unpublish: -1,
      unlimited: 0,
      set_cancel_period: 1,
      before_learning_period_end: 2,
      duration_after_expire: 3,
      schedule_by_transaction: 4,
      before_xx_start: 5,
      before_xx_end: 6,
      after_enrolled: 7,
    });
    expect(CANCEL_TYPES_ALLOWED).toEqual({
      activity: [7],
      course: [2, 7],
      event: [5, 6, 1],
      learning_path_online: [2, 7],
      learning_path_schedule: [5, 6, 1],
    });
    expect(TYPE_ACCESS).toEqual({
      no_condition: -1,
      waiting_list: 0,
      close_enroll_after_full: 1,
      waiting_approve: 2,
      waiting_approve_flow: 3,
    });
    expect(TYPE_WAITING).toEqual({ waiting_list: 0, close_enroll_after_full: 1 });
    expect(PERMISSION_ACCESS).toEqual({ view: 1, view_enroll: 2 });
    expect(PERMISSION_RULE).toMatchObject({ department: 2, user: 3 });
  });

  it("allows each kind exactly its cancel types, through one check", () => {
    for (const [kind, allowed] of Object.entries(CANCEL_TYPES_ALLOWED)) {
      for (const type of CANCEL_TYPE_CODES)
        expect(isCancelTypeAllowed(kind as keyof typeof CANCEL_TYPES_ALLOWED, type), `${kind} ${type}`).toBe(
          (allowed as readonly number[]).includes(type),
        );
    }
    expect(isCancelTypeAllowed("course", "7")).toBe(false);
  });

  it("converts days and minutes to seconds and back (86400 s a day)", () => {
    expect(daysToSeconds(5)).toBe(432_000);
    expect(secondsToDays(432_000)).toBe(5);
    expect(daysToSeconds(null)).toBeNull();
    expect(minutesToSeconds(15)).toBe(900);
    expect(secondsToMinutes(900)).toBe(15);
  });
});

describe("enrollment schema: the same rules in form units and on the wire", () => {
  const form = enrollmentSchema("course", "form");
  const api = enrollmentSchema("course", "api");
  it("reads a form: days, local times, a missing box false, blanks their defaults", () => {
    const v = form.parse({
      content_period_cancel: { type: "7", duration: "5" },
      content_period_enroll: { datetime_start: "2026-09-01T09:00" },
      capacity: "",
      is_user_canceled: "on",
    });
    expect(v).toMatchObject({
      capacity: 0,
      minimum_session_enrollment: 0,
      maximum_session_enrollment: 10,
      is_user_canceled: true,
      is_retrain: false,
    });
    expect(v.content_period_cancel).toEqual({ type: 7, duration: 5, datetime_start: null, datetime_end: null });
    expect(v.content_period_enroll).toEqual({ datetime_start: "2026-09-01T09:00", datetime_end: null });
  });
  it("refuses on the wire what is not whole days, and in the form a zero", () => {
    expect(
      api.safeParse({ content_period_cancel: { type: 7, duration: 90_000 } }).error?.issues.map((i) => i.message),
    ).toEqual(["whole_days"]);
    expect(
      form.safeParse({ content_period_cancel: { type: 7, duration: "0" } }).error?.issues.map((i) => i.message),
    ).toEqual(["value_not_zero"]);
  });
  it("refuses a type the kind does not allow, minimum above maximum and a reversed period, all at once", () => {
    const r = form.safeParse({
      content_period_cancel: { type: "5" },
      minimum_session_enrollment: "11",
      maximum_session_enrollment: "10",
      content_period_enroll: { datetime_start: "2026-09-02T09:00", datetime_end: "2026-09-01T09:00" },
    });
    expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual(
      expect.arrayContaining([
        ["content_period_cancel.type", "cancel_type_not_allowed"],
        ["minimum_session_enrollment", "session_min_above_max"],
        ["content_period_enroll.datetime_end", "date_end_before_start"],
      ]),
    );
    expect(enrollmentSchema("event").safeParse({ content_period_cancel: { type: 5, duration: 86_400 } }).success).toBe(
      true,
    );
  });
  it("identification: minutes in the form, at least the minimums", () => {
    const min = { attempt: 2, durationSeconds: 300 };
    expect(identificationSchema(min, "form").parse({ is_enabled: "on", duration_lock: "5" })).toMatchObject({
      is_enabled: true,
      attempt: 2,
      duration_lock: 5,
      lock_method: 1,
    });
    expect(
      identificationSchema(min, "form")
        .safeParse({ duration_lock: "4", attempt: "1" })
        .error?.issues.map((i) => i.message),
    ).toEqual(["value_below_minimum", "value_below_minimum"]);
    expect(identificationSchema(min, "api").parse({ lock_method: 2, duration_lock: 900 }).duration_lock).toBeNull();
  });
});

describe("permission schemas", () => {
  it("defaults a rule to everyone, view and enrol", () => {
    expect(permissionRuleSchema.parse({})).toEqual({ mode: 1, permission: 2 });
  });
  it("reads a condition: comma-separated ids, blank bounds unset, and counts its criteria", () => {
    const c = permissionConditionSchema.parse({
      department: "3,1,3",
      age_gte: "20",
      age_lte: "",
      date_account_start_lte: "2024-01-31",
    });
    expect(c).toMatchObject({
      operator: 1,
      department: [3, 1],
      position: [],
      age_gte: 20,
      age_lte: -1,
      date_account_start_gte: null,
    });
    expect(criteriaCount({ ...c, id: 1 } as never)).toBe(3);
    expect(
      permissionConditionSchema
        .safeParse({ service_gte: 10, service_lte: 5 })
        .error?.issues.map((i) => [i.path.join("."), i.message]),
    ).toEqual([["service_lte", "range_lte_below_gte"]]);
  });
});

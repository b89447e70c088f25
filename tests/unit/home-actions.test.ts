import { describe, expect, it } from "vitest";
import { ALL_FLAGS, type PermissionAnswer } from "../../contract/permissions";
import { HOME_ACTIONS, openableActions } from "~/lms/home-actions.server";

/** A permission answer holding exactly `flags` (and deciding `decides`). */
const perm = (flags: string[], decides: PermissionAnswer["decides"] = []): PermissionAnswer => ({
  auth_group_list: [],
  group_list: [],
  provider_list: [],
  instructor_list: [],
  department_list: [],
  permission: Object.fromEntries(ALL_FLAGS.map((f) => [f, flags.includes(f)])),
  decides,
});
/** The home's days, as its API answered them. */
const DAYS = { date_from: "2026-11-07", date_to: "2026-12-06" };
const keys = (p: PermissionAnswer) => openableActions(p, {}, DAYS).map((a) => a.key);

describe("the learning home's counts of what waits (issue 33 item 13)", () => {
  it("offers none to a viewer who may open none of the lists", () => {
    expect(keys(perm(["dashboard_view_dashboard"]))).toEqual([]);
  });
  it("offers each count whose list the viewer's flags open, and only those", () => {
    expect(keys(perm(["dashboard_view_dashboard", "enrollment_view_enrollment"]))).toEqual([
      "enrollment_waiting",
      "enrolled_period",
      "completed_period",
    ]);
    expect(keys(perm(["dashboard_view_dashboard", "material_request_view_material_request"]))).toEqual([
      "material_request_waiting",
    ]);
    expect(keys(perm(ALL_FLAGS as unknown as string[]))).toEqual(HOME_ACTIONS.map((a) => a.key));
  });
  it("offers a flow's decider the requests it decides, without the kind's flag", () => {
    expect(keys(perm(["dashboard_view_dashboard"], ["learning_request"]))).toEqual(["learning_request_waiting"]);
    // The period's list is organisation-wide: an enrolment flow's decider sees only its waiting ones (docs/decisions/086).
    expect(keys(perm(["dashboard_view_dashboard"], ["enrollment"]))).toEqual(["enrollment_waiting"]);
  });
  it("links each count to the list it counts, filtered to what waits", () => {
    expect(openableActions(perm(ALL_FLAGS as unknown as string[]), {}, DAYS).map((a) => a.href)).toEqual([
      "/dashboard/enrollment/waiting",
      "/dashboard/learning-request/waiting",
      "/dashboard/material-request",
      "/dashboard/assignment?learners=overdue",
      // The home's period travels with the link, so the list shows the days counted.
      "/dashboard/enrollment/period?event=enrolled&date_from=2026-11-07&date_to=2026-12-06",
      "/dashboard/enrollment/period?event=completed&date_from=2026-11-07&date_to=2026-12-06",
    ]);
  });
});

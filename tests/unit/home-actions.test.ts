import { describe, expect, it } from "vitest";
import { ALL_FLAGS, type PermissionAnswer } from "../../contract/permissions";
import { HOME_ACTIONS, openableActions } from "~/lms/home-actions.server";

/** A permission answer holding exactly `flags` (and deciding `decides`). */
const perm = (flags: string[], decides: PermissionAnswer["decides"] = []): PermissionAnswer => ({
  auth_group_list: [], group_list: [], provider_list: [], instructor_list: [], department_list: [],
  permission: Object.fromEntries(ALL_FLAGS.map((f) => [f, flags.includes(f)])),
  decides,
});
const keys = (p: PermissionAnswer) => openableActions(p, {}).map((a) => a.key);

describe("the learning home's counts of what waits (issue 33 item 13)", () => {
  it("offers none to a viewer who may open none of the lists", () => {
    expect(keys(perm(["dashboard_view_dashboard"]))).toEqual([]);
  });
  it("offers each count whose list the viewer's flags open, and only those", () => {
    expect(keys(perm(["dashboard_view_dashboard", "enrollment_view_enrollment"]))).toEqual(["enrollment_waiting"]);
    expect(keys(perm(["dashboard_view_dashboard", "material_request_view_material_request"]))).toEqual(["material_request_waiting"]);
    expect(keys(perm(ALL_FLAGS as unknown as string[]))).toEqual(HOME_ACTIONS.map((a) => a.key));
  });
  it("offers a flow's decider the requests it decides, without the kind's flag", () => {
    expect(keys(perm(["dashboard_view_dashboard"], ["learning_request"]))).toEqual(["learning_request_waiting"]);
  });
  it("links each count to the list it counts, filtered to what waits", () => {
    expect(openableActions(perm(ALL_FLAGS as unknown as string[]), {}).map((a) => a.href)).toEqual([
      "/dashboard/enrollment/waiting",
      "/dashboard/learning-request/waiting",
      "/dashboard/material-request",
      "/dashboard/assignment?learners=overdue",
    ]);
  });
});

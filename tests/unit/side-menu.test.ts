import { describe, expect, it } from "vitest";
import { markCurrent } from "~/components/shell/side-menu";

/**
 * The left menu is one string of markup (app/lms/menu-html.server.ts) whose current link the
 * component marks (docs/decisions/092): exactly the page's own link, with or without a trailing
 * slash, as NavLink's `end` did; a link that merely starts the same is not it.
 */
const MENU =
  '<div class="mb-3"><h2 class="menu-heading">Home</h2><ul><li><a href="/dashboard/" class="menu-link">Learning</a></li></ul></div>' +
  '<div class="mb-3"><h2 class="menu-heading">Content</h2><ul><li><a href="/dashboard/course" class="menu-link">Course</a></li><li><a href="/dashboard/coniclex/course" class="menu-link">Library course</a></li></ul></div>';

const current = (html: string) => [...html.matchAll(/<a href="([^"]+)" aria-current="page"/g)].map((m) => m[1]);

describe("markCurrent", () => {
  it("marks the page's own link, once", () => {
    expect(current(markCurrent(MENU, "/dashboard/course"))).toEqual(["/dashboard/course"]);
    expect(current(markCurrent(MENU, "/dashboard/course/"))).toEqual(["/dashboard/course"]);
    expect(current(markCurrent(MENU, "/dashboard/coniclex/course"))).toEqual(["/dashboard/coniclex/course"]);
  });

  it("finds the home link whether or not the address ends in a slash", () => {
    expect(current(markCurrent(MENU, "/dashboard"))).toEqual(["/dashboard/"]);
    expect(current(markCurrent(MENU, "/dashboard/"))).toEqual(["/dashboard/"]);
  });

  it("marks nothing on a page below a link, or on an address the menu does not have", () => {
    expect(current(markCurrent(MENU, "/dashboard/course/7/information"))).toEqual([]);
    expect(current(markCurrent(MENU, '/dashboard/course" onmouseover="x'))).toEqual([]);
    expect(markCurrent(MENU, "/dashboard/nothing")).toBe(MENU);
  });
});

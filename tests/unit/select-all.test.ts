import { describe, expect, it } from "vitest";
import { withPageSelected } from "~/lms/select-all";

/** "Select all on this page" without JavaScript (docs/decisions/077): the header box stands for the page's rows. */
describe("select all on this page", () => {
  const form = (entries: [string, string][]) => {
    const f = new FormData();
    for (const [k, v] of entries) f.append(k, v);
    return f;
  };

  it("stands for every row of the page, whatever was ticked one by one", () => {
    const posted = form([
      ["intent", "checkin"],
      ["select_all", "page"],
      ["enrollment_list", "2"],
      ["page_list", "1"],
      ["page_list", "2"],
      ["page_list", "3"],
      ["action", "in"],
    ]);
    const out = withPageSelected(posted, "enrollment_list");
    expect(out.getAll("enrollment_list")).toEqual(["1", "2", "3"]);
    expect(out.get("intent")).toBe("checkin");
    expect(out.get("action")).toBe("in");
    expect(out.has("select_all")).toBe(false);
    expect(out.has("page_list")).toBe(false);
  });

  it("leaves the ticked rows alone when it is not ticked", () => {
    const posted = form([
      ["enrollment_list", "2"],
      ["page_list", "1"],
      ["page_list", "2"],
    ]);
    expect(withPageSelected(posted, "enrollment_list")).toBe(posted);
  });
});

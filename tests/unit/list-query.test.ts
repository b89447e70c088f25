import { describe, expect, it } from "vitest";
import { canonicalListQuery, nextOrdering, pageWindow, withParam } from "~/lms/list-query";

const q = (s: string) => new URLSearchParams(s);
const canon = (s: string) => canonicalListQuery(q(s))?.toString() ?? null;

describe("spec 000 §2.14: search kept in the query string", () => {
  it("trims a non-empty search", () => expect(canon("search=%20data%20")).toBe("search=data"));
  it("a search submission (no page key) lands on page 1", () => expect(canon("search=data&ordering=name")).toBeNull());
  it("an empty search removes the search and the page keys", () =>
    expect(canon("search=&page=3&ordering=name")).toBe("ordering=name"));
  it("a whitespace-only search counts as empty", () => expect(canon("search=%20%20&page=2")).toBe(""));
  it("keeps a canonical query as it is", () => expect(canon("search=data&page=2")).toBeNull());
  it("drops page=1", () => expect(canon("page=1&search=x")).toBe("search=x"));
});

describe("spec 002 §5: filter selection ignores empty, null or all values", () => {
  it.each(["category=", "category=null", "category=all"])("drops %s", (s) =>
    expect(canon(`${s}&provider=2`)).toBe("provider=2"),
  );
});

describe("list helpers", () => {
  it("toggles ordering", () => {
    expect(nextOrdering(null, "name")).toBe("name");
    expect(nextOrdering("name", "name")).toBe("-name");
    expect(nextOrdering("-name", "name")).toBe("name");
  });
  it("resets the page when another key changes", () => {
    expect(withParam(q("page=3&search=a"), "ordering", "name")).toBe("?search=a&ordering=name");
    expect(withParam(q("page=3&search=a"), "page", "4")).toBe("?page=4&search=a");
  });
  it("shows a window of pages", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
});

describe("one vocabulary with the API (contract/list-query.ts)", () => {
  it("the dashboard drops exactly the filter values the API ignores", async () => {
    const { isIgnoredFilterValue } = await import("../../contract/list-query");
    for (const v of ["", " ", "null", "all", "ALL", "undefined", "0", "none", "x"]) {
      const dropped = canonicalListQuery(q(`category=${encodeURIComponent(v)}`))?.has("category") === false;
      expect(dropped, JSON.stringify(v)).toBe(isIgnoredFilterValue(v));
    }
  });
});

import { describe, expect, it } from "vitest";
import { dash, safeNext } from "~/lms/paths";

describe("safeNext (spec 000 §5)", () => {
  it("adds a trailing slash before the query", () => {
    expect(safeNext("/dashboard/course?page=2")).toBe("/dashboard/course/?page=2");
    expect(safeNext("/dashboard/course/")).toBe("/dashboard/course/");
    expect(safeNext("/dashboard")).toBe("/dashboard/");
  });
  it.each(["/admin/x", "/saml/login/", "/login/saml/success", "/account/sso/validate", "/console", "/dashboard/error/403"])(
    "ignores %s",
    (next) => expect(safeNext(next)).toBeNull(),
  );
  it.each(["https://evil.example/", "//evil.example/x", "/\\evil.example", "javascript:alert(1)", "", null, "/x\u0000y"])(
    "never leaves the site: %s",
    (next) => expect(safeNext(next as string)).toBeNull(),
  );
});

describe("dash", () => {
  it("builds dashboard paths", () => {
    expect(dash()).toBe("/dashboard/");
    expect(dash("/account/login/")).toBe("/dashboard/account/login/");
  });
});

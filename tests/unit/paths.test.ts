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

import { signInUrl } from "~/lms/auth.server";
describe("spec 002 §8: profile failure → login page (query `login`, default /account/login) with next kept", () => {
  it("defaults to /account/login", () =>
    expect(signInUrl(new Request("http://x/dashboard/home/usage?days=7"))).toBe("/dashboard/account/login/?next=%2Fdashboard%2Fhome%2Fusage%3Fdays%3D7"));
  it("follows the login query to the sign-in page", () =>
    expect(signInUrl(new Request("http://x/dashboard/?login=/account/signin"))).toMatch(/^\/dashboard\/account\/signin\/\?next=/));
  it("never follows the login query elsewhere", () =>
    expect(signInUrl(new Request("http://x/dashboard/?login=https://evil.example"))).toMatch(/^\/dashboard\/account\/login\//));
});

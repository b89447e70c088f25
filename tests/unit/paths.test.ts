import { describe, expect, it } from "vitest";
import { asciiUrl, dash, safeNext } from "~/lms/paths";

describe("safeNext (spec 000 §5)", () => {
  it("adds a trailing slash before the query", () => {
    expect(safeNext("/dashboard/course?page=2")).toBe("/dashboard/course/?page=2");
    expect(safeNext("/dashboard/course/")).toBe("/dashboard/course/");
    expect(safeNext("/dashboard")).toBe("/dashboard/");
  });
  it.each([
    "/admin/x",
    "/saml/login/",
    "/login/saml/success",
    "/account/sso/validate",
    "/console",
    "/dashboard/error/403",
  ])("ignores %s", (next) => expect(safeNext(next)).toBeNull());
  it.each([
    "https://evil.example/",
    "//evil.example/x",
    "/\\evil.example",
    "javascript:alert(1)",
    "",
    null,
    "/x\u0000y",
  ])("never leaves the site: %s", (next) => expect(safeNext(next as string)).toBeNull());
  it("is ASCII whatever it is given (a Location header must be): non-Latin-1, Latin-1, lone surrogates", () => {
    expect(safeNext("/ก")).toBe("/%E0%B8%81/");
    expect(safeNext("/dashboard/é?q=ก b")).toBe("/dashboard/%C3%A9/?q=%E0%B8%81%20b");
    expect(safeNext("/x\ud800")).toBe("/x%EF%BF%BD/");
    expect(safeNext("/dashboard/%E0%B8%81")).toBe("/dashboard/%E0%B8%81/");
  });
  it.each(["/ad%6Din/", "/%2Fevil.example", "/x%00", "/x%5Cy", "/x\u007f"])(
    "checks the address as the browser will decode it too: %s",
    (next) => expect(safeNext(next)).toBeNull(),
  );
  it("takes malformed escapes without throwing", () =>
    expect(safeNext("/dashboard/%E0%A4%")).toBe("/dashboard/%E0%A4%/"));
});

describe("asciiUrl", () => {
  it("percent-encodes only what is not printable ASCII", () => {
    expect(asciiUrl("/dashboard/course/?search=a%20b&x=é")).toBe("/dashboard/course/?search=a%20b&x=%C3%A9");
    expect(asciiUrl("/a b\tc")).toBe("/a%20b%09c");
  });
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
    expect(signInUrl(new Request("http://x/dashboard/home/usage?days=7"))).toBe(
      "/dashboard/account/login/?next=%2Fdashboard%2Fhome%2Fusage%3Fdays%3D7",
    ));
  it("follows the login query to the sign-in page", () =>
    expect(signInUrl(new Request("http://x/dashboard/?login=/account/signin"))).toMatch(
      /^\/dashboard\/account\/signin\/\?next=/,
    ));
  it("never follows the login query elsewhere", () =>
    expect(signInUrl(new Request("http://x/dashboard/?login=https://evil.example"))).toMatch(
      /^\/dashboard\/account\/login\//,
    ));
});

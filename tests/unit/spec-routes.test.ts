import { describe, expect, it } from "vitest";
import { pageRoutes } from "../../app/registry/route-manifest.js";
import { aliasAt, aliasTarget } from "../../app/registry/aliases.js";
import { REGISTRY_TYPES } from "../../app/registry/types.js";

/**
 * Every address spec 000 gives the activity (§2.3), a class (§2.4) and the
 * media types (§2.9, with the /coniclex library repeating them) is a route of the manifest
 * (issue 33: activity 24/26, media 84/94, coniclex 89/99 answered before). Transcribed from the
 * spec with 1 for every id; an optional parameter is tried with and without a value.
 */
const ACTIVITY = [
  "",
  "/1",
  "/1/budget",
  "/1/budget/actual",
  "/1/budget/price",
  "/1/checklist",
  "/1/checklist/inspector",
  "/1/competency",
  "/1/ecertificate",
  "/1/enrollment",
  "/1/enrollment/prerequisite",
  "/1/gamification",
  "/1/information",
  "/1/permission",
  "/1/permission/admin",
  "/1/permission/1",
  "/1/permission/1/condition",
  "/1/checklist/1",
  "/1/checklist/1/slot/1/verify",
  "/1/checklist/1/slot/1/verify/1",
  "/1/overall/check-in",
  "/1/overall/check-in/1",
  "/1/overall/learner",
  "/1/overall/progress/1",
  "/1/overall/usage",
  "/1/overall/usage/1",
  "/1/overall/verify/1",
].map((p) => `/activity${p}`);

/** §2.4's classes (33/35 before: the session's own address and the numeric status; docs/decisions/077). */
const CLASS = [
  "",
  "/status",
  ...["0", "1", "2", "3", "ongoing", "upcoming", "past", "canceled"].map((v) => `/status/${v}`),
  "/1",
  "/1/budget",
  "/1/budget/actual",
  "/1/budget/price",
  "/1/checkin",
  "/1/checkin/1",
  "/1/curriculum",
  "/1/curriculum/create",
  "/1/curriculum/create-activity",
  "/1/curriculum/1",
  "/1/curriculum/1/edit",
  "/1/curriculum/1/live",
  "/1/curriculum/1/material",
  "/1/curriculum/1/survey",
  "/1/ecertificate",
  "/1/enrollment",
  "/1/enrollment/prerequisite",
  "/1/enrollment-old",
  "/1/gamification",
  "/1/information",
  "/1/material",
  "/1/permission",
  "/1/permission/admin",
  "/1/permission/1",
  "/1/permission/1/condition",
  "/1/schedule",
  "/1/survey",
  "/1/overall/check-in",
  "/1/overall/learner",
  "/1/overall/log",
  "/1/overall/progress",
  "/1/overall/report",
].map((p) => `/class${p}`);

/** §2.8's tests and test banks (test 21/24, testbank 8/9 before: docs/decisions/076); the verify page also at the item's own slot/…. */
const VERIFY = ["/slot/verify", "/slot/1/verify", "/slot/1/verify/1", "/slot/1/verify/1/all"];
const TEST = [
  "",
  "/1",
  "/1/competency",
  "/1/condition",
  "/1/enrollment",
  "/1/gamification",
  "/1/information",
  "/1/permission",
  "/1/setting",
  "/1/setting/prerequisite",
  "/1/setting/term",
  "/1/log",
  "/1/log/1",
  "/1/section",
  "/1/section/1",
  "/1/section/1/question",
  "/1/section/1/question/1",
  "/1/section/1/testbank/1",
  "/1/overall",
  "/1/overall/approval",
  "/1/overall/log",
  "/1/overall/section",
  "/1/overall/summary/1",
  "/1/overall/verify/1",
  ...VERIFY.flatMap((v) => [`/1/overall${v}`, `/1${v}`]),
].map((p) => `/test${p}`);
const TESTBANK = [
  "",
  "/1",
  "/1/log/1",
  "/1/question",
  "/1/question/1",
  "/1/overall",
  "/1/overall/information",
  "/1/overall/log",
  "/1/overall/permission",
  "/1/overall/usage",
  "/1/overall/usage/waiting",
].map((p) => `/testbank${p}`);

const MEDIA = ["article", "audio", "document", "external-video", "flash-card", "video"];
/** What §2.9 gives each media item, and what only some have. */
const EACH = [
  "",
  "/1",
  "/1/enrollment",
  "/1/gamification",
  "/1/overall/learner",
  "/1/overall/management",
  "/1/overall/management/condition",
  "/1/overall/management/publish",
  "/1/overall/progress",
  "/1/permission",
  "/1/permission/admin",
  "/1/permission/1",
  "/1/permission/1/condition",
];
const OWN: Record<string, string[]> = {
  audio: ["/1/overall/discussion", "/1/review"],
  video: ["/1/overall/discussion", "/1/review", "/1/index/overall/condition", "/1/index/overall/publish"],
  "flash-card": ["/create", "/1/summary", "/1/ugc", "/1/ugc/edit", "/1/ugc/list", "/1/ugc/view"],
};
const media = (base: string) => MEDIA.flatMap((m) => [...EACH, ...(OWN[m] ?? [])].map((p) => `${base}/${m}${p}`));

const patterns = pageRoutes().map((r) => ({
  url: r.url,
  re: new RegExp(
    `^${r.url
      .replace(/\/:\w+\?/g, "(?:/[^/]+)?")
      .replace(/:\w+/g, "[^/]+")
      .replace(/\*$/, ".*")}/?$`,
  ),
}));
/** The page routes an address is (the catch-all 404 page is none). */
const routesOf = (address: string) => patterns.filter((p) => p.re.test(address) && !p.url.endsWith("*"));

describe("spec 000's addresses", () => {
  const cases = {
    "activity (§2.3)": ACTIVITY,
    "classes (§2.4)": CLASS,
    "tests and test banks (§2.8)": [...TEST, ...TESTBANK],
    "media (§2.9)": media(""),
    "the content library (§2.9 /coniclex)": media("/coniclex"),
  };
  for (const [area, addresses] of Object.entries(cases)) {
    it(`${area}: every one is a route`, () => {
      const missing = addresses.map((a) => `/dashboard${a}`).filter((a) => routesOf(a).length === 0);
      expect(missing).toEqual([]);
    });
  }
});

describe("an address served under another path", () => {
  const type = (key: string) => REGISTRY_TYPES.find((t) => t.key === key)!;
  const lead = (key: string, rest: string, query = "") => {
    const found = aliasAt(type(key), rest.split("/"));
    return found && aliasTarget(found.alias, found.params, new URLSearchParams(query));
  };
  it("leads to the page that serves it", () => {
    expect(lead("video", "permission/3")).toBe("permission/3/condition");
    expect(lead("audio", "review")).toBe("information/review");
    expect(lead("flash_card", "ugc/view", "id=12")).toBe("ugc/12/view");
    expect(lead("flash_card", "ugc/edit", "id=12")).toBe("ugc/12/edit");
    expect(lead("flash_card", "ugc/view")).toBe("ugc/list");
    expect(lead("activity", "overall/check-in/5")).toBe("overall/checkin/5");
    expect(lead("activity", "overall/check-in")).toBe("overall/checkin");
    expect(lead("video", "information")).toBeNull();
    // A test's verify page, with and without its optional parts; a bank's overall pages (docs/decisions/076).
    expect(lead("test", "slot/verify")).toBe("overall/slot/verify");
    expect(lead("test", "slot/4/verify/9/all")).toBe("overall/slot/4/verify/9/all");
    expect(lead("testbank", "overall")).toBe("overall/information");
    expect(lead("class", "curriculum/7")).toBe("curriculum/7/edit");
  });
});

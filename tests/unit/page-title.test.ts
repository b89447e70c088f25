import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DICTIONARIES } from "../../contract/i18n/index";
import { titleParts } from "~/lms/page-title";
import { TITLE_SEPARATOR, titleText, type TitleMatch, type TitlePart } from "~/lms/title-text";
import { ROUTE_MANIFEST, ancestorsOf, pageRoutes } from "~/registry/route-manifest.js";
import { contentRoutes } from "~/registry/content-routes.js";
import { REGISTRY_TYPES } from "~/registry/types.js";
import { contentTitles } from "~/lms/content-titles.server";

/** A translator over the bundled dictionary of one language, as i18next would fill `{{x}}`. */
const tOf = (lang: "en" | "th") => (key: string, values?: Record<string, string>) =>
  (DICTIONARIES[lang][key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, k: string) => values?.[k] ?? "");

/** The content routes whose loaders carry titles (list, create, the item layout). */
const titled = new Set((contentRoutes(REGISTRY_TYPES) as { id: string }[]).map((r) => r.id));

/**
 * The matches of a manifest route, root first, as useMatches() gives them: data where given, and
 * a content route's titles as its loader gives them.
 */
const matchesOf = (
  id: string,
  data: Record<string, Record<string, unknown>> = {},
  params: Record<string, string> = {},
): TitleMatch[] => {
  const route = ROUTE_MANIFEST.find((r) => r.id === id)!;
  return [{ id: "root" }, ...[...ancestorsOf(route)].reverse(), route].map((r) => ({
    id: r.id,
    data: titled.has(r.id) ? { ...data[r.id], titles: contentTitles(r.id) } : data[r.id],
    params,
  }));
};

const keysOf = (parts: TitlePart[]) =>
  parts.flatMap((p) => ("key" in p ? [p.key, ...Object.values(p.values ?? {})] : []));
const renders = (module: string) => /export default function/.test(fs.readFileSync(path.join("app", module), "utf8"));

describe("page titles (docs/decisions/025)", () => {
  it("names the page, its item and its type, most specific first, one separator", () => {
    const m = matchesOf("course.tab.competency", { "course.detail": { item: { name: "Safety basics" } } });
    expect(titleText(titleParts(m), "LMS", tOf("en"))).toBe(
      ["Competency", "Safety basics", "Courses", "LMS"].join(TITLE_SEPARATOR),
    );
    expect(titleText(titleParts(m), "LMS", tOf("th"))).toBe(
      ["สมรรถนะ", "Safety basics", "หลักสูตร", "LMS"].join(TITLE_SEPARATOR),
    );
  });

  it("names a sub-page under its tab, and a list by its type", () => {
    const sub = matchesOf("course.tab.budget.price", { "course.detail": { item: { name: "X" } } });
    expect(titleText(titleParts(sub), "LMS", tOf("en"))).toBe("Price · Budget · X · Courses · LMS");
    expect(titleText(titleParts(matchesOf("activity.list")), "LMS", tOf("en"))).toBe("Activities · LMS");
    // The type's noun, one item (issue 33: the create page said "New Approval flows").
    expect(titleText(titleParts(matchesOf("course.create")), "LMS", tOf("en"))).toBe("New course · Courses · LMS");
    expect(titleText(titleParts(matchesOf("approval-flow.create")), "LMS", tOf("en"))).toBe(
      "New approval flow · Approval flows · LMS",
    );
    expect(titleText(titleParts(matchesOf("approval-flow.create")), "LMS", tOf("th"))).toBe(
      "สร้างลำดับการอนุมัติใหม่ · ลำดับการอนุมัติ · LMS",
    );
  });

  it("names error pages and one-off pages, and falls back to the application's title", () => {
    expect(titleText(titleParts(matchesOf("error", { error: { code: "server-maintenance" } })), "LMS", tOf("en"))).toBe(
      "Under maintenance · LMS",
    );
    expect(titleText(titleParts(matchesOf("account-signin")), "LMS", tOf("en"))).toBe("Sign in to the dashboard · LMS");
    expect(titleText(titleParts(matchesOf("home-usage")), "LMS", tOf("en"))).toBe("Usage monitoring · LMS");
    expect(titleText(titleParts(matchesOf("privacy-data", {}, { page: "consent" })), "LMS", tOf("en"))).toBe(
      "Data consent · LMS",
    );
    expect(
      titleText(
        titleParts(
          matchesOf("privacy-data", { "privacy-data": { doc: { topic: "Our notice" } } }, { page: "privacy-notice" }),
        ),
        "LMS",
        tOf("en"),
      ),
    ).toBe("Our notice · LMS");
    expect(titleText([], "LMS", tOf("en"))).toBe("LMS Dashboard · LMS");
  });

  it("gives every page of the manifest a title whose words both dictionaries have", () => {
    const untitled = ["bench-minimal"]; // the framework's bare page, measured as it is
    for (const route of pageRoutes()) {
      if (!renders(route.module) || untitled.includes(route.id)) continue;
      const parts = titleParts(matchesOf(route.id, { error: { code: "404" } }, { page: "terms" }));
      expect(parts.length, route.id).toBeGreaterThan(0);
      for (const key of keysOf(parts)) {
        expect(DICTIONARIES.en[key], `${route.id}: ${key}`).toBeTruthy();
        expect(DICTIONARIES.th[key], `${route.id}: ${key} (th)`).toBeTruthy();
      }
    }
  });
});

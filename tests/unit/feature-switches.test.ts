import { describe, expect, it } from "vitest";
import { CONFIG_DEFAULTS, switchesOn } from "../../contract/config";
import { FEATURES } from "../../contract/features.js";
import { CONTENT_TYPES } from "~/registry/content.js";
import { switchesAt, switchesOf } from "~/registry/features.js";
import { MENU } from "~/registry/menu.js";

/** Feature switches (spec 002 §6, docs/decisions/020): every name is a real on/off setting. */

type Entry = { id?: string; feature?: string | readonly string[]; children?: Entry[] };
const entries = (pages: Entry[]): Entry[] => pages.flatMap((p) => [p, ...entries(p.children ?? [])]);
const named = [
  ...Object.entries(FEATURES).map(([name, feature]) => [`FEATURES.${name}`, { feature }] as const),
  ...CONTENT_TYPES.flatMap((t) =>
    [t as Entry, ...entries(t.tabs), ...entries(t.overall)].map((e) => [`${t.key} ${e.id ?? "(type)"}`, e] as const),
  ),
  ...MENU.flatMap((m) => m.screens.map((s) => [`menu ${s.id}`, s as Entry] as const)),
];

describe("feature switches", () => {
  it("name only boolean settings of contract/config.ts (registry, menu and the API's FEATURES)", () => {
    for (const [where, entry] of named) {
      for (const key of switchesOf(entry)) {
        expect(Object.hasOwn(CONFIG_DEFAULTS, key), `${where}: ${key} is not a config key`).toBe(true);
        expect(
          typeof CONFIG_DEFAULTS[key as keyof typeof CONFIG_DEFAULTS].value,
          `${where}: ${key} is not a switch`,
        ).toBe("boolean");
      }
    }
  });

  it("are the API's names for the course's gamification, competency and price pages", () => {
    const course = CONTENT_TYPES.find((t) => t.key === "course")!;
    expect(switchesAt(course, ["gamification"])).toEqual(FEATURES.gamification);
    expect(switchesAt(course, ["competency"])).toEqual(FEATURES.competency);
    expect(switchesAt(course, ["budget", "price"])).toEqual(FEATURES.coursePrice);
    expect(switchesAt(course, ["budget"])).toEqual([]);
  });

  it("resolve a page's own, its parent's and its type's switches, rows' sub-pages and overall pages too", () => {
    const type = {
      feature: "t",
      tabs: [
        {
          id: "a",
          feature: ["a1", "a2"],
          children: [
            { id: "c", feature: "c" },
            { id: "r", param: "rid", feature: "r" },
          ],
        },
      ],
      overall: [{ id: "o", feature: "o", children: [{ id: "s", feature: "s" }] }],
    };
    expect(switchesAt(type, [])).toEqual(["t"]);
    expect(switchesAt(type, ["a", "c"])).toEqual(["t", "a1", "a2", "c"]);
    expect(switchesAt(type, ["a", "7", "r"])).toEqual(["t", "a1", "a2", "r"]);
    expect(switchesAt(type, ["overall", "o", "s"])).toEqual(["t", "o", "s"]);
    expect(switchesAt(type, ["unknown", "c"])).toEqual(["t"]);
  });

  it("are on only when every one is true; a setting the config lacks has its default", () => {
    expect(switchesOn({}, FEATURES.gamification)).toBe(true);
    expect(switchesOn({ "gamification-is-enabled": { value: false } }, FEATURES.gamification)).toBe(false);
    expect(switchesOn({ "pricing-is-enabled": { value: false } }, FEATURES.coursePrice)).toBe(false);
    expect(switchesOn({}, ["explore-mode-is-enabled"])).toBe(false);
    expect(switchesOn({}, ["not-a-setting"])).toBe(false);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTENT_FEATURES, curriculumPath, type ContentFeature } from "../../api/content/definition";
import { MOUNTED_DEFINITIONS as CONTENT_DEFINITIONS } from "../../api/content/library/definitions";
import { builtTabs, CONTENT_TYPES } from "../../app/registry/content.js";
import { cancelKindOf, contentFeatures } from "../../app/registry/content-features.js";
import { startTestApi, type Client, type TestApi } from "./harness";
import { checked } from "../checked-type";

/**
 * The dashboard's registry (app/registry/content.js) and the API's definitions
 * (api/content/types.ts) name the same content types; each definition's features, switches and
 * cancel kind are read from its registry entry (defineContent, issue 36), and every feature it
 * mounts answers under the type's items, the others do not (issue 13 §2).
 */

/** A tab of the type's own screens (routes/{type}.*), served by its definition's own routes, not an engine feature. */
const isOwn = (tab: { module?: string }) => !tab.module?.startsWith("routes/content.");

/** Each feature's first call under the item (GET answers 200 to an administrator while it exists). */
const PROBE: Record<ContentFeature, string> = {
  curriculum: "curriculum/",
  enrollment: "enrollment/",
  prerequisite: "enrollment/prerequisite/",
  permission: "permission/",
  competency: "competency/",
  budget: "budget/",
  ecertificate: "certificate/",
  gamification: "gamification/",
  survey: "survey/",
  sequence: "content/",
  overall: "overall/",
};

describe("one registry on each side", () => {
  it("every registry type has an API definition and the other way round", () => {
    expect(CONTENT_DEFINITIONS.map((d) => d.key).sort()).toEqual(CONTENT_TYPES.map((t) => t.key).sort());
  });

  it.each(checked(CONTENT_TYPES).map((t) => [t.key, t] as const))(
    "%s: the API mounts what its registry entry says",
    (key, type) => {
      const def = CONTENT_DEFINITIONS.find((d) => d.key === key)!;
      // Derived from the entry (defineContent), so equal by construction; a feature the API has no routes for would not be.
      expect(def.features).toEqual(contentFeatures(type));
      expect(def.cancelKind).toBe(cancelKindOf(type));
      expect(def.resource.schema, `${key}: the API validates with the registry's schema`).toBe(type.schema);
      expect(def.resource.path).toBe(type.api.replace(/^dashboard\//, "").replace(/\/$/, ""));
      // A cover image on its pages is an image column of its rows (a page showing an upload the API has no column for).
      expect(
        (def.resource.columns as readonly string[]).includes("image"),
        `${key}: the registry's cover and the API's image column`,
      ).toBe(type.cover !== false);
      for (const f of def.features) expect(CONTENT_FEATURES).toContain(f);
      // The view scopes the dashboard lets through (alsoFlags) are scopes the API narrows the rows by.
      for (const scope of type.viewScopes ?? [])
        expect(Object.keys(def.resource.scopes), `${key} view scope ${scope}`).toContain(scope);
      // A type's own tabs are its definition's own routes.
      if (builtTabs(type.tabs).some(isOwn)) expect(def.routes, `${key}: own tabs without own API routes`).toBeDefined();
    },
  );
});

describe("each mounted feature answers under its type's items", () => {
  let api: TestApi;
  let admin: Client;
  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.signedIn("admin");
  });
  afterAll(() => api.close());

  it.each(checked(CONTENT_DEFINITIONS).map((d) => [d.key, d] as const))("%s", async (_key, def) => {
    const list = await admin.get(`/api/dashboard/${def.resource.path}/?page_size=1`);
    expect(list.status).toBe(200);
    const id = (list.body.results as { id: number }[])[0]?.id;
    expect(id, `a seeded ${def.key}`).toBeDefined();
    for (const feature of CONTENT_FEATURES) {
      // The curriculum answers where the type mounts it (a class's at material/, docs/decisions/045).
      const probe = feature === "curriculum" ? `${curriculumPath(def)}/` : PROBE[feature];
      const res = await admin.get(`/api/dashboard/${def.resource.path}/${id}/${probe}`);
      expect(res.status, `${def.key} ${feature}`).toBe(def.features.includes(feature) ? 200 : 404);
    }
    // Each own tab's first call, its `api` (a class's curriculum lists its sessions) or {tab}/, answers too.
    const type = CONTENT_TYPES.find((t) => t.key === def.key)!;
    for (const tab of builtTabs(type.tabs).filter(isOwn)) {
      expect(
        (await admin.get(`/api/dashboard/${def.resource.path}/${id}/${tab.api ?? `${tab.id}/`}`)).status,
        `${def.key} ${tab.id}`,
      ).toBe(200);
    }
  });
});

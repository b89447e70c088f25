import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedRulesFromRegistry } from "../../api/db/seed-access";
import { CONTENT_DEFINITIONS } from "../../api/content/types";
import { contentTypeId } from "../../api/content/ref";
import { startTestApi, type TestApi } from "./harness";

/**
 * The seed gives every content type that mounts permission rules at least one rule (issue 36):
 * a type's own seed may, and seedRulesFromRegistry adds one to a type whose seed made none, so a
 * type just added has a rule page to open without an edit to the seed.
 */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const rulesOf = async (code: string) =>
  (
    await api.db
      .selectFrom("content_permission")
      .select("content_id")
      .where("content_type_id", "=", await contentTypeId(api.db, code))
      .execute()
  ).map((r) => r.content_id);

describe("seeded permission rules", () => {
  const withRules = CONTENT_DEFINITIONS.filter((d) => d.features.includes("permission"));

  it.each(withRules.map((d) => [d.key, d.resource.contentType] as const))("%s has one", async (_key, code) => {
    expect((await rulesOf(code)).length).toBeGreaterThan(0);
  });

  it("a type whose seed made none gets one on its first item; one that has some gets no more", async () => {
    const test = await contentTypeId(api.db, "test");
    await api.db.deleteFrom("content_permission").where("content_type_id", "=", test).execute();
    const courseRules = (await rulesOf("course")).length;
    await api.db.transaction().execute((trx) => seedRulesFromRegistry(trx, api.clock.now));
    const first = await api.db.selectFrom("test").select("id").orderBy("id").executeTakeFirstOrThrow();
    expect(await rulesOf("test")).toEqual([first.id]);
    expect((await rulesOf("course")).length).toBe(courseRules);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConfigKey } from "../../contract/config";
import { FEATURES } from "../../contract/features.js";
import { startTestApi, type Client, type TestApi } from "./harness";

/**
 * Config switches decide which calls exist (spec 002 §6, docs/decisions/020): with a feature's
 * switch off, its calls answer the contract's 404 and write nothing; on again, they answer.
 */

let api: TestApi;
let admin: Client;
let id: number;
beforeAll(async () => {
  api = await startTestApi();
  admin = api.client();
  await admin.login("admin");
  id = (await api.db.selectFrom("course").select("id").where("code", "=", "CRS-0150").executeTakeFirstOrThrow()).id;
});
afterAll(() => api.close());

const C = "/api/dashboard/course";
const setSwitches = (keys: readonly ConfigKey[], on: boolean) =>
  api.db
    .updateTable("config")
    .set({ value: JSON.stringify(on) })
    .where("key", "in", [...keys])
    .execute();
const rows = async (table: "content_gamification" | "content_competency") =>
  Number(
    (
      await api.db
        .selectFrom(`${table} as t` as "content_gamification as t")
        .innerJoin("content_type as ct", "ct.id", "t.content_type_id")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("ct.code", "=", "course")
        .where("t.content_id", "=", id)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Every call of each switched feature: reads, and a write that would succeed when on. */
const features = () => [
  {
    keys: FEATURES.gamification,
    reads: [`${C}/${id}/gamification/`, "/api/dashboard/filter/achievement/", "/api/dashboard/filter/challenge/"],
    write: () => admin.post(`${C}/${id}/gamification/`, { name: "Switch test", point: 10 }),
    table: "content_gamification" as const,
  },
  {
    keys: FEATURES.competency,
    reads: [`${C}/${id}/competency/`, "/api/dashboard/filter/competency/"],
    write: async () => {
      const competency = (await admin.get("/api/dashboard/filter/competency/")).body?.results?.[0]?.id ?? 1;
      return admin.post(`${C}/${id}/competency/`, { competency, level: 1 });
    },
    table: "content_competency" as const,
  },
];

describe("feature switches", () => {
  it("gamification and competency off: their calls answer 404 and write nothing; on: 200 again", async () => {
    for (const f of features()) {
      try {
        await setSwitches(f.keys, false);
        for (const url of f.reads) {
          const res = await admin.get(url);
          expect([url, res.status, res.body]).toEqual([url, 404, { detail: "not_found" }]);
        }
        const before = await rows(f.table);
        expect((await f.write()).status).toBe(404);
        expect(await rows(f.table)).toBe(before);
        // The calls of the other features are untouched.
        expect((await admin.get(`${C}/${id}/survey/`)).status).toBe(200);
      } finally {
        await setSwitches(f.keys, true);
      }
      for (const url of f.reads) expect([url, (await admin.get(url)).status]).toEqual([url, 200]);
      expect((await f.write()).status).toBe(201);
    }
  });

  it("the course price needs both pricing and course price; the budget planning needs neither", async () => {
    for (const key of FEATURES.coursePrice) {
      try {
        await setSwitches([key], false);
        expect((await admin.get(`${C}/${id}/budget/price/`)).status).toBe(404);
        expect((await admin.patch(`${C}/${id}/budget/price/`, { price: 10 })).status).toBe(404);
        expect((await admin.get(`${C}/${id}/budget/`)).status).toBe(200);
      } finally {
        await setSwitches([key], true);
      }
    }
    expect((await admin.patch(`${C}/${id}/budget/price/`, { price: 10 })).status).toBe(200);
  });

  it("refuses an anonymous caller with 404 too while off (the call does not exist)", async () => {
    try {
      await setSwitches(FEATURES.gamification, false);
      expect((await api.client().get(`${C}/${id}/gamification/`)).status).toBe(404);
    } finally {
      await setSwitches(FEATURES.gamification, true);
    }
    expect((await api.client().get(`${C}/${id}/gamification/`)).status).toBe(401);
  });
});

import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./harness";
import { changedTables, writeFingerprint } from "./route-kit";

/**
 * The write fingerprint the route walks rely on (no-5xx, permission-first, empty-update) must see
 * what it claims to, or their "refused, and wrote nothing" would pass whatever was written.
 */
let api: TestApi;
let fingerprint: () => Promise<string>;
beforeAll(async () => {
  api = await startTestApi();
  fingerprint = await writeFingerprint(api);
});
afterAll(async () => {
  await api?.close();
});

/** The tables written by `write`, as the fingerprint tells them. */
async function written(write: () => Promise<unknown>) {
  const before = await fingerprint();
  await write();
  return changedTables(before, await fingerprint());
}

it("sees an insert, an update of any column and a delete, and names the table", async () => {
  const course = await api.db.selectFrom("course").select(["id", "name"]).orderBy("id").executeTakeFirstOrThrow();
  // An update that stamps no update time (the row counts and largest ids it replaced missed these).
  expect(
    await written(() =>
      api.db
        .updateTable("course")
        .set({ name: `${course.name}.` })
        .where("id", "=", course.id)
        .execute(),
    ),
  ).toEqual(["course"]);
  const tag = await api.db
    .insertInto("tag")
    .values({ name: "fingerprinted", type: "GENERAL" })
    .returning("id")
    .executeTakeFirstOrThrow();
  expect(await written(() => api.db.insertInto("tag").values({ name: "again", type: "GENERAL" }).execute())).toEqual([
    "tag",
  ]);
  expect(await written(() => api.db.deleteFrom("tag").where("id", "=", tag.id).execute())).toEqual(["tag"]);
});

it("sees nothing of a rolled-back write, a delete of no row, or a session's own stamp", async () => {
  // Started inside the reading, so its rejection is handled as it happens.
  const rollback = () =>
    api.db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("tag").values({ name: "undone", type: "GENERAL" }).execute();
        throw new Error("undo");
      })
      .catch(() => undefined);
  expect(await written(rollback)).toEqual([]);
  expect(await written(() => api.db.deleteFrom("tag").where("id", "=", -1).execute())).toEqual([]);
  const stamp = () =>
    api.db
      .updateTable("account")
      .set({ last_active: new Date().toISOString() })
      .where("username", "=", "admin")
      .execute();
  expect(await written(stamp)).toEqual([]);
});

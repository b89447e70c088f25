import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { prepareDatabase, type DemoSeeding } from "../../api/boot";
import { readEnv } from "../../api/env";
import { loadSecret } from "../../api/server";
import type { Db } from "../../api/db/index";
import { CONFIG_DEFAULTS } from "../../contract/config";
import { DEMO_PASSWORD, freshDatabase } from "./harness";

/**
 * One start-up story for N processes (issue 35 §1, docs/decisions/093): an API's start migrates
 * and refreshes reference data one process at a time; the demo organisation goes only into a new
 * embedded database by a start, or anywhere by `npm run seed`, never into a database in use; the
 * session-signing secret can come from the environment.
 */
const quiet = () => {};
const opened: { db: Db }[] = [];
const drops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.db.destroy();
  for (const d of drops.splice(0)) await d();
});

async function empty() {
  const fresh = await freshDatabase();
  drops.push(fresh.drop);
  return fresh;
}

/** An API's start (or `npm run migrate`/`seed`) on that database, as its process would run it. */
async function boot(env: Record<string, string>, demo: DemoSeeding) {
  const started = await prepareDatabase(readEnv({ ...env, DEMO_PASSWORD }), quiet, demo);
  opened.push(started);
  return started.db;
}

const count = async (db: Db, table: "account" | "config") =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const admins = async (db: Db) =>
  (await db.selectFrom("account").select("id").where("username", "=", "admin").execute()).length;

describe("an API's start", () => {
  it("on a new embedded database seeds the demo; on PostgreSQL never (npm run seed does)", async () => {
    const { db, dialect, env } = await empty();
    await boot(env, "fresh-embedded");
    expect(await admins(db)).toBe(dialect === "sqlite" ? 1 : 0);
    expect(await count(db, "config")).toBeGreaterThanOrEqual(Object.keys(CONFIG_DEFAULTS).length);
    await boot(env, "explicit");
    expect(await admins(db)).toBe(1);
  });

  it("on a database in use adds no demo, whatever its dialect: its accounts are an organisation's", async () => {
    const { db, env } = await empty();
    await boot(env, "never");
    expect(await count(db, "account")).toBe(0);
    await db
      .insertInto("account")
      .values({
        username: "ops",
        email: "ops@example.test",
        password_hash: "x",
        first_name: "Ops",
        last_name: "Team",
        language: "en",
        department_id: null,
        position_id: null,
        level_id: null,
        is_active: 1,
        is_superuser: 1,
        is_system_user: 0,
        is_dashboard_permission: 1,
        is_store_permission: 0,
        is_verified_email: 1,
        failed_login_count: 0,
        datetime_create: new Date().toISOString(),
      })
      .execute();
    await boot(env, "fresh-embedded");
    expect(await count(db, "account")).toBe(1);
    expect(await admins(db)).toBe(0);
  });

  it.runIf(!!process.env.TEST_DATABASE_URL)(
    "two processes starting together on an empty PostgreSQL both come up, with one set of reference data and one demo",
    async () => {
      const { db, env } = await empty();
      const boots = await Promise.allSettled([
        boot(env, "explicit"),
        boot(env, "explicit"),
        boot(env, "fresh-embedded"),
      ]);
      expect(boots.map((b) => b.status)).toEqual(["fulfilled", "fulfilled", "fulfilled"]);
      expect(await admins(db)).toBe(1);
      expect(await count(db, "config")).toBe(Object.keys(CONFIG_DEFAULTS).length);
    },
  );
});

describe("the session-signing secret", () => {
  it("is LMS_SECRET_KEY when set, so processes without a shared DATA_DIR sign alike; otherwise DATA_DIR's file", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lms-secret-"));
    try {
      expect(loadSecret(dir, { LMS_SECRET_KEY: "from-the-environment" })).toBe("from-the-environment");
      expect(fs.existsSync(path.join(dir, "secret.key"))).toBe(false);
      const generated = loadSecret(dir, {});
      expect(generated.length).toBeGreaterThanOrEqual(32);
      expect(loadSecret(dir, {})).toBe(generated);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

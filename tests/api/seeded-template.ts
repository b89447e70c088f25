import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createDb } from "../../api/db/index";
import { migrateToLatest } from "../../api/db/migrate";
import { seedDemo, seedReference } from "../../api/db/seed";

/**
 * Vitest global setup: the migrated and seeded database every API test file starts from, built
 * once per run instead of once per file (on PostgreSQL the migrations and the demo seed take ~8 s,
 * on SQLite ~2 s; a hundred files paid that each). Each file still gets a database of its own: a
 * copy of this one (tests/api/harness.ts `seededDatabase`), a file copy on SQLite, `CREATE
 * DATABASE … TEMPLATE` on PostgreSQL. The seed is deterministic (a fixed clock and password), so a
 * copy is what a fresh seed would be.
 */
export const SEED_CLOCK = new Date("2026-06-01T08:00:00.000Z");
export const DEMO_PASSWORD = "Demo-Pass1!";

declare module "vitest" {
  export interface ProvidedContext {
    /** The seeded template: a SQLite file's path, or a PostgreSQL database's name. */
    seededTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const name = `lms_tpl_${crypto.randomBytes(6).toString("hex")}`;
    await adminQuery(admin, `create database ${name}`);
    const { db } = createDb({ databaseUrl: withDatabase(admin, name) });
    await seed(db, "postgres");
    project.provide("seededTemplate", name);
    return () => adminQuery(admin, `drop database if exists ${name} with (force)`);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lms-api-template-"));
  const file = path.join(dir, "lms.sqlite");
  const { db } = createDb({ sqliteFile: file });
  await seed(db, "sqlite");
  project.provide("seededTemplate", file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

async function seed(db: ReturnType<typeof createDb>["db"], dialect: "sqlite" | "postgres") {
  await migrateToLatest(db, dialect);
  await seedReference(db, SEED_CLOCK);
  await seedDemo(db, SEED_CLOCK, DEMO_PASSWORD);
  // Closed, so SQLite folds its WAL into the file and PostgreSQL lets copies be made of it.
  await db.destroy();
}

export function withDatabase(admin: string, name: string) {
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(admin: string, sql: string) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

import crypto from "node:crypto";
import path from "node:path";
import { readEnv, type Env } from "./env";
import { createDb, type Db } from "./db/index";
import { withBootLock } from "./db/boot-lock";
import { migrateToLatest } from "./db/migrate";
import { DEMO_ACCOUNTS, hasAccounts, hasDemo, seedDemo, seedReference } from "./db/seed";
import { seedMediaFiles } from "./db/seed-media";
import { seedScormPackage } from "./db/seed-scorm";

/**
 * When the demo organisation is seeded (docs/decisions/093): `explicit` by `npm run seed`, into
 * whatever database; `fresh-embedded` by an API's start on the embedded default (SQLite in
 * DATA_DIR, no DATABASE_URL) only while the database has no account at all, so `npm ci && npm
 * start` shows a working product (and a start after one killed mid-seed still does: the seed is
 * one transaction) while a database in use — a production one — never gets it by a start;
 * `never`: `npm run migrate`.
 */
export type DemoSeeding = "explicit" | "fresh-embedded" | "never";

/**
 * Open the database named by the environment, migrate it (Kysely's migrator locks against a
 * racing process), then, one process at a time (withBootLock), refresh reference data and seed
 * the demo when `demo` says so.
 */
export async function prepareDatabase(
  env: Env = readEnv(),
  log: (line: string) => void = console.log,
  demo: DemoSeeding = "fresh-embedded",
) {
  const { db, dialect } = createDb({ databaseUrl: env.DATABASE_URL, sqliteFile: path.join(env.dataDir, "lms.sqlite") });
  const applied = await migrateToLatest(db, dialect);
  if (applied.length) log(`[api] migrations applied: ${applied.join(", ")}`);
  await withBootLock(db, dialect, async () => {
    const now = new Date();
    await seedReference(db, now);
    const wanted =
      demo === "explicit"
        ? !(await hasDemo(db))
        : demo === "fresh-embedded" && !env.DATABASE_URL && !(await hasAccounts(db));
    if (wanted) await seedDemoOrganisation(db, env, now, log);
  });
  return { db, dialect };
}

async function seedDemoOrganisation(db: Db, env: Env, now: Date, log: (line: string) => void) {
  const generated = !env.DEMO_PASSWORD;
  const password = env.DEMO_PASSWORD ?? generatedPassword();
  await seedDemo(db, now, password);
  // The demo's media files, made now and stored like uploads (api/db/seed-media.ts; without ffmpeg: no audio/video file).
  await seedMediaFiles(
    {
      db,
      now: () => new Date(),
      secret: "",
      mediaDir: path.join(env.dataDir, "media"),
      uploadDir: path.join(env.dataDir, "uploads"),
    },
    log,
  );
  // The demo's SCORM package, stored as uploaded ones are so its preview launches (docs/decisions/084).
  await seedScormPackage(db, path.join(env.dataDir, "media"), log);
  log("[api] demo organisation seeded. Sign in with:");
  for (const a of DEMO_ACCOUNTS) log(`[api]   ${a.username.padEnd(11)} ${a.role}`);
  log(
    `[api]   password: ${password}${generated ? "   (generated: shown this once; set DEMO_PASSWORD to choose it)" : ""}`,
  );
}

/** Meets the default password rule: upper, lower, number and symbol, 16 characters. */
function generatedPassword() {
  return `Demo-${crypto.randomBytes(6).toString("base64url").replace(/[-_]/g, "x")}9a`;
}

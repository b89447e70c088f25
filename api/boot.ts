import crypto from "node:crypto";
import path from "node:path";
import { readEnv, type Env } from "./env";
import { createDb } from "./db/index";
import { migrateToLatest } from "./db/migrate";
import { DEMO_ACCOUNTS, hasDemo, seedDemo, seedReference } from "./db/seed";
import { seedMediaFiles } from "./db/seed-media";
import { seedScormPackage } from "./db/seed-scorm";

/** Open the database named by the environment, migrate it, refresh reference data, seed the demo once. */
export async function prepareDatabase(env: Env = readEnv(), log: (line: string) => void = console.log) {
  const { db, dialect } = createDb({ databaseUrl: env.DATABASE_URL, sqliteFile: path.join(env.dataDir, "lms.sqlite") });
  const applied = await migrateToLatest(db, dialect);
  if (applied.length) log(`[api] migrations applied: ${applied.join(", ")}`);
  const now = new Date();
  await seedReference(db, now);
  if (!(await hasDemo(db))) {
    const generated = !env.DEMO_PASSWORD;
    const password = env.DEMO_PASSWORD ?? generatedPassword();
    await seedDemo(db, now, password);
    // The demo's media files, made now and stored like uploads (api/db/seed-media.ts; without ffmpeg: no audio/video file).
    await seedMediaFiles({ db, now: () => new Date(), secret: "", mediaDir: path.join(env.dataDir, "media"), uploadDir: path.join(env.dataDir, "uploads") }, log);
    // The demo's SCORM package, stored as uploaded ones are so its preview launches (docs/decisions/084).
    await seedScormPackage(db, path.join(env.dataDir, "media"), log);
    log("[api] demo organisation seeded. Sign in with:");
    for (const a of DEMO_ACCOUNTS) log(`[api]   ${a.username.padEnd(11)} ${a.role}`);
    log(`[api]   password: ${password}${generated ? "   (generated: shown this once; set DEMO_PASSWORD to choose it)" : ""}`);
  }
  return { db, dialect };
}

/** Meets the default password rule: upper, lower, number and symbol, 16 characters. */
function generatedPassword() {
  return `Demo-${crypto.randomBytes(6).toString("base64url").replace(/[-_]/g, "x")}9a`;
}

import path from "node:path";
import { readEnv } from "./env";
import { prepareDatabase } from "./boot";
import { buildApi, loadSecret } from "./server";
import { drainApi, DRAIN_DELAY_MS } from "./system/health";
import { sendMailer } from "./mail";
import { relaySecret } from "../contract/secret-file.server";

/** Process entry of the embedded LMS API. */
const env = readEnv();
const { db } = await prepareDatabase(env);
const app = await buildApi(
  {
    db,
    now: () => new Date(),
    secret: loadSecret(env.dataDir),
    mediaDir: path.join(env.dataDir, "media"),
    uploadDir: path.join(env.dataDir, "uploads"),
    sendMail: sendMailer(env.SMTP_URL),
  },
  {
    logger: { level: process.env.LOG_LEVEL ?? "warn" },
    relaySecret: relaySecret(env.dataDir),
    sessionMaxAgeMs: env.SESSION_MAX_AGE_HOURS * 3600_000,
    loginLimits: { perAccountPerMinute: env.LOGIN_LIMIT_PER_ACCOUNT, perAddressPerMinute: env.LOGIN_LIMIT_PER_ADDRESS },
  },
);
await app.listen({ host: env.HOST, port: env.API_PORT });
console.log(`[api] LMS API listening on http://${env.HOST}:${env.API_PORT}/api/`);
// Drain, then stop: readiness fails at once, liveness stays 200 until exit (decision 091).
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await drainApi(app, DRAIN_DELAY_MS);
    await db.destroy();
    process.exit(0);
  });
}

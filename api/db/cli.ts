import { prepareDatabase } from "../boot";
import { readEnv } from "../env";

/**
 * `npm run migrate`: migrate the database named by the environment and refresh its reference
 * data, nothing else — the one step before starting N processes of a new version (README
 * "Running several processes"). `npm run seed`: the same, then the demo organisation when the
 * database has none, whatever database it is (docs/decisions/093).
 */
const command = process.argv[2];
if (command !== "migrate" && command !== "seed") throw new Error("usage: tsx api/db/cli.ts migrate|seed");
const { db } = await prepareDatabase(readEnv(), console.log, command === "seed" ? "explicit" : "never");
await db.destroy();

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * A secret kept in a file of DATA_DIR, made on first use (random, mode 0600, never committed).
 * `wx` makes the first of two processes starting together the one that writes it; the other
 * reads what it wrote.
 */
export function secretFromFile(dataDir: string, name: string): string {
  const file = path.join(path.resolve(dataDir), name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, crypto.randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
  }
  // The other process may be between creating and writing the file: wait for its content.
  for (let i = 0; i < 50; i++) {
    const value = fs.readFileSync(file, "utf8").trim();
    if (value) return value;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  }
  throw new Error(`${file} is empty`);
}

/** The relay secret the dashboard and the embedded API share (see RELAY_HEADER in contract/http). */
export const relaySecret = (dataDir = process.env.DATA_DIR ?? "./data") =>
  process.env.LMS_RELAY_SECRET || secretFromFile(dataDir, "relay.key");

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The dashboard's own signing secret (CSRF cookie): DASHBOARD_SECRET if set (several dashboard
 * processes behind a balancer must share it), else generated into DATA_DIR on first start.
 */
function loadSecret(): string {
  if (process.env.DASHBOARD_SECRET) return process.env.DASHBOARD_SECRET;
  const dir = path.resolve(process.env.DATA_DIR ?? "./data");
  const file = path.join(dir, "dashboard-secret.key");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
  }
  return fs.readFileSync(file, "utf8").trim();
}

export const DASHBOARD_SECRET = loadSecret();
export const IS_PRODUCTION = process.env.NODE_ENV === "production";

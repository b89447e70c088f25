import { relaySecret, secretFromFile } from "../../contract/secret-file.server";

/**
 * The dashboard's own signing secret (CSRF cookie): DASHBOARD_SECRET if set (several dashboard
 * processes behind a balancer must share it), else generated into DATA_DIR on first start.
 */
export const DASHBOARD_SECRET =
  process.env.DASHBOARD_SECRET || secretFromFile(process.env.DATA_DIR ?? "./data", "dashboard-secret.key");
/** Sent to the API with every call so that it believes the client address we derived. */
export const RELAY_SECRET = relaySecret();
export const IS_PRODUCTION = process.env.NODE_ENV === "production";

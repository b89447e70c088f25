import path from "node:path";
import { z } from "zod/v4";

/** Configuration by environment (README "Configuration"), validated once at start. */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().positive().default(3000),
  API_PORT: z.coerce.number().int().positive().default(8000),
  HOST: z.string().default("127.0.0.1"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  LMS_API_URL: z.string().optional(),
  DEMO_PASSWORD: z.string().optional(),
  /**
   * Reverse proxies in front of the dashboard whose X-Forwarded-* it believes (addresses or
   * subnets, comma-separated); none by default. The API believes only the dashboard (its relay secret).
   */
  TRUST_PROXY: z.string().default(""),
  /** Hours a session lives at most, however active (besides the 15-minute idle expiry). */
  SESSION_MAX_AGE_HOURS: z.coerce.number().positive().default(12),
  /** Sign-in attempts a minute, per account and per address (on top of the account lock). */
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  LOGIN_LIMIT_PER_ADDRESS: z.coerce.number().int().positive().default(60),
  SMTP_URL: z.string().optional(),
  /**
   * S3-compatible object storage for uploads (docs/decisions/068): with S3_BUCKET set, uploaded
   * files live there instead of DATA_DIR/uploads, so several API processes share them.
   */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /**
   * The dashboard's address as browsers reach it (README): the dashboard prints it on class QR
   * codes, and the API's import socket accepts a browser's Origin only from it or its own host.
   */
  PUBLIC_ORIGIN: z.string().optional(),
  NODE_ENV: z.string().default("development"),
});
export type Env = z.infer<typeof EnvSchema> & { dataDir: string };

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const env = EnvSchema.parse(source);
  return { ...env, dataDir: path.resolve(env.DATA_DIR) };
}

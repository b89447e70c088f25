import type { Selectable } from "kysely";
import type { Db } from "../db/index";
import type { Database } from "../db/schema";

/** An account as read from the table (generated and defaulted columns as their values). */
export type AccountRow = Selectable<Database["account"]>;

/** What every route handler may reach: the database, the clock, the secrets. */
export type ApiContext = {
  db: Db;
  now: () => Date;
  secret: string;
  /** Where uploaded media live (DATA_DIR/media); served under /api/media/. */
  mediaDir: string;
  /** Where uploaded files live when no object storage is set (DATA_DIR/uploads; default mediaDir/.uploads). */
  uploadDir?: string;
  /** Sends an outbox row by SMTP when configured; resolves false when not. */
  sendMail?: (to: string, subject: string, body: string) => Promise<boolean>;
};

declare module "fastify" {
  interface FastifyRequest {
    account: AccountRow | null;
    sessionKeyHash: string | null;
    sessionExpired: boolean;
    /** Set while an administrator acts as `account` (docs/decisions/033): the log row and the administrator. */
    loginAs: { id: number; administrator: AccountRow; datetime_expire: string } | null;
  }
}

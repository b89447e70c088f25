import type { Kysely, Migration } from "kysely";

/**
 * Sign-in failures per identifier (the username or email typed, lower-cased, whether or not an
 * account has it) and scope: a client address, or "*" for every address together
 * (docs/decisions/019). Keyed by what was typed, not by the account, so that an unknown name and a
 * real one behave the same to an outsider. A success clears the identifier's rows of that
 * address, a password reset all of them.
 */
export const loginGuard: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("login_guard")
      .addColumn("identifier", "text", (c) => c.notNull())
      .addColumn("scope", "text", (c) => c.notNull())
      .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("datetime_last_failure", "text", (c) => c.notNull())
      .addColumn("datetime_locked", "text")
      .addPrimaryKeyConstraint("login_guard_pk", ["identifier", "scope"])
      .execute();
    // "Has this address signed in to this identifier before?" is asked on every throttled attempt.
    await db.schema
      .createIndex("login_attempt_known_idx")
      .on("login_attempt")
      .columns(["username", "ip", "is_success"])
      .execute();
  },
};

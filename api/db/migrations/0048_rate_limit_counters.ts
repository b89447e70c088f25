import type { Kysely, Migration } from "kysely";

/**
 * Rate-limit counters in the database (issue 35 item 2, docs/decisions/090): one row per limited
 * key (a limiter's name and what it counts by: an address, a username), its window and the hits in
 * it. Counted with one upsert per request, so every API process over this database enforces one
 * limit; a window that ended is started afresh by the next hit, and rows of ended windows are
 * deleted now and then (`rate_limit_counter_expire_idx` finds them).
 */
export const rateLimitCounters: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("rate_limit_counter")
      .addColumn("key", "text", (c) => c.primaryKey())
      .addColumn("datetime_start", "text", (c) => c.notNull())
      .addColumn("datetime_expire", "text", (c) => c.notNull())
      .addColumn("hits", "integer", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("rate_limit_counter_expire_idx")
      .on("rate_limit_counter")
      .column("datetime_expire")
      .execute();
  },
};

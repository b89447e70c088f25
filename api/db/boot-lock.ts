import { sql } from "kysely";
import type { Db, Dialect } from "./index";

/**
 * The key of the PostgreSQL advisory lock that start-up work (reference data, the demo) holds: a
 * pair of 32-bit numbers no other code locks, "lms" and "boot" in ASCII.
 */
const BOOT_LOCK = [0x6c6d73, 0x626f6f74] as const;

/**
 * Runs `work` while no other process runs its own start-up work on the same database: two APIs
 * started together on an empty PostgreSQL both refreshed reference data and seeded the demo, and
 * one crashed on a duplicate key (issue 35). The lock is a session advisory lock held on one
 * connection of the pool while `work` uses the others; it goes when the work ends or the process
 * dies. Migrations need none of this: Kysely's migrator takes its own lock. SQLite: one API
 * process per data directory (README "Running several processes"), so nothing to wait for.
 */
export async function withBootLock<T>(db: Db, dialect: Dialect, work: () => Promise<T>): Promise<T> {
  if (dialect !== "postgres") return work();
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${BOOT_LOCK[0]}, ${BOOT_LOCK[1]})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${BOOT_LOCK[0]}, ${BOOT_LOCK[1]})`.execute(conn);
    }
  });
}

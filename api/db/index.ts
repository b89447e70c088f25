import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase } from "kysely";
import { LRUCache } from "lru-cache";
import type { Database } from "./schema";

export type Db = Kysely<Database>;
export type Dialect = "sqlite" | "postgres";

/**
 * One Kysely instance for either dialect: `postgres://…` → PostgreSQL, anything else → a SQLite
 * file (WAL, foreign keys on). The rest of the API never asks which one it got, except migrations.
 */
export function createDb(opts: { databaseUrl?: string; sqliteFile?: string }): { db: Db; dialect: Dialect } {
  const url = opts.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) {
    // Keep int8 (COUNT) as numbers: counts stay far below 2^53.
    pg.types.setTypeParser(20, (v) => Number(v));
    // JIT off: the audience conditions (api/auth/conditions.ts) are large correlated queries whose
    // cost estimate crosses jit_above_cost; compiling them took 2.5 s for a 30 ms execution. The
    // API's queries are short OLTP ones, which JIT never speeds up.
    const pool = new pg.Pool({ connectionString: url, max: 10, options: "-c jit=off" });
    // An idle pooled connection that the server ends (a restart, a failover, an administrator's
    // pg_terminate_backend) makes the pool emit 'error'; with no listener Node ends the whole API
    // process. The pool drops that client and opens a new one on the next query, so it is noted only.
    pool.on("error", (error) => process.stderr.write(`database: an idle connection ended: ${error.message}\n`));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: "postgres" };
  }
  const file = opts.sqliteFile ?? ":memory:";
  if (file !== ":memory:") fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // FULL: a write the API has acknowledged survives a power cut (in WAL mode NORMAL may lose the
  // last commits). Its cost per commit is measured by `npm run bench` (bench/sqlite-sync.ts).
  sqlite.pragma("synchronous = FULL");
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }) }),
    dialect: "sqlite",
  };
}

/**
 * Kysely asks better-sqlite3 to prepare every query it runs, and SQLite compiles the SQL each
 * time: a seventh of the API's CPU on the course list call (docs/decisions/016). The same SQL text
 * gets the same compiled statement back, the last 500 kept. Safe because Kysely runs one query at a
 * time on its one SQLite connection and binds the parameters afresh on every call; a statement
 * outlives a schema change (SQLite recompiles it itself).
 */
function reusingStatements(sqlite: SQLite.Database, max = 500): SqliteDatabase {
  const statements = new LRUCache<string, SQLite.Statement>({ max });
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) statements.set(sql, (statement = sqlite.prepare(sql)));
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

/** Booleans live as 0/1 in both dialects. */
export const toFlag = (b: boolean | null | undefined): number => (b ? 1 : 0);
export const fromFlag = (n: number | null | undefined): boolean => n === 1 || (n as unknown) === true;
export const nowIso = (d: Date): string => d.toISOString();

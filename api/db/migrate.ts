import { Migrator, type Migration, type MigrationProvider } from "kysely";
import type { Db, Dialect } from "./index";
import { foundation } from "./migrations/0001_foundation";
import { ssoToken } from "./migrations/0002_sso_token";
import { course } from "./migrations/0003_course";

/** Versioned migrations, in order. A new one is appended here, never edited once released. */
function migrations(dialect: Dialect): Record<string, Migration> {
  return { "0001_foundation": foundation(dialect), "0002_sso_token": ssoToken, "0003_course": course(dialect) };
}

export async function migrateToLatest(db: Db, dialect: Dialect): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

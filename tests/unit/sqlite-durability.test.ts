import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDb } from "../../api/db/index";

describe("SQLite durability", () => {
  it("runs with synchronous=FULL, so an acknowledged write survives a power cut", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lms-sync-"));
    const { db } = createDb({ sqliteFile: path.join(dir, "x.sqlite") });
    try {
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      expect(rows[0].synchronous).toBe(2); // 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA
      const { rows: mode } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      expect(mode[0].journal_mode).toBe("wal");
    } finally {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

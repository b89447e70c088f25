import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDb } from "../../api/db";

/** The SQLite dialect reuses compiled statements (api/db/index.ts): fewer compiles, same answers. */
describe("SQLite statements", () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const open = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "stmt-"));
    dirs.push(dir);
    return createDb({ sqliteFile: path.join(dir, "t.sqlite") }).db;
  };

  it("compiles a query's SQL once and binds each call's parameters afresh", async () => {
    const prepare = vi.spyOn(SQLite.prototype, "prepare");
    const db = open();
    await sql`create table t (id integer primary key, name text)`.execute(db);
    for (const name of ["a", "b", "c"]) await sql`insert into t (name) values (${name})`.execute(db);
    const byName = (name: string) =>
      sql<{ id: number }>`select id from t where name = ${name}`.execute(db).then((r) => r.rows);
    expect(await byName("b")).toEqual([{ id: 2 }]);
    expect(await byName("c")).toEqual([{ id: 3 }]);
    const texts = prepare.mock.calls.map((c) => c[0]);
    expect(texts.filter((t) => t.startsWith("insert"))).toHaveLength(1);
    expect(texts.filter((t) => t.startsWith("select"))).toHaveLength(1);
    await db.destroy();
  });

  it("a kept statement sees a schema change, and a transaction that fails leaves nothing", async () => {
    const db = open();
    await sql`create table t (id integer primary key, name text)`.execute(db);
    await sql`insert into t (name) values (${"a"})`.execute(db);
    const all = () => sql<Record<string, unknown>>`select * from t`.execute(db).then((r) => r.rows);
    expect(await all()).toEqual([{ id: 1, name: "a" }]);
    await sql`alter table t add column code text`.execute(db);
    expect(await all()).toEqual([{ id: 1, name: "a", code: null }]);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`insert into t (name) values (${"b"})`.execute(trx);
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    expect(await all()).toHaveLength(1);
    await db.destroy();
  });
});

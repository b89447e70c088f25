/**
 * What `synchronous=FULL` costs a write (docs/decisions/019): the same one-row transaction,
 * committed one at a time on two SQLite files beside the bench's data (same disk, both in WAL
 * mode as the API runs), one with NORMAL and one with FULL, in alternating turns so both see the
 * same disk. FULL syncs the WAL on every commit; NORMAL only at checkpoints — and may lose the
 * last commits on a power cut.
 */
import path from "node:path";
import SQLite from "better-sqlite3";

export type CommitCost = { normalMs: number; fullMs: number; commits: number };

export function commitCost(dir: string, commits = 600, turns = 6): CommitCost {
  const open = (mode: "NORMAL" | "FULL") => {
    const db = new SQLite(path.join(dir, `sync-${mode.toLowerCase()}.sqlite`));
    db.pragma("journal_mode = WAL");
    db.pragma(`synchronous = ${mode}`);
    db.exec("create table if not exists t (id integer primary key, v text not null)");
    const insert = db.prepare("insert into t (v) values (?)");
    return { db, write: () => db.transaction(() => insert.run("x".repeat(200)))() };
  };
  const dbs = { normal: open("NORMAL"), full: open("FULL") };
  const spent = { normal: 0, full: 0 };
  const per = Math.ceil(commits / turns);
  for (let t = 0; t < turns; t++) {
    for (const key of ["normal", "full"] as const) {
      const t0 = process.hrtime.bigint();
      for (let i = 0; i < per; i++) dbs[key].write();
      spent[key] += Number(process.hrtime.bigint() - t0) / 1e6;
    }
  }
  dbs.normal.db.close();
  dbs.full.db.close();
  const n = per * turns;
  return {
    normalMs: Math.round((spent.normal / n) * 1000) / 1000,
    fullMs: Math.round((spent.full / n) * 1000) / 1000,
    commits: n,
  };
}

import Database from "better-sqlite3";
import { fingerprintQuery, fingerprintText } from "../fuzz-inputs";
import { LANE } from "./lane";

/**
 * Direct access to the e2e API's database, for what a browser cannot do quickly: read the email
 * outbox, age a session past its idle limit, flip a config switch.
 */
export function e2eDb() {
  return new Database(`${LANE.dataDir}/lms.sqlite`);
}

/** Change a config setting and tell clients it changed (config/check-update/ reports it). */
export function setConfig(key: string, value: unknown) {
  const db = e2eDb();
  try {
    const now = new Date().toISOString();
    db.prepare("update config set value = ?, datetime_update = ? where key = ?").run(JSON.stringify(value), now, key);
    db.prepare(
      "insert into update_time (key, datetime_update) values ('config', ?) on conflict(key) do update set datetime_update = excluded.datetime_update",
    ).run(now);
  } finally {
    db.close();
  }
}

/** Set an image setting's address (its `url`, e.g. og-image) and tell clients it changed. */
export function setConfigUrl(key: string, url: string | null) {
  const db = e2eDb();
  try {
    const now = new Date().toISOString();
    db.prepare("update config set url = ?, datetime_update = ? where key = ?").run(url, now, key);
    db.prepare(
      "insert into update_time (key, datetime_update) values ('config', ?) on conflict(key) do update set datetime_update = excluded.datetime_update",
    ).run(now);
  } finally {
    db.close();
  }
}

/** Make every session of an account look idle for an hour, so the API expires it. */
export function ageSessions(username: string) {
  const db = e2eDb();
  try {
    db.prepare(
      "update session set datetime_last_seen = ? where account_id = (select id from account where username = ?)",
    ).run(new Date(Date.now() - 60 * 60_000).toISOString(), username);
  } finally {
    db.close();
  }
}

/** Every table's row count and largest id in the e2e database (a refusal must leave it alone). */
export function fingerprint(): string {
  const db = e2eDb();
  try {
    const tables = db
      .prepare(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'",
      )
      .all() as { name: string }[];
    const withId = tables.map((t) => ({
      name: t.name,
      hasId:
        (db.prepare(`select count(*) as n from pragma_table_info(?) where name = 'id'`).get(t.name) as { n: number })
          .n > 0,
    }));
    return fingerprintText(
      db.prepare(fingerprintQuery(withId)).all() as { t: string; n: number; m: string | number | null }[],
    );
  } finally {
    db.close();
  }
}

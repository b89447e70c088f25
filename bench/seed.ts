/**
 * The bench's database at scale: the API's own migrations, reference data and demo organisation
 * (through its code, so the schema is exactly what production runs), then bulk rows written with
 * better-sqlite3 directly — prepared statements in large transactions — so 100 000 users and
 * 100 000 courses take seconds, not minutes.
 */
import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { createDb } from "../api/db/index";
import { migrateToLatest } from "../api/db/migrate";
import { seedDemo, seedReference } from "../api/db/seed";
import { lcg } from "../api/db/seed-kit";

export const BENCH_PASSWORD = "Bench-Pass1!";
const DAY_MS = 24 * 3600 * 1000;
const BATCH = 20_000;

const TITLES = [
  "Python for Beginners",
  "Data Privacy Essentials",
  "Workplace Safety",
  "Effective Communication",
  "Time Management",
  "Cybersecurity Awareness",
  "Leading Teams",
  "Excel for Data Analysis",
  "การสื่อสารอย่างมีประสิทธิภาพ",
  "ความปลอดภัยในการทำงาน",
  "Customer Service Excellence",
  "Code of Conduct",
  "First Aid Basics",
  "SQL Basics",
  "Presentation Skills",
];
const FIRST = [
  "Anan",
  "Busaba",
  "Chai",
  "Duangjai",
  "Fah",
  "Kanya",
  "Lamai",
  "Narong",
  "Pensri",
  "Somsak",
  "Suda",
  "Wichai",
];
const LAST = ["Boonmee", "Jaidee", "Kaewmanee", "Phongsri", "Saetang", "Srisuk", "Thongdee", "Wongsawat"];

/** Migrate, load reference data and the demo organisation exactly as the API does on first start. */
export async function prepareSchema(dataDir: string, now: Date) {
  fs.mkdirSync(dataDir, { recursive: true });
  const { db, dialect } = createDb({ sqliteFile: path.join(dataDir, "lms.sqlite") });
  try {
    await migrateToLatest(db, dialect);
    await seedReference(db, now);
    await seedDemo(db, now, BENCH_PASSWORD);
  } finally {
    await db.destroy();
  }
}

function open(dataDir: string) {
  const db = new SQLite(path.join(dataDir, "lms.sqlite"));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -262144"); // 256 MB while loading
  return db;
}

const ids = (db: SQLite.Database, table: string) =>
  (db.prepare(`select id from ${table} order by id`).all() as { id: number }[]).map((r) => r.id);

/** Run `write(i)` for i in [from, to) in transactions of BATCH rows. */
function inBatches(db: SQLite.Database, from: number, to: number, write: (i: number) => void) {
  const batch = db.transaction((start: number, end: number) => {
    for (let i = start; i < end; i++) write(i);
  });
  for (let start = from; start < to; start += BATCH) batch(start, Math.min(to, start + BATCH));
}

/**
 * Load many rows with the table's secondary indexes dropped, then build them again (sorting once
 * is far quicker than a million random index inserts). The indexes come back exactly as the
 * migrations wrote them (their SQL from sqlite_master); a UNIQUE constraint's own index stays.
 */
function withoutIndexes(db: SQLite.Database, table: string, load: () => void) {
  const indexes = db
    .prepare("select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null")
    .all(table) as { name: string; sql: string }[];
  for (const i of indexes) db.exec(`drop index "${i.name}"`);
  try {
    load();
  } finally {
    for (const i of indexes) db.exec(i.sql);
  }
}

/** Add learner accounts bench000001… until `count` of them exist (all share the demo password hash). */
export function addUsers(dataDir: string, count: number, now: Date) {
  const db = open(dataDir);
  try {
    const have = (db.prepare("select count(*) as n from account where username like 'bench%'").get() as { n: number })
      .n;
    const hash = (
      db.prepare("select password_hash from account where username = 'admin'").get() as { password_hash: string }
    ).password_hash;
    const [departments, positions, levels] = [ids(db, "department"), ids(db, "position"), ids(db, "level")];
    const rand = lcg(20260901 + have);
    const insert = db.prepare(
      `insert into account (username, email, password_hash, first_name, last_name, language, department_id, position_id, level_id,
         is_active, is_superuser, is_system_user, is_dashboard_permission, is_store_permission, is_verified_email, failed_login_count, datetime_create)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0, 0, 0, 0, 1, 0, ?)`,
    );
    const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
    inBatches(db, have, count, (i) => {
      const username = `bench${String(i + 1).padStart(7, "0")}`;
      const created = now.getTime() - Math.floor(rand() * 3 * 365) * DAY_MS;
      insert.run(
        username,
        `${username}@bench.lms.local`,
        hash,
        pick(FIRST),
        pick(LAST),
        rand() < 0.7 ? "th" : "en",
        pick(departments),
        pick(positions),
        pick(levels),
        new Date(created).toISOString(),
      );
    });
  } finally {
    db.close();
  }
}

/**
 * Add courses BC0000001… until the course table holds `total` rows: spread over categories,
 * providers and publish states, updated at random times over two years (so the default ordering,
 * -datetime_update, is not the insertion order), half of them with a section.
 */
export function addCourses(dataDir: string, total: number, now: Date) {
  const db = open(dataDir);
  try {
    const rows = (db.prepare("select count(*) as n from course").get() as { n: number }).n;
    const bulk = (db.prepare("select count(*) as n from course where code like 'BC%'").get() as { n: number }).n;
    const admin = (db.prepare("select id from account where username = 'admin'").get() as { id: number }).id;
    const [categories, providers, levels] = [ids(db, "category"), ids(db, "provider"), ids(db, "level")];
    const rand = lcg(20261001 + bulk);
    const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
    const course = db.prepare(
      `insert into course (name, code, content_level, program, category_id, provider_id, is_environmental, "desc", image, is_display,
         datetime_start, datetime_first_publish, datetime_create, datetime_update, created_by)
       values (?, ?, ?, null, ?, ?, 0, ?, ?, ?, null, ?, ?, ?, ?)`,
    );
    const section = db.prepare(
      "insert into content_section (content_type_id, content_id, name, sort, is_display) values ((select id from content_type where code = 'course'), ?, 'Introduction', 1, 1)",
    );
    const nowMs = now.getTime();
    const adding = Math.max(0, total - rows);
    const write = () =>
      inBatches(db, bulk, bulk + adding, (i) => {
        const title = TITLES[i % TITLES.length];
        const created = nowMs - (1 + Math.floor(rand() * 730)) * DAY_MS;
        const updated = created + Math.floor(rand() * (nowMs - created));
        const shown = rand() < 0.5;
        const { lastInsertRowid } = course.run(
          `${title} ${i + 1}`,
          `BC${String(i + 1).padStart(7, "0")}`,
          rand() < 0.7 ? pick(levels) : null,
          pick(categories),
          pick(providers),
          `A bench course about ${title.toLowerCase()}.`,
          shown ? `/dashboard/demo/course-${1 + (i % 4)}.png` : null,
          shown ? 1 : 0,
          shown ? new Date(created).toISOString() : null,
          new Date(created).toISOString(),
          new Date(updated).toISOString(),
          admin,
        );
        if (shown) section.run(lastInsertRowid);
      });
    if (adding > 20_000) withoutIndexes(db, "course", write);
    else write();
  } finally {
    db.close();
  }
}

/** Checkpoint the WAL into the main file, so the API starts from a compact database. */
export function settle(dataDir: string) {
  const db = new SQLite(path.join(dataDir, "lms.sqlite"));
  try {
    db.pragma("wal_checkpoint(TRUNCATE)");
  } finally {
    db.close();
  }
}

import type { TestInfo } from "@playwright/test";
import { e2eDb } from "./db";

/**
 * Courses and enrolments written straight into the e2e database, for the specs that need a course
 * of their own: both projects (JS on and off) share one database, so each test makes its own.
 */

export const isJs = (info: TestInfo) => info.project.name === "js-on";

/** One piece of work on a fresh connection, closed afterwards. */
export function run<T>(work: (db: ReturnType<typeof e2eDb>) => T): T {
  const db = e2eDb();
  try {
    return work(db);
  } finally {
    db.close();
  }
}
export const one = <T>(sql: string, ...params: unknown[]) => run((db) => db.prepare(sql).get(...params) as T);
export const all = <T>(sql: string, ...params: unknown[]) => run((db) => db.prepare(sql).all(...params) as T[]);

let seq = 0;
/**
 * A new, empty course of this project (the seed enrols nobody in it and gives it no settings):
 * its code is `prefix`, N or F for the project, the label and a counter, at most 12 characters.
 */
export function freshCourse(info: TestInfo, prefix: string, label: string, name: string): number {
  seq++;
  const code = `${prefix}${isJs(info) ? "N" : "F"}-${label}-${seq}`.slice(0, 12);
  const at = new Date().toISOString();
  return run((db) => {
    const category = (db.prepare("select id from category where code = 'TECH-DAT'").get() as { id: number }).id;
    const provider = (db.prepare("select id from provider where code = 'ACAD'").get() as { id: number }).id;
    db.prepare("delete from course where code = ?").run(code);
    const res = db
      .prepare(
        `insert into course (name, code, content_level, program, category_id, provider_id, is_environmental, "desc", image, is_display, datetime_start, datetime_first_publish, datetime_create, datetime_update, created_by)
         values (?, ?, null, null, ?, ?, 0, '', null, 0, null, null, ?, ?, null)`,
      )
      .run(`${name} ${code}`, code, category, provider, at, at);
    return Number(res.lastInsertRowid);
  });
}

/** Learners straight into the table, at the given statuses. */
export function enrol(courseId: number, entries: [string, number][]) {
  const at = new Date().toISOString();
  run((db) => {
    const insert = db.prepare(
      `insert into content_enrollment (account_id, content_type_id, content_id, status, add_method, added_by, created_by, datetime_enroll, datetime_start, datetime_complete, datetime_update)
       values ((select id from account where username = ?), (select id from content_type where code = 'course'), ?, ?, 0, 0, null, ?, null, null, ?)`,
    );
    for (const [username, status] of entries) insert.run(username, courseId, status, at, at);
  });
}

/** A learner's status in a course (undefined when not enrolled). */
export const statusOf = (courseId: number, username: string) =>
  one<{ status: number } | undefined>(
    "select e.status from content_enrollment e join account a on a.id = e.account_id where e.content_type_id = (select id from content_type where code = 'course') and e.content_id = ? and a.username = ?",
    courseId,
    username,
  )?.status;

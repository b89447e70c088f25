import type { Transaction } from "kysely";
import type { Database } from "./schema";

type Trx = Transaction<Database>;

/**
 * The demo organisation's learning programs (issue 36 §3, docs/decisions/097): three programs,
 * their contents named through each content's `program` — courses and activities in the first
 * two, the third empty (its content page's empty state). Runs after the courses and activities.
 */
const PROGRAMS = [
  {
    name: "New Manager Program",
    code: "PRG-MGR",
    desc: "Leading a team in the first year: feedback, planning, hiring.",
  },
  { name: "Digital Skills Program", code: "PRG-DIGI", desc: "Everyday tools and data for every department." },
  { name: "โปรแกรมความปลอดภัยในการทำงาน", code: "PRG-SAFE", desc: "" },
];

export async function seedPrograms(trx: Trx, now: Date) {
  const at = now.toISOString();
  const ids: number[] = [];
  for (const p of PROGRAMS) {
    const row = await trx
      .insertInto("learning_program")
      .values({ ...p, datetime_create: at, datetime_update: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  const courses = (
    await trx.selectFrom("course").select("id").where("is_library", "=", 0).orderBy("id").limit(8).execute()
  ).map((r) => r.id);
  const activities = (await trx.selectFrom("activity").select("id").orderBy("id").limit(2).execute()).map((r) => r.id);
  await trx.updateTable("course").set({ program: ids[0] }).where("id", "in", courses.slice(0, 5)).execute();
  await trx.updateTable("course").set({ program: ids[1] }).where("id", "in", courses.slice(5, 8)).execute();
  if (activities.length)
    await trx.updateTable("activity").set({ program: ids[1] }).where("id", "in", activities).execute();
}

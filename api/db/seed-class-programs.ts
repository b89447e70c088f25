import type { Transaction } from "kysely";
import type { Database } from "./schema";
import { insertAgeRule } from "./seed-kit";

type Trx = Transaction<Database>;

/**
 * The demo class programs (issue 16 §6, docs/decisions/044): a published program holding the
 * ongoing leadership workshop (with its learners) and the presentation course, a second holding
 * the safety induction, and a draft without classes yet. Runs after the classes seed.
 */
const PROGRAMS: {
  code: string;
  name: string;
  category: string;
  provider: string;
  shown: boolean;
  classes: string[];
  desc: string;
}[] = [
  {
    code: "CPG-MGR",
    name: "New Manager Program",
    category: "SOFT-LEA",
    provider: "ACAD",
    shown: true,
    classes: ["CLS-LEAD", "CLS-COMM"],
    desc: "The first hundred days of a new manager: leading, coaching and presenting.",
  },
  {
    code: "CPG-SAFE",
    name: "Site Safety Program",
    category: "COMP-SAF",
    provider: "ACAD",
    shown: true,
    classes: ["CLS-SAFE"],
    desc: "Everything a new site worker attends in the first month.",
  },
  {
    code: "CPG-DATA",
    name: "โปรแกรมพัฒนาทักษะข้อมูล",
    category: "TECH-DAT",
    provider: "GSP",
    shown: false,
    classes: [],
    desc: "",
  },
];

export async function seedClassPrograms(trx: Trx, now: Date) {
  const created = new Date(now.getTime() - 20 * 24 * 3600 * 1000).toISOString();
  const admin = (await trx.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirstOrThrow())
    .id;
  const programType = (
    await trx.selectFrom("content_type").select("id").where("code", "=", "class_program").executeTakeFirstOrThrow()
  ).id;
  const one = async (table: "category" | "provider", code: string) =>
    (await trx.selectFrom(table).select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  for (const p of PROGRAMS) {
    const { id } = await trx
      .insertInto("class_program")
      .values({
        name: p.name,
        code: p.code,
        content_level: null,
        program: null,
        category_id: await one("category", p.category),
        provider_id: await one("provider", p.provider),
        is_environmental: 0,
        desc: p.desc,
        is_display: p.shown ? 1 : 0,
        datetime_start: null,
        datetime_first_publish: p.shown ? created : null,
        datetime_create: created,
        datetime_update: created,
        created_by: admin,
        image: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (p.classes.length)
      await trx.updateTable("class").set({ class_program_id: id }).where("code", "in", p.classes).execute();
    // The published programs are open to staff aged 18–60 (a permission rule with its condition).
    if (p.shown) {
      await insertAgeRule(trx, { content_type_id: programType, content_id: id }, 1, created);
    }
  }
}

import { sql } from "kysely";
import { fromFlag, toFlag } from "../../db/index";
import { notFound } from "../../http/errors";
import type { Trx } from "../../engine/crud";
import type { Q } from "../../requests/kit";
import type { SectionInput, TestSection } from "../../../contract/schemas/test";
import { sectionReadiness, type SectionReadiness } from "./readiness";

/**
 * A test's sections (spec 001 §3 "Test section"; docs/decisions/064): ordered by sort from 1, a
 * new one "Untitled Section" (the schema's default), pass score ≤ full score (the schema's rule,
 * so a refused form writes nothing). Deleting one takes its questions and draw rules with it
 * (foreign keys cascade) and closes the gap in the order.
 */

const present = (
  r: {
    id: number;
    sort: number;
    name: string;
    desc: string;
    full_score: number;
    pass_score: number;
    pass_condition_type: number;
    is_question_shuffle: number;
    is_choice_shuffle: number;
  },
  questions: number,
  draws: number,
  readiness: SectionReadiness,
): TestSection => ({
  id: r.id,
  sort: r.sort,
  name: r.name,
  desc: r.desc,
  full_score: r.full_score,
  pass_score: r.pass_score,
  pass_condition_type: r.pass_condition_type as SectionInput["pass_condition_type"],
  is_question_shuffle: fromFlag(r.is_question_shuffle),
  is_choice_shuffle: fromFlag(r.is_choice_shuffle),
  question_count: questions,
  draw_count: draws,
  question_score: readiness.score,
  unmarkable: readiness.unmarkable,
});

export async function listSections(q: Q, testId: number): Promise<TestSection[]> {
  const rows = await q
    .selectFrom("test_section")
    .selectAll()
    .where("test_id", "=", testId)
    .orderBy("sort")
    .orderBy("id")
    .execute();
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const qs = await q
    .selectFrom("test_question")
    .select(["section_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("section_id", "in", ids)
    .groupBy("section_id")
    .execute();
  const ds = await q
    .selectFrom("test_section_draw")
    .select(["section_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("section_id", "in", ids)
    .groupBy("section_id")
    .execute();
  const qn = new Map(qs.map((r) => [r.section_id, Number(r.n)]));
  const dn = new Map(ds.map((r) => [r.section_id, Number(r.n)]));
  const out: TestSection[] = [];
  for (const r of rows) out.push(present(r, qn.get(r.id) ?? 0, dn.get(r.id) ?? 0, await sectionReadiness(q, r)));
  return out;
}

/** The section `sectionId` of test `testId`, or 404. */
export async function sectionOf(q: Q, testId: number, sectionId: number): Promise<TestSection> {
  const found = (await listSections(q, testId)).find((s) => s.id === sectionId);
  if (!found) throw notFound();
  return found;
}

const columns = (input: SectionInput) => ({
  name: input.name,
  desc: input.desc,
  full_score: input.full_score,
  pass_score: input.pass_score,
  pass_condition_type: input.pass_condition_type,
  is_question_shuffle: toFlag(input.is_question_shuffle),
  is_choice_shuffle: toFlag(input.is_choice_shuffle),
});

export async function createSection(trx: Trx, testId: number, input: SectionInput): Promise<number> {
  const { last } = (await trx
    .selectFrom("test_section")
    .select((eb) => eb.fn.max("sort").as("last"))
    .where("test_id", "=", testId)
    .executeTakeFirstOrThrow()) as { last: number | null };
  const { id } = await trx
    .insertInto("test_section")
    .values({ test_id: testId, sort: Number(last ?? 0) + 1, ...columns(input) })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateSection(trx: Trx, testId: number, sectionId: number, input: SectionInput) {
  await sectionOf(trx, testId, sectionId);
  await trx.updateTable("test_section").set(columns(input)).where("id", "=", sectionId).execute();
}

export async function deleteSection(trx: Trx, testId: number, sectionId: number) {
  const s = await sectionOf(trx, testId, sectionId);
  await trx.deleteFrom("test_section").where("id", "=", sectionId).execute();
  await trx
    .updateTable("test_section")
    .set({ sort: sql`sort - 1` })
    .where("test_id", "=", testId)
    .where("sort", ">", s.sort)
    .execute();
}

/** Move a section one place up or down (swapping with its neighbour); at an end it stays. */
export async function moveSection(trx: Trx, testId: number, sectionId: number, direction: "up" | "down") {
  const all = await listSections(trx, testId);
  const i = all.findIndex((s) => s.id === sectionId);
  if (i < 0) throw notFound();
  const j = direction === "up" ? i - 1 : i + 1;
  if (j < 0 || j >= all.length) return;
  // Renumber the whole order 1..N with the two swapped, so earlier gaps or ties disappear too.
  const order = all.map((s) => s.id);
  [order[i], order[j]] = [order[j], order[i]];
  for (const [k, id] of order.entries())
    await trx
      .updateTable("test_section")
      .set({ sort: k + 1 })
      .where("id", "=", id)
      .execute();
}

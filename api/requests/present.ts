import type { LearningRequest, LearningResult } from "../../contract/schemas/requests";
import { allowedTransitions } from "../../contract/codes";
import type { AccountRow } from "../http/context";
import { decidersOf, expiryOf, waitingFor } from "./approval";
import { fromMinor, peopleById, type Q } from "./kit";
import { contentSummary, contentsWith, typeById } from "../approvals/contents";

/** Requests and learning results as the API answers them (docs/decisions/058, 074). */

/** An enrolment request's content and its enrolment as it stands (docs/decisions/074). */
async function enrolmentsOf(
  q: Q,
  rows: { id: number; content_type_id: number | null; content_id: number | null; enrollment_id: number | null }[],
) {
  const out = new Map<number, Pick<LearningRequest, "content" | "enrollment">>();
  const own = rows.filter((r) => r.enrollment_id !== null || r.content_id !== null);
  if (!own.length) return out;
  const types = await contentsWith(q, "enrollment");
  const statuses = await q
    .selectFrom("content_enrollment")
    .select(["id", "status"])
    .where("id", "in", [0, ...own.map((r) => r.enrollment_id ?? 0)])
    .execute();
  for (const r of own) {
    const t = r.content_type_id === null ? undefined : typeById(types, r.content_type_id);
    const found = t && r.content_id !== null ? await contentSummary(q, t, r.content_id) : null;
    const e = statuses.find((x) => x.id === r.enrollment_id);
    out.set(r.id, { content: found?.content ?? null, enrollment: e ? { id: e.id, status: e.status } : null });
  }
  return out;
}

export async function presentRequests(q: Q, ids: number[], me: AccountRow): Promise<LearningRequest[]> {
  if (!ids.length) return [];
  const rows = await q.selectFrom("learning_request").selectAll().where("id", "in", ids).execute();
  const [decisions, flows, forms, types, results, steps, mine] = await Promise.all([
    q
      .selectFrom("request_decision")
      .selectAll()
      .where("request_id", "in", ids)
      .orderBy("datetime_create")
      .orderBy("id")
      .execute(),
    q
      .selectFrom("approval_flow")
      .select(["id", "name"])
      .where("id", "in", [0, ...rows.map((r) => r.flow_id ?? 0)])
      .execute(),
    q
      .selectFrom("request_form")
      .select(["id", "name"])
      .where("id", "in", [0, ...rows.map((r) => r.form_id ?? 0)])
      .execute(),
    q
      .selectFrom("content_type")
      .select(["id", "name"])
      .where("id", "in", [0, ...rows.map((r) => r.content_type_id ?? 0)])
      .execute(),
    q.selectFrom("learning_result").select(["id", "request_id", "status"]).where("request_id", "in", ids).execute(),
    q
      .selectFrom("approval_step")
      .select(["flow_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("flow_id", "in", [0, ...rows.map((r) => r.flow_id ?? 0)])
      .groupBy("flow_id")
      .execute(),
    waitingFor(q, me).select("r.id").where("r.id", "in", ids).execute(),
  ]);
  const waiting = new Map<number, number[]>();
  for (const r of rows) waiting.set(r.id, await decidersOf(q, r.id));
  const enrolments = await enrolmentsOf(q, rows);
  const people = await peopleById(q, [
    ...rows.map((r) => r.account_id),
    ...decisions.map((d) => d.decided_by),
    ...[...waiting.values()].flat(),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: LearningRequest[] = [];
  for (const id of ids) {
    const r = byId.get(id)!;
    const flow = flows.find((f) => f.id === r.flow_id);
    const form = forms.find((f) => f.id === r.form_id);
    const type = types.find((t) => t.id === r.content_type_id);
    const result = results.find((x) => x.request_id === id);
    out.push({
      id,
      kind: r.kind as LearningRequest["kind"],
      account: people.get(r.account_id)!,
      name: r.name,
      provider: r.provider,
      datetime_start: r.datetime_start,
      datetime_end: r.datetime_end,
      cost: fromMinor(r.cost_minor),
      material_type: r.kind === 2 && type ? { id: type.id, name: type.name } : null,
      reason: r.reason,
      status: r.status,
      flow: flow ? { id: flow.id, name: flow.name } : null,
      step: r.step,
      count_step: Number(steps.find((s) => s.flow_id === r.flow_id)?.n ?? 0),
      waiting_for: (waiting.get(id) ?? []).map((p) => people.get(p)!).filter(Boolean),
      can_decide: mine.some((m) => m.id === id),
      datetime_expire: await expiryOf(q, r),
      form: form ? { id: form.id, name: form.name } : null,
      submission: r.submission_id,
      decisions: decisions
        .filter((d) => d.request_id === id)
        .map((d) => ({
          step: d.step,
          decision: d.decision,
          by: d.decided_by === null ? null : (people.get(d.decided_by) ?? null),
          note: d.note,
          datetime_create: d.datetime_create,
        })),
      learning_result: result ? { id: result.id, status: result.status } : null,
      ...(enrolments.get(id) ?? { content: null, enrollment: null }),
      datetime_create: r.datetime_create,
      datetime_decide: r.datetime_decide,
    });
  }
  return out;
}

export async function presentResults(q: Q, ids: number[]): Promise<LearningResult[]> {
  if (!ids.length) return [];
  const rows = await q
    .selectFrom("learning_result as lr")
    .innerJoin("learning_request as r", "r.id", "lr.request_id")
    .select(["lr.id", "lr.status", "lr.datetime_update", "r.id as request_id", "r.name", "r.provider", "r.account_id"])
    .where("lr.id", "in", ids)
    .execute();
  const log = await q
    .selectFrom("learning_result_log")
    .selectAll()
    .where("result_id", "in", ids)
    .orderBy("datetime_create")
    .orderBy("id")
    .execute();
  const people = await peopleById(q, [...rows.map((r) => r.account_id), ...log.map((l) => l.changed_by)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id)!;
    return {
      id,
      request: { id: r.request_id, name: r.name, provider: r.provider },
      account: people.get(r.account_id)!,
      status: r.status,
      allowed: [...allowedTransitions("learning_result", r.status)],
      log: log
        .filter((l) => l.result_id === id)
        .map((l) => ({
          from: l.from_status,
          to: l.to_status,
          by: l.changed_by === null ? null : (people.get(l.changed_by) ?? null),
          note: l.note,
          datetime_create: l.datetime_create,
        })),
      datetime_update: r.datetime_update,
    };
  });
}

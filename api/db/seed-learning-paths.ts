import type { Transaction } from "kysely";
import { ADDED_BY, ADD_METHOD } from "../../contract/codes";
import { LEARNING_PATH_KIND } from "../../contract/learning-path-codes";
import type { Database } from "./schema";
import { insertBatches } from "./seed-kit";
import { pathMoves } from "../content/features/enrollment/chain";
import { moveEnrollments } from "../content/features/enrollment/service";

type Trx = Transaction<Database>;

/**
 * The demo organisation's learning paths (issue 36 §1, docs/decisions/098): an online path and a
 * scheduled one, both published, built from courses, a class, an activity and a test, with
 * dependencies (the later contents open once the first is completed) and learners whose progress
 * follows from theirs on its contents; a draft online path with one content and learners who have
 * not started it; an empty scheduled draft (the curriculum's
 * empty state). Runs after the contents it holds.
 */
type Plan = {
  name: string;
  code: string;
  kind: 1 | 2;
  shown: boolean;
  /** Contents by type, in order: [type, how many of that type, from the first]. */
  contents: [string, number][];
  learners: number;
  /** Only learners whose record of the first content has one of these statuses (all when absent). */
  statuses?: number[];
};

const PLANS: Plan[] = [
  {
    name: "Onboarding Essentials Path",
    code: "LP-ONLINE",
    kind: LEARNING_PATH_KIND.online,
    shown: true,
    contents: [
      ["course", 2],
      ["activity", 1],
      ["test", 1],
    ],
    learners: 12,
  },
  {
    name: "Supervisor Programme 2027",
    code: "LP-SCHED",
    kind: LEARNING_PATH_KIND.schedule,
    shown: true,
    contents: [
      ["course", 1],
      ["class", 1],
      ["activity", 1],
    ],
    // It starts in two weeks: its learners have not started.
    learners: 8,
  },
  {
    name: "เส้นทางการเรียนรู้ด้านข้อมูล",
    code: "LP-DATA",
    kind: LEARNING_PATH_KIND.online,
    shown: false,
    contents: [["course", 1]],
    learners: 6,
    statuses: [0],
  },
  {
    name: "Safety Week Path",
    code: "LP-EMPTY",
    kind: LEARNING_PATH_KIND.schedule,
    shown: false,
    contents: [],
    learners: 0,
  },
];

export async function seedLearningPaths(trx: Trx, now: Date) {
  const at = now.toISOString();
  const day = 24 * 3600 * 1000;
  const iso = (ms: number) => new Date(ms).toISOString();
  const first = async (table: "category" | "provider") =>
    (await trx.selectFrom(table).select("id").orderBy("id").executeTakeFirstOrThrow()).id;
  const [category, provider] = [await first("category"), await first("provider")];
  const admin =
    (await trx.selectFrom("account").select("id").where("username", "=", "admin").executeTakeFirst())?.id ?? null;
  const typeId = async (code: string) =>
    (await trx.selectFrom("content_type").select("id").where("code", "=", code).executeTakeFirstOrThrow()).id;
  // Each plan takes the next unused contents of a type, so the paths hold different ones.
  const used = new Map<string, number>();
  const take = async (type: string, n: number) => {
    const table = type as "course" | "class" | "activity" | "test";
    const skip = used.get(type) ?? 0;
    used.set(type, skip + n);
    let query = trx.selectFrom(table).select("id").orderBy("id").offset(skip).limit(n);
    if (table === "course") query = query.where("is_library" as never, "=", 0 as never);
    return (await query.execute()).map((r) => r.id);
  };
  const pathType = await typeId("learning_path");

  for (const p of PLANS) {
    const { id } = await trx
      .insertInto("learning_path")
      .values({
        name: p.name,
        code: p.code,
        content_level: null,
        program: null,
        category_id: category,
        provider_id: provider,
        is_environmental: 0,
        desc: "",
        is_display: p.shown ? 1 : 0,
        datetime_start: p.shown ? iso(now.getTime() - 20 * day) : null,
        datetime_first_publish: p.shown ? iso(now.getTime() - 20 * day) : null,
        kind: p.kind,
        datetime_learn_start: p.kind === LEARNING_PATH_KIND.schedule ? iso(now.getTime() + 14 * day) : null,
        datetime_learn_end: p.kind === LEARNING_PATH_KIND.schedule ? iso(now.getTime() + 74 * day) : null,
        datetime_create: at,
        datetime_update: at,
        created_by: admin,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    const held: number[] = [];
    for (const [type, count] of p.contents) {
      const content_type_id = await typeId(type);
      for (const content_id of await take(type, count)) {
        const row = await trx
          .insertInto("learning_path_content")
          .values({ learning_path_id: id, content_type_id, content_id, position: held.length + 1 })
          .returning("id")
          .executeTakeFirstOrThrow();
        held.push(row.id);
      }
    }
    // Everything after the first content opens once the first is completed; the last also needs the second.
    const depends = held.slice(1).map((path_content_id) => ({ path_content_id, depend_id: held[0] }));
    if (held.length > 2) depends.push({ path_content_id: held[held.length - 1], depend_id: held[1] });
    if (depends.length) await trx.insertInto("learning_path_depend").values(depends).execute();

    // Its learners: those of its first content (the contents' own seeds made their records, at
    // every status), enrolled in the path at 0; the path's status then follows from their records
    // of its contents, as it does in use (the chain reaction, api/content/features/enrollment/chain.ts).
    const [head] = await trx
      .selectFrom("learning_path_content")
      .select(["content_type_id", "content_id"])
      .where("learning_path_id", "=", id)
      .orderBy("position")
      .limit(1)
      .execute();
    if (!head || !p.learners) continue;
    let ofHead = trx
      .selectFrom("content_enrollment")
      .select(["id", "account_id"])
      .where("content_type_id", "=", head.content_type_id)
      .where("content_id", "=", head.content_id)
      .orderBy("account_id")
      .limit(p.learners);
    if (p.statuses) ofHead = ofHead.where("status", "in", p.statuses);
    const chosen = await ofHead.execute();
    const enrolled = now.getTime() - 10 * day;
    await insertBatches(
      trx,
      "content_enrollment",
      chosen.map((c) => ({
        account_id: c.account_id,
        content_type_id: pathType,
        content_id: id,
        status: 0,
        add_method: ADD_METHOD.assigned,
        added_by: ADDED_BY.learner_list,
        created_by: admin,
        datetime_enroll: iso(enrolled),
        datetime_start: null,
        datetime_complete: null,
        datetime_update: iso(enrolled),
      })),
    );
    const changed = chosen.map((c) => c.id);
    const moves = await pathMoves(trx, changed);
    if (moves.length) await moveEnrollments(trx, moves, "chain_reaction", { accountId: admin, at: at });
  }
}

import type { Transaction } from "kysely";
import { ADDED_BY, ADD_METHOD } from "../../contract/codes";
import { LEARNING_PATH_KIND } from "../../contract/learning-path-codes";
import { PLAYLIST_ROLE, type PlaylistRole } from "../../contract/playlist-codes";
import type { Database } from "./schema";
import { insertBatches } from "./seed-kit";
import { requireApproval } from "./seed-approvals";
import { pathMoves } from "../content/features/enrollment/chain";
import { moveEnrollments } from "../content/features/enrollment/service";

type Trx = Transaction<Database>;

/**
 * The demo organisation's sequences (issue 36, docs/decisions/098, 099). Learning paths: an online
 * path and a scheduled one, both published, built from courses, a class, an activity and a test,
 * with dependencies (the later contents open once the first is completed) and learners whose
 * progress follows from theirs on its contents; a draft online path with one content and learners
 * who have not started it; an empty scheduled draft (the curriculum's empty state). Onboarding
 * plans: a published one whose steps have their own names, a survey answered anonymously under
 * the first course, and learners in progress; a draft with one content; an empty draft. Learning
 * playlists (docs/decisions/101): a public one with followers, a learner's own, an empty public
 * draft. Runs after the contents they hold.
 */
type Plan = {
  holder: "learning_path" | "onboard" | "learning_playlist";
  name: string;
  code: string;
  /** A learning path's kind. */
  kind?: 1 | 2;
  shown: boolean;
  /** Contents by type, in order: [type, how many of that type, from the first, their names in the plan]. */
  contents: [string, number, string[]?][];
  /** Held contents (by position, from 1) that sit under another, and under which. */
  parents?: [number, number][];
  /** Held contents (by position) answered anonymously. */
  anonymous?: number[];
  /** An onboarding plan's rule for new employees is on. */
  rule?: boolean;
  /** Learners waiting for an approval, and learners in progress made to wait for verification (its inbox). */
  inbox?: { waiting: number; verifying: number };
  learners: number;
  /** Only learners whose record of the first content has one of these statuses (all when absent). */
  statuses?: number[];
  /**
   * A playlist's type, owner (a username) and flags; its contents have no dependencies. Its
   * collaborators (docs/decisions/102): an account by username or a group of accounts by code, and a role.
   */
  playlist?: {
    type: 1 | 2;
    owner: string;
    followable?: boolean;
    duplicable?: boolean;
    collaborators?: [{ username: string } | { group: string }, PlaylistRole][];
  };
};

const PLANS: Plan[] = [
  {
    holder: "learning_path",
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
    holder: "learning_path",
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
    holder: "learning_path",
    name: "เส้นทางการเรียนรู้ด้านข้อมูล",
    code: "LP-DATA",
    kind: LEARNING_PATH_KIND.online,
    shown: false,
    contents: [["course", 1]],
    learners: 6,
    statuses: [0],
  },
  {
    holder: "learning_path",
    name: "Safety Week Path",
    code: "LP-EMPTY",
    kind: LEARNING_PATH_KIND.schedule,
    shown: false,
    contents: [],
    learners: 0,
  },
  {
    holder: "onboard",
    name: "New Joiner Onboarding 2027",
    code: "ONB-NEW",
    shown: true,
    contents: [
      ["course", 1, ["Day 1: Welcome to the company"]],
      ["survey", 1, ["First-week check-in"]],
      ["activity", 1],
      ["test", 1],
    ],
    parents: [[2, 1]],
    anonymous: [2],
    learners: 10,
    inbox: { waiting: 2, verifying: 1 },
    rule: true,
  },
  {
    holder: "onboard",
    name: "ปฐมนิเทศพนักงานสาขา",
    code: "ONB-BRANCH",
    shown: false,
    contents: [["activity", 1]],
    learners: 4,
  },
  {
    holder: "onboard",
    name: "Contractor Onboarding",
    code: "ONB-EMPTY",
    shown: false,
    contents: [],
    learners: 0,
  },
  // Learning playlists (docs/decisions/101): a public one followed by learners, a learner's own,
  // and an empty public draft.
  {
    holder: "learning_playlist",
    name: "Leadership Starter Playlist",
    code: "PL-LEAD",
    shown: true,
    contents: [
      ["course", 2],
      ["survey", 1],
    ],
    learners: 6,
    // An administrator as its admin, a learner as its editor (on the learner front), a group as viewers.
    // No staff account below the playlist flags: the permission matrices' refused accounts stay without roles.
    playlist: {
      type: 2,
      owner: "admin",
      followable: true,
      duplicable: true,
      collaborators: [
        [{ username: "staff2" }, PLAYLIST_ROLE.admin],
        [{ username: "learner004" }, PLAYLIST_ROLE.editor],
        [{ group: "G2" }, PLAYLIST_ROLE.viewer],
      ],
    },
  },
  {
    holder: "learning_playlist",
    name: "เพลย์ลิสต์ทักษะข้อมูลของฉัน",
    code: "PL-MINE",
    shown: true,
    contents: [
      ["course", 1],
      ["activity", 1],
    ],
    learners: 0,
    playlist: { type: 1, owner: "learner003" },
  },
  {
    holder: "learning_playlist",
    name: "Customer Care Picks",
    code: "PL-EMPTY",
    shown: false,
    contents: [],
    learners: 0,
    playlist: { type: 2, owner: "admin" },
  },
];

export async function seedSequences(trx: Trx, now: Date) {
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
  // Each plan takes the next unused contents of a type, so the paths hold different ones; the
  // onboarding plans start again from the first (a course may be in a path and a plan both).
  const used = new Map<string, number>();
  let holder = "";
  const take = async (type: string, n: number) => {
    const table = type as "course" | "class" | "activity" | "test" | "survey";
    const skip = used.get(`${holder}:${type}`) ?? 0;
    used.set(`${holder}:${type}`, skip + n);
    let query = trx.selectFrom(table).select("id").orderBy("id").offset(skip).limit(n);
    if (table === "course") query = query.where("is_library" as never, "=", 0 as never);
    return (await query.execute()).map((r) => r.id);
  };
  for (const p of PLANS) {
    holder = p.holder;
    const holderType = await typeId(p.holder);
    const engine = {
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
      datetime_create: at,
      datetime_update: at,
      created_by: admin,
    };
    const owner = async (username: string) =>
      (await trx.selectFrom("account").select("id").where("username", "=", username).executeTakeFirst())?.id ?? admin;
    const { id } = p.playlist
      ? await trx
          .insertInto("learning_playlist")
          .values({
            ...engine,
            playlist_type: p.playlist.type,
            owner_id: await owner(p.playlist.owner),
            is_followable: p.playlist.followable ? 1 : 0,
            is_duplicable: p.playlist.duplicable ? 1 : 0,
            is_dashboard_template: 0,
            template_playlist_id: null,
          })
          .returning("id")
          .executeTakeFirstOrThrow()
      : p.holder === "onboard"
        ? await trx
            .insertInto("onboard")
            .values({
              ...engine,
              // Its rule on for those who start from next week (nothing is enrolled by it while the demo runs).
              is_auto_enroll: p.rule ? 1 : 0,
              onboard_start_from: p.rule ? iso(now.getTime() + 7 * day).slice(0, 10) : null,
            })
            .returning("id")
            .executeTakeFirstOrThrow()
        : await trx
            .insertInto("learning_path")
            .values({
              ...engine,
              kind: p.kind!,
              datetime_learn_start: p.kind === LEARNING_PATH_KIND.schedule ? iso(now.getTime() + 14 * day) : null,
              datetime_learn_end: p.kind === LEARNING_PATH_KIND.schedule ? iso(now.getTime() + 74 * day) : null,
            })
            .returning("id")
            .executeTakeFirstOrThrow();

    for (const [who, role] of p.playlist?.collaborators ?? []) {
      const ref =
        "username" in who
          ? { account_id: (await owner(who.username)) as number, group_id: null }
          : {
              account_id: null,
              group_id: (
                await trx
                  .selectFrom("account_group")
                  .select("id")
                  .where("code", "=", who.group)
                  .executeTakeFirstOrThrow()
              ).id,
            };
      await trx
        .insertInto("learning_playlist_collaborator")
        .values({ learning_playlist_id: id, ...ref, role, datetime_create: at })
        .execute();
    }

    const held: number[] = [];
    for (const [type, count, names] of p.contents) {
      const content_type_id = await typeId(type);
      for (const [i, content_id] of (await take(type, count)).entries()) {
        const position = held.length + 1;
        const row = await trx
          .insertInto("content_sequence")
          .values({
            holder_type_id: holderType,
            holder_id: id,
            content_type_id,
            content_id,
            position,
            name: names?.[i] ?? null,
            is_anonymous: p.anonymous?.includes(position) ? 1 : 0,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        held.push(row.id);
      }
    }
    for (const [child, under] of p.parents ?? [])
      await trx
        .updateTable("content_sequence")
        .set({ parent_id: held[under - 1] })
        .where("id", "=", held[child - 1])
        .execute();
    // Everything after the first content opens once the first is completed; the last also needs
    // the second. A playlist's contents are taken in any order.
    const depends = p.playlist ? [] : held.slice(1).map((sequence_id) => ({ sequence_id, depend_id: held[0] }));
    if (held.length > 2 && !p.playlist) depends.push({ sequence_id: held[held.length - 1], depend_id: held[1] });
    if (depends.length) await trx.insertInto("content_sequence_depend").values(depends).execute();

    // Its learners: those of its first content (the contents' own seeds made their records, at
    // every status), enrolled in the path at 0; the path's status then follows from their records
    // of its contents, as it does in use (the chain reaction, api/content/features/enrollment/chain.ts).
    const [head] = await trx
      .selectFrom("content_sequence")
      .select(["content_type_id", "content_id"])
      .where("holder_type_id", "=", holderType)
      .where("holder_id", "=", id)
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
        content_type_id: holderType,
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
    if (p.inbox) await fillInbox(trx, holderType, id, p.inbox, { admin, at: enrolled });
  }
}

/**
 * What waits in a holder's inbox (content.overall-inbox.tsx): students not enrolled yet who asked
 * to join a holder that asks an administrator's approval and wait for it, and learners in progress whose completion waits to be verified.
 */
async function fillInbox(
  trx: Trx,
  holderType: number,
  id: number,
  inbox: { waiting: number; verifying: number },
  by: { admin: number | null; at: number },
) {
  const enrolled = trx
    .selectFrom("content_enrollment")
    .select("account_id")
    .where("content_type_id", "=", holderType)
    .where("content_id", "=", id);
  const asking = await trx
    .selectFrom("account")
    .select("id")
    .where("username", "like", "student%")
    .where("is_active", "=", 1)
    .where("id", "not in", enrolled)
    .orderBy("id", "desc")
    .limit(inbox.waiting)
    .execute();
  const at = new Date(by.at).toISOString();
  // The plan asks an administrator's approval (no seat limit), which is what its waiting learners wait for.
  await requireApproval(trx, { contentTypeId: holderType, contentId: id }, 0, at);
  await insertBatches(
    trx,
    "content_enrollment",
    asking.map((a) => ({
      account_id: a.id,
      content_type_id: holderType,
      content_id: id,
      status: 1,
      add_method: ADD_METHOD.enrolled,
      added_by: ADDED_BY.n_a,
      created_by: a.id,
      datetime_enroll: at,
      datetime_start: null,
      datetime_complete: null,
      datetime_update: at,
    })),
  );
  const learning = await trx
    .selectFrom("content_enrollment")
    .select(["id", "status", "datetime_start"])
    .where("content_type_id", "=", holderType)
    .where("content_id", "=", id)
    .where("status", "=", 21)
    .orderBy("id")
    .limit(inbox.verifying)
    .execute();
  const moves = learning.map((r) => ({ ...r, to: 22 }));
  if (moves.length) await moveEnrollments(trx, moves, "override", { accountId: by.admin, at });
}

import { COMPLETED_STATUSES } from "../../../../contract/codes";
import type { Trx } from "../../../engine/crud";

/**
 * The chain reaction (spec 001 §4 progress action `chain_reaction`; issue 36 §1,
 * docs/decisions/098, 099): a learner's progress on a learning path or an onboarding plan follows
 * their progress on the contents of its sequence. Run in the transaction of every progress change
 * that writes history (logProgress): for each holder of a changed content, each of the changed
 * learners enrolled in it gets the status their contents give —
 *
 * - every content completed → 30 completed;
 * - any content started or completed → 21 in progress (a path once started is not set back to
 *   not started; a completed one goes back to 21 when a content is no longer completed) —
 *
 * when their path record is one progress drives (0, 21, 30: not waiting, cancelled, failed or
 * verifying by hand). The holder's own change is logged as `chain_reaction`; a sequence holds no
 * holder, so the reaction stops there.
 */

/** The path statuses the chain sets, and the only ones it changes. */
const FOLLOWING = [0, 21, 30];
/** A content's statuses that count as started (the working ones and the completed ones). */
const STARTED = [21, 22, 23, 6, -5, ...COMPLETED_STATUSES];
const CHUNK = 500;

type Move = { id: number; status: number; datetime_start: string | null; to: number };

export async function pathMoves(trx: Trx, enrollmentIds: readonly number[]): Promise<Move[]> {
  if (!enrollmentIds.length) return [];
  const changed: { account_id: number; content_type_id: number; content_id: number }[] = [];
  for (let i = 0; i < enrollmentIds.length; i += CHUNK)
    changed.push(
      ...(await trx
        .selectFrom("content_enrollment")
        .select(["account_id", "content_type_id", "content_id"])
        .where("id", "in", enrollmentIds.slice(i, i + CHUNK))
        .execute()),
    );
  // A holder's own record matches no row: sequences hold no holders, so the reaction stops there.
  const holding = await trx
    .selectFrom("content_sequence")
    .select(["holder_type_id", "holder_id", "content_type_id", "content_id"])
    .where((eb) =>
      eb.or(
        [...new Set(changed.map((c) => `${c.content_type_id}:${c.content_id}`))].map((key) => {
          const [type, id] = key.split(":").map(Number);
          return eb.and([eb("content_type_id", "=", type), eb("content_id", "=", id)]);
        }),
      ),
    )
    .execute();
  const moves: Move[] = [];
  for (const key of new Set(holding.map((h) => `${h.holder_type_id}:${h.holder_id}`))) {
    const [typeId, id] = key.split(":").map(Number);
    const held = holding.filter((h) => h.holder_type_id === typeId && h.holder_id === id);
    const accounts = [
      ...new Set(
        changed
          .filter((c) => held.some((h) => h.content_type_id === c.content_type_id && h.content_id === c.content_id))
          .map((c) => c.account_id),
      ),
    ];
    moves.push(...(await derive(trx, { typeId, id }, accounts)));
  }
  return moves;
}

/** The moves of the given learners' records of one holder, from their records of its contents. */
async function derive(trx: Trx, holder: { typeId: number; id: number }, accounts: number[]): Promise<Move[]> {
  const all = await trx
    .selectFrom("content_sequence")
    .select(["content_type_id", "content_id"])
    .where("holder_type_id", "=", holder.typeId)
    .where("holder_id", "=", holder.id)
    .execute();
  const records = await trx
    .selectFrom("content_enrollment")
    .select(["id", "account_id", "status", "datetime_start"])
    .where("content_type_id", "=", holder.typeId)
    .where("content_id", "=", holder.id)
    .where("account_id", "in", accounts)
    .where("status", "in", FOLLOWING)
    .execute();
  if (!records.length) return [];
  const statuses = await trx
    .selectFrom("content_enrollment")
    .select(["account_id", "content_type_id", "content_id", "status"])
    .where(
      "account_id",
      "in",
      records.map((r) => r.account_id),
    )
    .where((eb) =>
      eb.or(
        all.map((c) => eb.and([eb("content_type_id", "=", c.content_type_id), eb("content_id", "=", c.content_id)])),
      ),
    )
    .execute();
  return records.flatMap((r) => {
    const mine = statuses.filter((s) => s.account_id === r.account_id);
    const completed = all.every((c) =>
      mine.some(
        (s) =>
          s.content_type_id === c.content_type_id &&
          s.content_id === c.content_id &&
          (COMPLETED_STATUSES as readonly number[]).includes(s.status),
      ),
    );
    const to = completed ? 30 : mine.some((s) => STARTED.includes(s.status)) ? 21 : 0;
    // A path once started stays started: only its contents' completion moves it back (30 → 21).
    if (to === r.status || to === 0) return [];
    return [{ id: r.id, status: r.status, datetime_start: r.datetime_start, to }];
  });
}

import { sql, type SqlBool } from "kysely";
import { GRANTED_KINDS, type GrantedKind } from "../../contract/permissions";
import type { Db } from "../db/index";
import type { Trx } from "../engine/crud";

/**
 * Which kinds' items grant an account a role (docs/decisions/102): the permission answer's
 * `granted`, so the dashboard shows the kind's menu entry and pages to whoever holds a role on one
 * of its items. Kept apart from the content engine (as decided-kinds.ts), which reads the same
 * conditions for the items themselves (api/content/learning-playlist/collaborators.ts).
 */

/** The groups of accounts `accountId` is a member of, as a subquery of their ids. */
export const groupsOf = (accountId: number) =>
  sql`(select ${sql.ref("m.group_id")} from ${sql.table("account_group_member")} as m where ${sql.ref("m.account_id")} = ${accountId})`;

/** The playlists (alias `alias`) that grant `accountId` a role: it owns them, or a collaborator row names it or one of its groups. */
export const playlistGrantedTo = (accountId: number, alias = "t") =>
  sql<SqlBool>`(${sql.ref(`${alias}.owner_id`)} = ${accountId} or ${sql.ref(`${alias}.id`)} in (select ${sql.ref("c.learning_playlist_id")} from ${sql.table("learning_playlist_collaborator")} as c where ${sql.ref("c.account_id")} = ${accountId} or ${sql.ref("c.group_id")} in ${groupsOf(accountId)}))`;

const ANY_GRANT: Record<GrantedKind, (q: Db | Trx, accountId: number) => Promise<boolean>> = {
  learning_playlist: async (q, accountId) =>
    !!(await q
      .selectFrom("learning_playlist as p")
      .select("p.id")
      .where(playlistGrantedTo(accountId, "p"))
      .limit(1)
      .executeTakeFirst()),
};

/** The kinds some item of which grants account `accountId` a role. */
export async function grantedKinds(q: Db | Trx, accountId: number): Promise<GrantedKind[]> {
  const held = await Promise.all(GRANTED_KINDS.map((k) => ANY_GRANT[k](q, accountId)));
  return GRANTED_KINDS.filter((_, i) => held[i]);
}

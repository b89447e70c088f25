import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import { MSG } from "../../../contract/messages";
import { flag, type Action, type Module } from "../../../contract/permissions";
import { PLAYLIST_MANAGING_ROLES, PLAYLIST_ROLE_ACTIONS, type PlaylistRole } from "../../../contract/playlist-codes";
import { GROUP_TYPE } from "../../../contract/schemas/group";
import {
  collaboratorRoleSchema,
  collaboratorSchema,
  type Collaborator,
  type CollaboratorInput,
  type PlaylistGrant,
} from "../../../contract/schemas/playlist";
import { groupsOf, playlistGrantedTo } from "../../auth/granted-kinds";
import type { Db } from "../../db/index";
import { accountChoicesPage } from "../../engine/account-choices";
import {
  itemAccess,
  itemActions,
  itemId,
  likePattern,
  touch,
  writeTransaction,
  type AnyResource,
  type ItemGrants,
  type Trx,
} from "../../engine/crud";
import { presentAccountOption } from "../../engine/people";
import type { ApiContext } from "../../http/context";
import { badRequest, forbidden, notFound, parseChanges, parseInput } from "../../http/errors";
import { paginate, readPageQuery } from "../../http/paging";

/**
 * A playlist's owner and collaborators, and what they may do on it (spec 001 §3 "Collaborator:
 * account, group_list"; spec 002 §6 playlist roles; issue 36 §4, docs/decisions/102). The engine
 * asks `playlistGrants` wherever the flags fall short (api/engine/crud.ts itemAccess), so every
 * call on a playlist — its settings, its contents, its followers — honours the roles alike.
 *
 *   GET    learning-playlist/{id}/grant/                              what the signed-in account may do here
 *   GET    learning-playlist/{id}/collaborator/                       the collaborators (view)
 *   POST   learning-playlist/{id}/collaborator/                       {account | group, role} (managing)
 *   PATCH  learning-playlist/{id}/collaborator/{collaboratorid}/      {role} (managing)
 *   DELETE learning-playlist/{id}/collaborator/{collaboratorid}/      (managing)
 *   GET    learning-playlist/{id}/collaborator/account/               active accounts not named yet (managing)
 *   GET    learning-playlist/{id}/collaborator/group/                 groups of accounts not named yet (managing)
 *
 * Managing (naming, changing, removing collaborators) takes the playlist change flag, or being its
 * owner or one of its admins: an editor may change the playlist, not who else may.
 */

const ID = "(^\\d{1,12})";
const BASE = `/dashboard/learning-playlist/:id${ID}/`;
const COLLABORATORS = `${BASE}collaborator/`;
const ONE = `${COLLABORATORS}:collaboratorid${ID}/`;

/** The roles the account holds on the playlist: "owner", and each collaborator row naming it or one of its groups. */
async function rolesOn(q: Db | Trx, accountId: number, id: number): Promise<(PlaylistRole | "owner")[]> {
  const [owned, rows] = await Promise.all([
    q
      .selectFrom("learning_playlist")
      .select("id")
      .where("id", "=", id)
      .where("owner_id", "=", accountId)
      .executeTakeFirst(),
    q
      .selectFrom("learning_playlist_collaborator as c")
      .select("c.role")
      .where("c.learning_playlist_id", "=", id)
      .where(
        sql<SqlBool>`(${sql.ref("c.account_id")} = ${accountId} or ${sql.ref("c.group_id")} in ${groupsOf(accountId)})`,
      )
      .execute(),
  ]);
  return [...(owned ? (["owner"] as const) : []), ...rows.map((r) => r.role as PlaylistRole)];
}

export const playlistGrants: ItemGrants = {
  items: (accountId) => playlistGrantedTo(accountId),
  async actions(q, accountId, id) {
    const roles = await rolesOn(q, accountId, id);
    return new Set<Action>(roles.flatMap((r) => PLAYLIST_ROLE_ACTIONS[r]));
  },
  // A write that would leave its writer without a role (the owner handing it away) is refused on the owner.
  field: "owner",
};

/** The collaborators of a playlist, oldest first, as the contract answers them. */
function collaboratorQuery(db: Db, playlistId: number) {
  return db
    .selectFrom("learning_playlist_collaborator as c")
    .leftJoin("account as a", "a.id", "c.account_id")
    .leftJoin("account_group as g", "g.id", "c.group_id")
    .select(["c.id", "c.role", "c.datetime_create", "g.id as group_id", "g.name as group_name"])
    .select(["a.id as account_id", "a.username", "a.first_name", "a.last_name"])
    .where("c.learning_playlist_id", "=", playlistId)
    .orderBy("c.id");
}

type CollaboratorRaw = Awaited<ReturnType<ReturnType<typeof collaboratorQuery>["execute"]>>[number];

const presentCollaborator = (r: CollaboratorRaw): Collaborator => ({
  id: r.id,
  role: r.role as PlaylistRole,
  account:
    r.account_id === null
      ? null
      : (({ id, name, code }) => ({ id, name, username: code }))(
          presentAccountOption({
            id: r.account_id,
            username: r.username ?? "",
            first_name: r.first_name ?? "",
            last_name: r.last_name ?? "",
          }),
        ),
  group: r.group_id === null ? null : { id: r.group_id, name: r.group_name ?? "" },
  datetime_create: r.datetime_create,
});

/** Access to the playlist for naming its collaborators: its change flag, or its owner or an admin of it. */
async function managingAccess(req: FastifyRequest, db: Db, resource: AnyResource) {
  const access = await itemAccess(req, db, resource, ["change"]);
  if (access.byGrant && !(await isManaging(db, access.account.id, access.id, access.flags, resource.module)))
    throw forbidden();
  return access;
}

async function isManaging(db: Db, accountId: number, id: number, flags: Set<string>, module: Module) {
  if (flags.has(flag(module, "change"))) return true;
  const roles = await rolesOn(db, accountId, id);
  return roles.some((r) => PLAYLIST_MANAGING_ROLES.includes(r));
}

/** Add a collaborator: an active account or a group of accounts, not named on this playlist yet. */
async function addCollaborator(trx: Trx, playlistId: number, input: CollaboratorInput, at: string) {
  const field = input.account !== undefined ? "account" : "group";
  const target =
    input.account !== undefined
      ? await trx
          .selectFrom("account")
          .select("id")
          .where("id", "=", input.account)
          .where("is_active", "=", 1)
          .executeTakeFirst()
      : // Named people, not whoever a condition matches: the grants are read in one query (decision 102).
        await trx
          .selectFrom("account_group")
          .select("id")
          .where("id", "=", input.group!)
          .where("type", "=", GROUP_TYPE.account)
          .executeTakeFirst();
  if (!target) throw badRequest({ [field]: [MSG.invalid_choice] });
  const column = field === "account" ? "account_id" : "group_id";
  const taken = await trx
    .selectFrom("learning_playlist_collaborator")
    .select("id")
    .where("learning_playlist_id", "=", playlistId)
    .where(column, "=", target.id)
    .executeTakeFirst();
  if (taken) throw badRequest({ [field]: [MSG.already_added] });
  const row = await trx
    .insertInto("learning_playlist_collaborator")
    .values({
      learning_playlist_id: playlistId,
      account_id: field === "account" ? target.id : null,
      group_id: field === "group" ? target.id : null,
      role: input.role,
      datetime_create: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function collaboratorRoutes(app: FastifyInstance, { db, now }: ApiContext, resource: AnyResource) {
  app.get(`${BASE}grant/`, async (req): Promise<PlaylistGrant> => {
    const { account, id, flags } = await itemAccess(req, db, resource, []);
    const actions = (await itemActions(req, db, resource, id)).filter(
      (a): a is PlaylistGrant["actions"][number] => a === "view" || a === "change",
    );
    return { actions, is_managing: await isManaging(db, account.id, id, flags, resource.module) };
  });

  app.get(COLLABORATORS, async (req) => {
    const { id } = await itemAccess(req, db, resource, []);
    const page = await paginate(req, collaboratorQuery(db, id), readPageQuery(req));
    return { ...page, results: page.results.map(presentCollaborator) };
  });

  app.post(COLLABORATORS, async (req, reply) => {
    const { id } = await managingAccess(req, db, resource);
    const input = parseInput(collaboratorSchema, req.body, "top");
    const at = now();
    const rowId = await writeTransaction(db, async (trx) => {
      const made = await addCollaborator(trx, id, input, at.toISOString());
      await touch(trx, resource, id, at);
      return made;
    });
    const row = await collaboratorQuery(db, id).where("c.id", "=", rowId).executeTakeFirstOrThrow();
    return reply.status(201).send(presentCollaborator(row));
  });

  app.patch(ONE, async (req) => {
    const { id } = await managingAccess(req, db, resource);
    const collaboratorId = itemId(req, "collaboratorid");
    const input = parseChanges(collaboratorRoleSchema, req.body, "top");
    await writeTransaction(db, async (trx) => {
      const res = await trx
        .updateTable("learning_playlist_collaborator")
        .set({ role: input.role })
        .where("id", "=", collaboratorId)
        .where("learning_playlist_id", "=", id)
        .executeTakeFirst();
      if (!Number(res.numUpdatedRows)) throw notFound();
      await touch(trx, resource, id, now());
    });
    return presentCollaborator(
      await collaboratorQuery(db, id).where("c.id", "=", collaboratorId).executeTakeFirstOrThrow(),
    );
  });

  app.delete(ONE, async (req, reply) => {
    const { id } = await managingAccess(req, db, resource);
    const collaboratorId = itemId(req, "collaboratorid");
    await writeTransaction(db, async (trx) => {
      const res = await trx
        .deleteFrom("learning_playlist_collaborator")
        .where("id", "=", collaboratorId)
        .where("learning_playlist_id", "=", id)
        .executeTakeFirst();
      if (!Number(res.numDeletedRows)) throw notFound();
      await touch(trx, resource, id, now());
    });
    return reply.status(204).send();
  });

  // Who may still be named: not the accounts and groups this playlist names already.
  app.get(`${COLLABORATORS}account/`, async (req) => {
    const { id } = await managingAccess(req, db, resource);
    return accountChoicesPage(req, db, {
      except: sql<SqlBool>`not exists (select 1 from ${sql.table("learning_playlist_collaborator")} as c where ${sql.ref("c.learning_playlist_id")} = ${id} and ${sql.ref("c.account_id")} = ${sql.ref("a.id")})`,
    });
  });

  app.get(`${COLLABORATORS}group/`, async (req) => {
    const { id } = await managingAccess(req, db, resource);
    const q = readPageQuery(req);
    let query = db
      .selectFrom("account_group as g")
      .select(["g.id", "g.name", "g.code"])
      .where("g.type", "=", GROUP_TYPE.account)
      .where(
        sql<SqlBool>`not exists (select 1 from ${sql.table("learning_playlist_collaborator")} as c where ${sql.ref("c.learning_playlist_id")} = ${id} and ${sql.ref("c.group_id")} = ${sql.ref("g.id")})`,
      );
    if (q.search)
      query = query.where(sql<SqlBool>`lower(${sql.ref("g.name")}) like ${likePattern(q.search)} escape '\\'`);
    return paginate(req, query.orderBy(sql`lower(${sql.ref("g.name")})`).orderBy("g.id"), q);
  });
}

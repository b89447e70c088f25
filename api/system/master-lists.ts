import type { FastifyInstance } from "fastify";
import { MSG } from "../../contract/messages";
import { flag } from "../../contract/permissions";
import { masterSchemas, type MasterRow } from "../../contract/schemas/organisation";
import { requirePermission } from "../auth/permissions";
import type { Db } from "../db/index";
import { itemId, writeTransaction, type Trx } from "../engine/crud";
import type { ApiContext } from "../http/context";
import { createOnce } from "../http/idempotency";
import { ApiError, notFound, parseChanges, parseInput } from "../http/errors";
import { textLimits } from "./config-store";
import { NAME_UNIQUE, assertCodeFree, assertNameFree, fromMaster, masterList, touchFilters } from "./master";
import { usedByContent } from "./master-crud";
import { accountsIn, namedByPermissionRules } from "./organisation-kit";

/**
 * Levels and positions have no module of their own in spec 002 §6: they are managed on the user
 * pages (/user/level), so the account flags guard them (docs/decisions/029).
 */
const ACCOUNT = {
  view: flag("account", "view"),
  add: flag("account", "add"),
  change: flag("account", "change"),
  delete: flag("account", "delete"),
} as const;

type MasterTable = "level" | "position";

/** The rows of `ids`, in that order, with how many people hold each. */
async function present(db: Db | Trx, table: MasterTable, ids: number[]): Promise<MasterRow[]> {
  if (!ids.length) return [];
  const column = `${table}_id` as "level_id";
  const [rows, counts] = await Promise.all([
    fromMaster(db, table).select(["t.id", "t.name", "t.code"]).where("t.id", "in", ids).execute(),
    db
      .selectFrom("account")
      .select((eb) => [eb.ref(column).as("ref"), eb.fn.countAll<number>().as("n")])
      .where(column, "in", ids)
      .groupBy(column)
      .execute(),
  ]);
  const n = new Map(counts.map((c) => [c.ref, Number(c.n)]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [{ id: r.id, name: r.name, code: r.code, count_account: n.get(r.id) ?? 0 }] : [];
  });
}

async function loadOne(db: Db | Trx, table: MasterTable, id: number): Promise<MasterRow> {
  const [row] = await present(db, table, [id]);
  if (!row) throw notFound();
  return row;
}

/**
 * GET/POST dashboard/{level|position}/ and GET/PATCH/DELETE …/{id}/ (docs/decisions/029): the
 * paged list (search name and code, ordering name, code, id) with how many people hold each; a
 * name or code another row has is refused (name_already_used, code_already_used: issue 33);
 * delete is refused (424) while people hold it or something names it.
 */
function levelOrPositionRoutes(app: FastifyInstance, ctx: ApiContext, table: MasterTable) {
  const { db } = ctx;
  const base = `/dashboard/${table}/`;
  const item = `${base}:id(^\\d{1,12})/`;

  app.get(base, async (req) => {
    await requirePermission(req, db, ACCOUNT.view);
    return masterList(req, db, table, null, (ids) => present(db, table, ids));
  });

  app.get(item, async (req) => {
    await requirePermission(req, db, ACCOUNT.view);
    return loadOne(db, table, itemId(req));
  });

  app.post(base, async (req, reply) => {
    await requirePermission(req, db, ACCOUNT.add);
    return createOnce(req, reply, ctx, {
      answer: (id) => loadOne(db, table, id),
      create: async (keep) => {
        const input = parseInput(masterSchemas(await textLimits(db)).create, req.body);
        return writeTransaction(
          db,
          async (trx) => {
            await touchFilters(trx, [table], ctx.now());
            await assertNameFree(trx, table, input.name, null);
            await assertCodeFree(trx, table, input.code, null);
            return keep(
              trx,
              (
                await trx
                  .insertInto(table)
                  .values({ name: input.name, code: input.code })
                  .returning("id")
                  .executeTakeFirstOrThrow()
              ).id,
            );
          },
          NAME_UNIQUE,
        );
      },
    });
  });

  app.patch(item, async (req) => {
    await requirePermission(req, db, ACCOUNT.change);
    const id = itemId(req);
    const input = parseChanges(masterSchemas(await textLimits(db)).update, req.body);
    await writeTransaction(
      db,
      async (trx) => {
        await touchFilters(trx, [table], ctx.now());
        await loadOne(trx, table, id);
        await assertNameFree(trx, table, input.name, id);
        await assertCodeFree(trx, table, input.code, id);
        const set = {
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.code !== undefined ? { code: input.code } : {}),
        };
        if (Object.keys(set).length) await trx.updateTable(table).set(set).where("id", "=", id).execute();
      },
      NAME_UNIQUE,
    );
    return loadOne(db, table, id);
  });

  app.delete(item, async (req, reply) => {
    await requirePermission(req, db, ACCOUNT.delete);
    const id = itemId(req);
    await writeTransaction(db, async (trx) => {
      await touchFilters(trx, [table], ctx.now());
      await loadOne(trx, table, id);
      if ((await accountsIn(trx, table, id)) > 0) throw new ApiError(424, { detail: MSG.in_use_by_users });
      const named =
        (await namedByPermissionRules(trx, table, id)) ||
        (table === "level" && (await usedByContent(trx, "content_level", id)));
      if (named) throw new ApiError(424, { detail: MSG.cannot_delete_because_dependency });
      await trx.deleteFrom(table).where("id", "=", id).execute();
    });
    return reply.status(204).send();
  });
}

/** Levels and positions. */
export function masterListRoutes(app: FastifyInstance, ctx: ApiContext) {
  levelOrPositionRoutes(app, ctx, "level");
  levelOrPositionRoutes(app, ctx, "position");
}

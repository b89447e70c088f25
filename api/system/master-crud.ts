import type { FastifyInstance, FastifyRequest } from "fastify";
import { textLimits } from "./config-store";
import type { RawBuilder, SqlBool } from "kysely";
import type { z } from "zod/v4";
import type { FilterName } from "../../contract/config";
import { MSG } from "../../contract/messages";
import type { Module } from "../../contract/permissions";
import type { ContentLimits } from "../../contract/schemas/content";
import { CONTENT_DEFINITIONS } from "../content/types";
import type { Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { createOnce } from "../http/idempotency";
import { ApiError, notFound, parseChanges, parseInput } from "../http/errors";
import { writeTransaction, type Trx } from "../engine/crud";
import {
  CODE_UNIQUE,
  assertCodeFree,
  existingId,
  fromMaster,
  imageRoutes,
  masterList,
  requireModule,
  touchFilters,
  type ImageTable,
} from "./master";
import { removeAdmins, roleAdminRoutes, type RoleKind } from "./role-admins";

/**
 * The calls of one kind of master data with an image (providers, instructors, categories),
 * under /api/dashboard/{path}/ with the flags of its module:
 *
 * - GET    ./            paged, `search` (name, code), `ordering` (name, code, id)       view
 * - POST   ./            create (201, the item)                                         add
 * - GET    ./{id}/       the item                                                       view
 * - PATCH  ./{id}/       the fields given (the item)                                    change
 * - DELETE ./{id}/       204; 424 cannot_delete_because_dependency while in use          delete
 * - POST/DELETE ./{id}/image/                                                           change
 * - ./{id}/admin/ …      its administrators, when it has them (role-admins.ts)          view / change
 *
 * Every write runs in one transaction (a refusal writes nothing), checks the code is free and
 * refreshes the filter lists the rows appear in.
 */
export type MasterDef<C extends Record<string, unknown>, U extends Record<string, unknown>> = {
  path: string;
  table: ImageTable;
  module: Module;
  /** The table keeps datetime_create / datetime_update, which every write sets. */
  stamped?: boolean;
  filters: readonly FilterName[];
  /** The administrators' role kind, when the rows have administrators. */
  adminKind?: RoleKind;
  schemas: (limits: ContentLimits) => { create: z.ZodType<C>; update: z.ZodType<U> };
  /** A list's extra condition on `t` from its query (e.g. a parent), or null. */
  listWhere?: (req: FastifyRequest) => RawBuilder<SqlBool> | null;
  present: (db: Db | Trx, ids: number[]) => Promise<unknown[]>;
  /** Check the input beyond its shape (ids exist, no cycle): throw the 400. */
  check?: (trx: Trx, input: C | U, selfId: number | null) => Promise<void>;
  /** The input as the table's columns. */
  columns: (input: C | U) => Record<string, unknown>;
  /**
   * Whether something still uses the row: its delete answers 424 with
   * cannot_delete_because_dependency, or with the message key given instead (a clearer reason).
   */
  inUse: (trx: Trx, id: number) => Promise<boolean | string>;
};

// The factory treats every kind alike; the input types matter only inside each definition.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyMasterDef = MasterDef<any, any>;

/** Whether some content of any type names the row through `column` (its category, provider or content level). */
export async function usedByContent(
  trx: Trx,
  column: "category_id" | "provider_id" | "content_level",
  id: number,
): Promise<boolean> {
  for (const def of CONTENT_DEFINITIONS) {
    const hit = await trx
      .selectFrom(`${def.resource.table} as t` as "course as t")
      .select("t.id")
      .where(`t.${column}`, "=", id)
      .executeTakeFirst();
    if (hit) return true;
  }
  return false;
}

export function masterRoutes(app: FastifyInstance, ctx: ApiContext, def: AnyMasterDef) {
  const { db } = ctx;
  const base = `/dashboard/${def.path}/`;
  const item = `${base}:id(^\\d{1,12})/`;
  const load = async (id: number) => (await def.present(db, [id]))[0];
  const finish = (trx: Trx) => touchFilters(trx, def.filters, ctx.now());
  const stamps = (create: boolean) => {
    if (!def.stamped) return {};
    const at = ctx.now().toISOString();
    return create ? { datetime_create: at, datetime_update: at } : { datetime_update: at };
  };

  app.get(base, async (req) => {
    await requireModule(req, db, def.module, "view");
    return masterList(req, db, def.table, def.listWhere?.(req) ?? null, (ids) => def.present(db, ids));
  });

  app.post(base, async (req, reply) => {
    await requireModule(req, db, def.module, "add");
    return createOnce(req, reply, ctx, {
      answer: load,
      create: async (keep) => {
        const input = parseInput(def.schemas(await textLimits(db)).create, req.body) as Record<string, unknown>;
        return writeTransaction(
          db,
          async (trx) => {
            await assertCodeFree(trx, def.table, input.code as string | null, null);
            await def.check?.(trx, input, null);
            const row = await trx
              .insertInto(def.table)
              .values({ ...def.columns(input), ...stamps(true) } as never)
              .returning("id")
              .executeTakeFirstOrThrow();
            await finish(trx);
            return keep(trx, row.id);
          },
          CODE_UNIQUE,
        );
      },
    });
  });

  app.get(item, async (req) => {
    await requireModule(req, db, def.module, "view");
    return load(await existingId(req, db, def.table));
  });

  app.patch(item, async (req) => {
    await requireModule(req, db, def.module, "change");
    const id = await existingId(req, db, def.table);
    const input = parseChanges(def.schemas(await textLimits(db)).update, req.body) as Record<string, unknown>;
    await writeTransaction(
      db,
      async (trx) => {
        await assertCodeFree(trx, def.table, input.code as string | null | undefined, id);
        await def.check?.(trx, input, id);
        const set = def.columns(input);
        if (Object.keys(set).length)
          await trx
            .updateTable(def.table)
            .set({ ...set, ...stamps(false) } as never)
            .where("id", "=", id)
            .execute();
        await finish(trx);
      },
      CODE_UNIQUE,
    );
    return load(id);
  });

  app.delete(item, async (req, reply) => {
    await requireModule(req, db, def.module, "delete");
    const id = await existingId(req, db, def.table);
    await writeTransaction(db, async (trx) => {
      const used = await def.inUse(trx, id);
      if (used)
        throw new ApiError(424, { detail: typeof used === "string" ? used : MSG.cannot_delete_because_dependency });
      if (def.adminKind) await removeAdmins(trx, def.adminKind, id);
      await trx.deleteFrom(def.table).where("id", "=", id).execute();
      await finish(trx);
    });
    return reply.status(204).send();
  });

  imageRoutes(app, ctx, { path: def.path, table: def.table, module: def.module, stamped: def.stamped, load });

  if (def.adminKind) {
    roleAdminRoutes(app, ctx, {
      path: def.path,
      kind: def.adminKind,
      access: async (req, id, action) => {
        await requireModule(req, db, def.module, action);
        if (!(await fromMaster(db, def.table).select("t.id").where("t.id", "=", id).executeTakeFirst()))
          throw notFound();
      },
    });
  }
}

/** Only the fields given, renamed where the column differs (`parent` → parent_id). */
export function pickColumns(
  input: Record<string, unknown>,
  rename: Record<string, string> = {},
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(input)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [rename[k] ?? k, v]),
  );
}

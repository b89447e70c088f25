import type { FastifyInstance } from "fastify";
import { MSG } from "../../contract/messages";
import { instructorSchemas, providerSchemas, type Instructor, type Provider } from "../../contract/schemas/master-data";
import type { Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { badRequest } from "../http/errors";
import type { Trx } from "../engine/crud";
import { masterRoutes, pickColumns, usedByContent } from "./master-crud";
import { highlightRoutes } from "./provider-highlights";

/**
 * Providers and instructors (spec 000 §2.11 /provider, create, {providerid} with admin and
 * highlight; /instructor, create, {instructorid}, admin; spec 001 §3). Their administrators are
 * the accounts holding the provider / instructor role (role-admins.ts, docs/decisions/030):
 * the scopes by which provider and instructor staff see content (docs/decisions/006).
 */

/** How many administrators each row has. */
async function adminCounts(q: Db | Trx, kind: "provider" | "instructor", ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await q
    .selectFrom("account_role_scope")
    .select(["ref_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("kind", "=", kind)
    .where("ref_id", "in", ids)
    .groupBy("ref_id")
    .execute();
  return new Map(rows.map((r) => [r.ref_id, Number(r.n)]));
}

async function presentProviders(q: Db | Trx, ids: number[]): Promise<Provider[]> {
  if (!ids.length) return [];
  const rows = await q.selectFrom("provider").selectAll().where("id", "in", ids).execute();
  const admins = await adminCounts(q, "provider", ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id)!;
    return {
      id: r.id,
      name: r.name,
      code: r.code,
      about: r.about ?? "",
      desc: r.desc ?? "",
      image: r.image,
      count_admin: admins.get(id) ?? 0,
    };
  });
}

async function presentInstructors(q: Db | Trx, ids: number[]): Promise<Instructor[]> {
  if (!ids.length) return [];
  const rows = await q
    .selectFrom("instructor as i")
    .leftJoin("account as a", "a.id", "i.account_id")
    .select([
      "i.id",
      "i.name",
      "i.code",
      "i.contact",
      "i.overview",
      "i.image",
      "a.id as account_id",
      "a.username",
      "a.first_name",
      "a.last_name",
    ])
    .where("i.id", "in", ids)
    .execute();
  const admins = await adminCounts(q, "instructor", ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id)!;
    const account =
      r.account_id === null
        ? null
        : { id: r.account_id, name: `${r.first_name ?? ""} ${r.last_name ?? ""}`.trim() || (r.username ?? "") };
    return {
      id: r.id,
      name: r.name,
      code: r.code,
      contact: r.contact ?? "",
      overview: r.overview ?? "",
      image: r.image,
      account,
      count_admin: admins.get(id) ?? 0,
    };
  });
}

export function providerRoutes(app: FastifyInstance, ctx: ApiContext) {
  masterRoutes(app, ctx, {
    path: "provider",
    table: "provider",
    module: "provider",
    filters: ["provider"],
    adminKind: "provider",
    schemas: providerSchemas,
    present: presentProviders,
    columns: (input) => pickColumns(input),
    inUse: (trx, id) => usedByContent(trx, "provider_id", id),
  });
  highlightRoutes(app, ctx);
}

export function instructorRoutes(app: FastifyInstance, ctx: ApiContext) {
  masterRoutes(app, ctx, {
    path: "instructor",
    table: "instructor",
    module: "instructor",
    filters: ["instructor"],
    adminKind: "instructor",
    schemas: instructorSchemas,
    present: presentInstructors,
    // The instructor's own account, when given, must exist.
    check: async (trx, input) => {
      const account = (input as { account?: number | null }).account;
      if (
        typeof account === "number" &&
        !(await trx.selectFrom("account").select("id").where("id", "=", account).executeTakeFirst())
      ) {
        throw badRequest({ account: [MSG.invalid_choice] });
      }
    },
    columns: (input) => pickColumns(input, { account: "account_id" }),
    // A course (or another content) that lists the instructor.
    inUse: async (trx, id) =>
      !!(await trx
        .selectFrom("course_instructor")
        .select("course_id")
        .where("instructor_id", "=", id)
        .executeTakeFirst()),
  });
}

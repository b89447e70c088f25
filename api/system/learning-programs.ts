import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { learningProgramSchemas, type LearningProgram, type ProgramContent } from "../../contract/schemas/master-data";
import { CONTENT_DEFINITIONS } from "../content/types";
import type { Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { paginate, readPageQuery } from "../http/paging";
import { fromResource, type Trx } from "../engine/crud";
import { existingId, requireModule } from "./master";
import { masterRoutes, pickColumns } from "./master-crud";

/**
 * Learning programs (spec 000 §2.6 /learning-program, create, {programid}, content; issue 36 §3,
 * docs/decisions/097) on the master data factory (master-crud.ts), with the learning_program
 * module's flags. A program groups contents: each content names its program in its `program`
 * field (the content form's select), and a program's content page lists them, of every type.
 * A program that contents still name is not deleted (424 cannot_delete_because_dependency).
 *
 * - GET ./{id}/content/   the contents naming it, paged, by name                          view
 */

/**
 * Every content type's rows naming one of the programs: one union over the content tables (each
 * indexed on `program`, migration 0052), read by the content page and counted for the list.
 */
function contentsOf(q: Db | Trx, programIds: number[]) {
  const parts = CONTENT_DEFINITIONS.map(({ resource }) => {
    let part = fromResource(q, resource.table)
      .select([
        sql<string>`${resource.contentType}`.as("content_type"),
        sql<number>`${sql.ref("t.program")}`.as("program"),
        "t.id",
        "t.name",
        "t.code",
        "t.is_display",
        "t.datetime_update",
      ])
      .where(sql.ref("t.program"), "in", programIds);
    if (resource.where) part = part.where(resource.where);
    return part;
  });
  return parts.slice(1).reduce((all, part) => all.unionAll(part), parts[0]);
}

/** How many contents name each program: one query over the same union. */
async function contentCounts(q: Db | Trx, ids: number[]): Promise<Map<number, number>> {
  const rows = await q
    .selectFrom(contentsOf(q, ids).as("c"))
    .select(["c.program", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("c.program")
    .execute();
  return new Map(rows.map((r) => [Number(r.program), Number(r.n)]));
}

async function presentPrograms(q: Db | Trx, ids: number[]): Promise<LearningProgram[]> {
  if (!ids.length) return [];
  const rows = await q.selectFrom("learning_program").selectAll().where("id", "in", ids).execute();
  const counts = await contentCounts(q, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const r = byId.get(id)!;
    return {
      id: r.id,
      name: r.name,
      code: r.code,
      desc: r.desc,
      image: r.image,
      count_content: counts.get(id) ?? 0,
      datetime_update: r.datetime_update,
    };
  });
}

export function learningProgramRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  masterRoutes(app, ctx, {
    path: "learning-program",
    table: "learning_program",
    module: "learning_program",
    stamped: true,
    filters: ["learning-program"],
    schemas: learningProgramSchemas,
    present: presentPrograms,
    columns: (input) => pickColumns(input),
    inUse: async (trx, id) => (await contentCounts(trx, [id])).has(id),
  });

  app.get("/dashboard/learning-program/:id(^\\d{1,12})/content/", async (req) => {
    await requireModule(req, db, "learning_program", "view");
    const id = await existingId(req, db, "learning_program");
    const page = await paginate(
      req,
      db
        .selectFrom(contentsOf(db, [id]).as("c"))
        .selectAll()
        .orderBy("c.name")
        .orderBy("c.content_type")
        .orderBy("c.id"),
      readPageQuery(req),
    );
    return {
      ...page,
      results: page.results.map((r): ProgramContent => ({
        id: Number(r.id),
        content_type: r.content_type,
        name: r.name,
        code: r.code,
        is_display: Number(r.is_display) === 1,
        datetime_update: r.datetime_update,
      })),
    };
  });
}

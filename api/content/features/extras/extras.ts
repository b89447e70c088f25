import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import { FEATURES } from "../../../../contract/features.js";
import { MSG } from "../../../../contract/messages";
import { DASHBOARD_FLAG } from "../../../../contract/permissions";
import {
  contentCompetencyCreateSchema,
  contentCompetencyUpdateSchema,
  criteriaSchemas,
  hasReward,
  type ContentCompetency,
  type ContentCompetencyCreateInput,
  type ContentCompetencyUpdateInput,
  type Criteria,
  type CriteriaCreateInput,
  type CriteriaUpdateInput,
} from "../../../../contract/schemas/extras";
import { requirePermission } from "../../../auth/permissions";
import { fromFlag, type Db } from "../../../db/index";
import type { ApiContext } from "../../../http/context";
import { switchedRoutes } from "../../../http/feature-switch";
import { ApiError, badRequest, notFound } from "../../../http/errors";
import { paginate, readPageQuery } from "../../../http/paging";
import { contentRowRoutes, type ContentRows } from "../../../engine/content-rows";
import { surveyRows } from "./survey-rows";
import { surveyResultRoutes } from "./survey-results";
import { textLimits } from "../../../system/config-store";
import { refColumns } from "../../ref";
import { likePattern, MAX_DB_ID, type Trx } from "../../../engine/crud";
import type { ContentDefinition } from "../../definition";

/**
 * The extra tabs of a content (issue 6 item 4; docs/decisions/012): competencies, surveys and
 * gamification criteria as rows of the content (content-rows.ts), mounted per content type by
 * its definition (content/mount.ts), and the filter lists the tabs choose from, mounted once
 * (`extraListRoutes`). The budget and the certificate have modules of their own.
 */

// ── Competency ─────────────────────────────────────────────────────────────────────────────────

const competencyQuery = (db: Db | Trx) =>
  db
    .selectFrom("content_competency as cc")
    .innerJoin("competency as c", "c.id", "cc.competency_id")
    .select([
      "cc.id",
      "cc.level",
      "cc.datetime_create",
      "c.id as competency_id",
      "c.name",
      "c.code",
      "c.level as competency_level",
    ]);
type CompetencyRow = Awaited<ReturnType<ReturnType<typeof competencyQuery>["executeTakeFirstOrThrow"]>>;
const presentCompetency = (r: CompetencyRow): ContentCompetency => ({
  id: r.id,
  competency: { id: r.competency_id, name: r.name, code: r.code, level: r.competency_level },
  level: r.level,
  datetime_create: r.datetime_create,
});

/** The required level lies within the competency's scale: 400 {level} otherwise. */
function checkLevel(level: number, competencyLevel: number) {
  if (level > competencyLevel) throw badRequest({ level: [MSG.competency_level_out_of_range] });
}

export const competencyRows: ContentRows<ContentCompetencyCreateInput, ContentCompetencyUpdateInput> = {
  path: "competency",
  table: "content_competency",
  change: "change",
  schemas: async () => ({ create: contentCompetencyCreateSchema, update: contentCompetencyUpdateSchema }),
  async list(req, db, ref, q) {
    const query = competencyQuery(db)
      .where("cc.content_type_id", "=", ref.contentTypeId)
      .where("cc.content_id", "=", ref.contentId)
      .orderBy(sql`lower(${sql.ref("c.name")})`)
      .orderBy("cc.id");
    const page = await paginate(req, query, q);
    return { ...page, results: page.results.map(presentCompetency) };
  },
  async load(db, rowId) {
    const row = await competencyQuery(db).where("cc.id", "=", rowId).executeTakeFirst();
    if (!row) throw notFound();
    return presentCompetency(row);
  },
  async insert(trx, ref, input, w) {
    const competency = await trx
      .selectFrom("competency")
      .select(["id", "level"])
      .where("id", "=", input.competency)
      .executeTakeFirst();
    if (!competency) throw badRequest({ competency: [MSG.invalid_choice] });
    const taken = await trx
      .selectFrom("content_competency")
      .select("id")
      .where("content_type_id", "=", ref.contentTypeId)
      .where("content_id", "=", ref.contentId)
      .where("competency_id", "=", input.competency)
      .executeTakeFirst();
    if (taken) throw badRequest({ competency: [MSG.already_added] });
    checkLevel(input.level, competency.level);
    const row = await trx
      .insertInto("content_competency")
      .values({
        ...refColumns(ref),
        competency_id: input.competency,
        level: input.level,
        datetime_create: w.now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  },
  async patch(trx, _ref, rowId, input) {
    const row = await competencyQuery(trx).where("cc.id", "=", rowId).executeTakeFirstOrThrow();
    checkLevel(input.level, row.competency_level);
    await trx.updateTable("content_competency").set({ level: input.level }).where("id", "=", rowId).execute();
  },
  async remove(trx, _ref, rowId) {
    await trx.deleteFrom("content_competency").where("id", "=", rowId).execute();
  },
  uniqueField: { field: "competency", message: MSG.already_added },
};

// ── Survey: survey-rows.ts (a content's, or a part's such as a class session's) ───────────────

// ── Gamification ───────────────────────────────────────────────────────────────────────────────

const criteriaQuery = (db: Db | Trx) =>
  db
    .selectFrom("content_gamification as g")
    .leftJoin("gamification_achievement as a", "a.id", "g.achievement_id")
    .leftJoin("gamification_challenge as ch", "ch.id", "g.challenge_id")
    .select((eb) => [
      "g.id",
      "g.name",
      "g.point",
      "g.achievement_id",
      "g.challenge_id",
      "a.name as achievement_name",
      "a.multiplier",
      "ch.name as challenge_name",
      eb
        .selectFrom("content_gamification_earned as e")
        .select((e) => e.fn.countAll<number>().as("n"))
        .whereRef("e.criteria_id", "=", "g.id")
        .as("earned_count"),
    ]);
type CriteriaRow = Awaited<ReturnType<ReturnType<typeof criteriaQuery>["executeTakeFirstOrThrow"]>>;
function presentCriteria(r: CriteriaRow): Criteria {
  const earned = Number(r.earned_count ?? 0);
  return {
    id: r.id,
    name: r.name,
    point: r.point,
    achievement:
      r.achievement_id === null
        ? null
        : { id: r.achievement_id, name: r.achievement_name ?? "", multiplier: r.multiplier ?? 1 },
    challenge: r.challenge_id === null ? null : { id: r.challenge_id, name: r.challenge_name ?? "" },
    earned_count: earned,
    is_in_use: earned > 0,
  };
}

/** "Criteria in use cannot be edited or deleted" (spec 001 §5): in use = a learner has earned it. */
export async function criteriaInUse(db: Db | Trx, criteriaId: number): Promise<boolean> {
  return !!(await db
    .selectFrom("content_gamification_earned")
    .select("criteria_id")
    .where("criteria_id", "=", criteriaId)
    .executeTakeFirst());
}
/** In use: an edit is refused with 400, a removal with 424, both `criteria_in_use`. */
async function refuseInUse(db: Db | Trx, criteriaId: number, what: "patch" | "delete") {
  if (await criteriaInUse(db, criteriaId))
    throw new ApiError(what === "patch" ? 400 : 424, { detail: MSG.criteria_in_use });
}

async function checkRewards(trx: Trx, input: { achievement?: number | null; challenge?: number | null }) {
  const errors: Record<string, string[]> = {};
  if (
    input.achievement != null &&
    !(await trx
      .selectFrom("gamification_achievement")
      .select("id")
      .where("id", "=", input.achievement)
      .executeTakeFirst())
  ) {
    errors.achievement = [MSG.invalid_choice];
  }
  if (
    input.challenge != null &&
    !(await trx.selectFrom("gamification_challenge").select("id").where("id", "=", input.challenge).executeTakeFirst())
  ) {
    errors.challenge = [MSG.invalid_choice];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

export const criteriaRows: ContentRows<CriteriaCreateInput, CriteriaUpdateInput> = {
  path: "gamification",
  table: "content_gamification",
  change: "change",
  schemas: async (db) => criteriaSchemas(await textLimits(db)),
  async list(req, db, ref, q) {
    const query = criteriaQuery(db)
      .where("g.content_type_id", "=", ref.contentTypeId)
      .where("g.content_id", "=", ref.contentId);
    const page = await paginate(req, query.orderBy("g.id"), q);
    return { ...page, results: page.results.map(presentCriteria) };
  },
  async load(db, rowId) {
    const row = await criteriaQuery(db).where("g.id", "=", rowId).executeTakeFirst();
    if (!row) throw notFound();
    return presentCriteria(row);
  },
  async insert(trx, ref, input, w) {
    await checkRewards(trx, input);
    const row = await trx
      .insertInto("content_gamification")
      .values({
        ...refColumns(ref),
        name: input.name,
        point: input.point,
        achievement_id: input.achievement,
        challenge_id: input.challenge,
        datetime_create: w.now.toISOString(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  },
  async patch(trx, _ref, rowId, input) {
    await refuseInUse(trx, rowId, "patch");
    await checkRewards(trx, input);
    const current = await trx
      .selectFrom("content_gamification")
      .select(["point", "achievement_id", "challenge_id"])
      .where("id", "=", rowId)
      .executeTakeFirstOrThrow();
    const merged = {
      point: input.point ?? current.point,
      achievement: input.achievement === undefined ? current.achievement_id : input.achievement,
      challenge: input.challenge === undefined ? current.challenge_id : input.challenge,
    };
    if (!hasReward(merged)) throw badRequest({ point: [MSG.criteria_reward_required] });
    await trx
      .updateTable("content_gamification")
      .set({
        ...(input.name !== undefined && { name: input.name }),
        point: merged.point,
        achievement_id: merged.achievement,
        challenge_id: merged.challenge,
      })
      .where("id", "=", rowId)
      .execute();
  },
  async remove(trx, _ref, rowId) {
    await refuseInUse(trx, rowId, "delete");
    await trx.deleteFrom("content_gamification").where("id", "=", rowId).execute();
  },
  guard: refuseInUse,
};

// ── Filter lists of the master data the tabs choose from ───────────────────────────────────────

type MasterTable = "competency" | "survey" | "gamification_achievement" | "gamification_challenge" | "budget_category";
type MasterList = {
  path: string;
  table: MasterTable;
  name: string;
  search: readonly string[];
  extra: readonly string[];
};

/** GET dashboard/filter/{path}/: the paged filter options {id, name, code, value} plus the list's own columns. */
const MASTER_LISTS: readonly MasterList[] = [
  { path: "competency", table: "competency", name: "name", search: ["name", "code"], extra: ["level"] },
  { path: "survey", table: "survey", name: "name", search: ["name", "code"], extra: ["survey_type", "is_publish"] },
  {
    path: "achievement",
    table: "gamification_achievement",
    name: "name",
    search: ["name", "code"],
    extra: ["multiplier"],
  },
  { path: "challenge", table: "gamification_challenge", name: "name", search: ["name", "code"], extra: [] },
  {
    path: "budget-category",
    table: "budget_category",
    name: "name_bp",
    search: ["name_bp", "name_ac", "code"],
    extra: ["name_bp", "name_ac", "type"],
  },
];
const FLAG_COLUMNS = new Set(["is_publish"]);

/** The lists named by `paths` (each mounted with the feature that picks from it). */
function masterListRoutes(app: FastifyInstance, ctx: ApiContext, ...paths: string[]) {
  const { db } = ctx;
  for (const list of MASTER_LISTS.filter((l) => paths.includes(l.path))) {
    app.get(`/dashboard/filter/${list.path}/`, async (req: FastifyRequest) => {
      await requirePermission(req, db, DASHBOARD_FLAG);
      const q = readPageQuery(req);
      const col = (c: string) => sql.ref(`t.${c}`);
      let query = db.selectFrom(`${list.table} as t` as "competency as t");
      if (q.id !== undefined) query = query.where("t.id", "=", q.id <= MAX_DB_ID ? q.id : 0);
      if (q.id_list !== undefined)
        query = query.where(
          "t.id",
          "in",
          q.id_list
            .split(",")
            .map(Number)
            .filter((n) => n <= MAX_DB_ID)
            .concat(0),
        );
      if (q.search) {
        const pattern = likePattern(q.search);
        query = query.where((eb) =>
          eb.or(list.search.map((c) => sql<SqlBool>`lower(${col(c)}) like ${pattern} escape '\\'`)),
        );
      }
      const selected = query
        .select(["t.id", "t.code", sql<string>`${col(list.name)}`.as("option_name")])
        .select(list.extra.map((c) => sql<string | number>`${col(c)}`.as(c)))
        .orderBy(sql`lower(${col(list.name)})`)
        .orderBy("t.id");
      const page = await paginate(req, selected, q);
      return {
        ...page,
        results: page.results.map((r) => {
          const row = r as Record<string, unknown> & { id: number; code: string; option_name: string };
          const out: Record<string, unknown> = { id: row.id, name: row.option_name, code: row.code, value: row.id };
          for (const c of list.extra) out[c] = FLAG_COLUMNS.has(c) ? fromFlag(row[c] as number) : row[c];
          return out;
        }),
      };
    });
  }
}

/**
 * The filter lists the tabs choose from, mounted once for every content type. A switched
 * feature's lists exist only while its config switches are on (docs/decisions/020), like its
 * rows; the switch names are the registry's.
 */
export function extraListRoutes(app: FastifyInstance, ctx: ApiContext) {
  switchedRoutes(app, ctx, FEATURES.competency, (scope) => masterListRoutes(scope, ctx, "competency"));
  switchedRoutes(app, ctx, FEATURES.gamification, (scope) => masterListRoutes(scope, ctx, "achievement", "challenge"));
  masterListRoutes(app, ctx, "survey", "budget-category");
}

/** dashboard/{path}/{id}/competency/…: the content's competencies (behind the competency switch). */
export function competencyRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) {
  switchedRoutes(app, ctx, FEATURES.competency, (scope) => contentRowRoutes(scope, ctx, def, competencyRows));
}

/** dashboard/{path}/{id}/gamification/…: the content's gamification criteria (behind the gamification switch). */
export function gamificationRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) {
  switchedRoutes(app, ctx, FEATURES.gamification, (scope) => contentRowRoutes(scope, ctx, def, criteriaRows));
}

/** dashboard/{path}/{id}/survey/…: the content's surveys. */
export function surveyRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) {
  contentRowRoutes(app, ctx, def, surveyRows);
  // Each attached survey's results among the content's learners (docs/decisions/081).
  surveyResultRoutes(app, ctx, def);
}

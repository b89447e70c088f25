import type { FastifyInstance, FastifyRequest } from "fastify";
import { sql, type SqlBool } from "kysely";
import { FEATURES } from "../../contract/features.js";
import { MSG } from "../../contract/messages";
import { DASHBOARD_FLAG } from "../../contract/permissions";
import {
  contentCompetencyCreateSchema,
  contentCompetencyUpdateSchema,
  contentSurveyCreateSchema,
  contentSurveyUpdateSchema,
  criteriaSchemas,
  hasReward,
  type ContentCompetency,
  type ContentCompetencyCreateInput,
  type ContentCompetencyUpdateInput,
  type ContentSurvey,
  type ContentSurveyCreateInput,
  type ContentSurveyUpdateInput,
  type Criteria,
  type CriteriaCreateInput,
  type CriteriaUpdateInput,
} from "../../contract/schemas/extras";
import { requirePermission } from "../auth/permissions";
import { fromFlag, toFlag, type Db } from "../db/index";
import type { ApiContext } from "../http/context";
import { switchedRoutes } from "../http/feature-switch";
import { ApiError, badRequest, notFound } from "../http/errors";
import { paginate, readPageQuery } from "../http/paging";
import { contentLimits, contentRowRoutes, type ContentRows } from "./content-rows";
import { courseResource } from "./course";
import { likePattern, MAX_DB_ID, type Trx } from "./crud";
import { budgetPriceRoutes, budgetRoutes } from "./budget";
import { certificateRoutes } from "./certificate";
import { discussionRoutes, identificationRoutes } from "./content-overall";
import { identificationTransactionRoutes, type IdentificationSource } from "./identification-transaction";
import { overallSummaryRoutes } from "./overall-summary";

/**
 * The extra tabs of a course (issue 6 item 4; docs/decisions/012): competencies, surveys and
 * gamification criteria as rows of the course (content-rows.ts), the budget and the certificate
 * (their own modules), the overall discussion and identification log, and the filter lists the
 * tabs choose from. `extrasRoutes` registers all of them.
 */

// ── Competency ─────────────────────────────────────────────────────────────────────────────────

const competencyQuery = (db: Db | Trx) =>
  db
    .selectFrom("course_competency as cc")
    .innerJoin("competency as c", "c.id", "cc.competency_id")
    .select(["cc.id", "cc.level", "cc.datetime_create", "c.id as competency_id", "c.name", "c.code", "c.level as competency_level"]);
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

export const courseCompetencyRows: ContentRows<ContentCompetencyCreateInput, ContentCompetencyUpdateInput> = {
  parent: courseResource,
  path: "competency",
  table: "course_competency",
  parentColumn: "course_id",
  change: "change",
  schemas: async () => ({ create: contentCompetencyCreateSchema, update: contentCompetencyUpdateSchema }),
  async list(req, db, parentId, q) {
    const query = competencyQuery(db).where("cc.course_id", "=", parentId).orderBy(sql`lower(${sql.ref("c.name")})`).orderBy("cc.id");
    const page = await paginate(req, query, q);
    return { ...page, results: page.results.map(presentCompetency) };
  },
  async load(db, rowId) {
    const row = await competencyQuery(db).where("cc.id", "=", rowId).executeTakeFirst();
    if (!row) throw notFound();
    return presentCompetency(row);
  },
  async insert(trx, parentId, input, w) {
    const competency = await trx.selectFrom("competency").select(["id", "level"]).where("id", "=", input.competency).executeTakeFirst();
    if (!competency) throw badRequest({ competency: [MSG.invalid_choice] });
    const taken = await trx.selectFrom("course_competency").select("id").where("course_id", "=", parentId).where("competency_id", "=", input.competency).executeTakeFirst();
    if (taken) throw badRequest({ competency: [MSG.already_added] });
    checkLevel(input.level, competency.level);
    const row = await trx
      .insertInto("course_competency")
      .values({ course_id: parentId, competency_id: input.competency, level: input.level, datetime_create: w.now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  },
  async patch(trx, _parentId, rowId, input) {
    const row = await competencyQuery(trx).where("cc.id", "=", rowId).executeTakeFirstOrThrow();
    checkLevel(input.level, row.competency_level);
    await trx.updateTable("course_competency").set({ level: input.level }).where("id", "=", rowId).execute();
  },
  async remove(trx, _parentId, rowId) {
    await trx.deleteFrom("course_competency").where("id", "=", rowId).execute();
  },
  uniqueField: { field: "competency", message: MSG.already_added },
};

// ── Survey ─────────────────────────────────────────────────────────────────────────────────────

const surveyQuery = (db: Db | Trx) =>
  db
    .selectFrom("course_survey as cs")
    .innerJoin("survey as s", "s.id", "cs.survey_id")
    .select(["cs.id", "cs.is_required", "cs.sort", "s.id as survey_id", "s.name", "s.code", "s.survey_type", "s.is_publish"]);
type SurveyRow = Awaited<ReturnType<ReturnType<typeof surveyQuery>["executeTakeFirstOrThrow"]>>;
const presentSurvey = (r: SurveyRow): ContentSurvey => ({
  id: r.id,
  survey: { id: r.survey_id, name: r.name, code: r.code, survey_type: r.survey_type, is_publish: fromFlag(r.is_publish) },
  is_required: fromFlag(r.is_required),
  sort: r.sort,
});

export const courseSurveyRows: ContentRows<ContentSurveyCreateInput, ContentSurveyUpdateInput> = {
  parent: courseResource,
  path: "survey",
  table: "course_survey",
  parentColumn: "course_id",
  change: "change",
  schemas: async () => ({ create: contentSurveyCreateSchema, update: contentSurveyUpdateSchema }),
  async list(req, db, parentId, q) {
    const page = await paginate(req, surveyQuery(db).where("cs.course_id", "=", parentId).orderBy("cs.sort").orderBy("cs.id"), q);
    return { ...page, results: page.results.map(presentSurvey) };
  },
  async load(db, rowId) {
    const row = await surveyQuery(db).where("cs.id", "=", rowId).executeTakeFirst();
    if (!row) throw notFound();
    return presentSurvey(row);
  },
  async insert(trx, parentId, input) {
    const survey = await trx.selectFrom("survey").select("id").where("id", "=", input.survey).executeTakeFirst();
    if (!survey) throw badRequest({ survey: [MSG.invalid_choice] });
    const taken = await trx.selectFrom("course_survey").select("id").where("course_id", "=", parentId).where("survey_id", "=", input.survey).executeTakeFirst();
    if (taken) throw badRequest({ survey: [MSG.already_added] });
    const last = await trx.selectFrom("course_survey").select((eb) => eb.fn.max("sort").as("sort")).where("course_id", "=", parentId).executeTakeFirst();
    const row = await trx
      .insertInto("course_survey")
      .values({ course_id: parentId, survey_id: input.survey, is_required: toFlag(input.is_required), sort: Number(last?.sort ?? 0) + 1 })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  },
  async patch(trx, _parentId, rowId, input) {
    await trx.updateTable("course_survey").set({ is_required: toFlag(input.is_required) }).where("id", "=", rowId).execute();
  },
  async remove(trx, _parentId, rowId) {
    await trx.deleteFrom("course_survey").where("id", "=", rowId).execute();
  },
  uniqueField: { field: "survey", message: MSG.already_added },
};

// ── Gamification ───────────────────────────────────────────────────────────────────────────────

const criteriaQuery = (db: Db | Trx) =>
  db
    .selectFrom("course_gamification as g")
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
      eb.selectFrom("gamification_earned as e").select((e) => e.fn.countAll<number>().as("n")).whereRef("e.criteria_id", "=", "g.id").as("earned_count"),
    ]);
type CriteriaRow = Awaited<ReturnType<ReturnType<typeof criteriaQuery>["executeTakeFirstOrThrow"]>>;
function presentCriteria(r: CriteriaRow): Criteria {
  const earned = Number(r.earned_count ?? 0);
  return {
    id: r.id,
    name: r.name,
    point: r.point,
    achievement: r.achievement_id === null ? null : { id: r.achievement_id, name: r.achievement_name ?? "", multiplier: r.multiplier ?? 1 },
    challenge: r.challenge_id === null ? null : { id: r.challenge_id, name: r.challenge_name ?? "" },
    earned_count: earned,
    is_in_use: earned > 0,
  };
}

/** "Criteria in use cannot be edited or deleted" (spec 001 §5): in use = a learner has earned it. */
export async function criteriaInUse(db: Db | Trx, criteriaId: number): Promise<boolean> {
  return !!(await db.selectFrom("gamification_earned").select("criteria_id").where("criteria_id", "=", criteriaId).executeTakeFirst());
}
/** In use: an edit is refused with 400, a removal with 424, both `criteria_in_use`. */
async function refuseInUse(db: Db | Trx, criteriaId: number, what: "patch" | "delete") {
  if (await criteriaInUse(db, criteriaId)) throw new ApiError(what === "patch" ? 400 : 424, { detail: MSG.criteria_in_use });
}

async function checkRewards(trx: Trx, input: { achievement?: number | null; challenge?: number | null }) {
  const errors: Record<string, string[]> = {};
  if (input.achievement != null && !(await trx.selectFrom("gamification_achievement").select("id").where("id", "=", input.achievement).executeTakeFirst())) {
    errors.achievement = [MSG.invalid_choice];
  }
  if (input.challenge != null && !(await trx.selectFrom("gamification_challenge").select("id").where("id", "=", input.challenge).executeTakeFirst())) {
    errors.challenge = [MSG.invalid_choice];
  }
  if (Object.keys(errors).length) throw badRequest(errors);
}

export const courseCriteriaRows: ContentRows<CriteriaCreateInput, CriteriaUpdateInput> = {
  parent: courseResource,
  path: "gamification",
  table: "course_gamification",
  parentColumn: "course_id",
  change: "change",
  schemas: async (db) => criteriaSchemas(await contentLimits(db)),
  async list(req, db, parentId, q) {
    const page = await paginate(req, criteriaQuery(db).where("g.course_id", "=", parentId).orderBy("g.id"), q);
    return { ...page, results: page.results.map(presentCriteria) };
  },
  async load(db, rowId) {
    const row = await criteriaQuery(db).where("g.id", "=", rowId).executeTakeFirst();
    if (!row) throw notFound();
    return presentCriteria(row);
  },
  async insert(trx, parentId, input, w) {
    await checkRewards(trx, input);
    const row = await trx
      .insertInto("course_gamification")
      .values({ course_id: parentId, name: input.name, point: input.point, achievement_id: input.achievement, challenge_id: input.challenge, datetime_create: w.now.toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  },
  async patch(trx, _parentId, rowId, input) {
    await refuseInUse(trx, rowId, "patch");
    await checkRewards(trx, input);
    const current = await trx.selectFrom("course_gamification").select(["point", "achievement_id", "challenge_id"]).where("id", "=", rowId).executeTakeFirstOrThrow();
    const merged = {
      point: input.point ?? current.point,
      achievement: input.achievement === undefined ? current.achievement_id : input.achievement,
      challenge: input.challenge === undefined ? current.challenge_id : input.challenge,
    };
    if (!hasReward(merged)) throw badRequest({ point: [MSG.criteria_reward_required] });
    await trx
      .updateTable("course_gamification")
      .set({
        ...(input.name !== undefined && { name: input.name }),
        point: merged.point,
        achievement_id: merged.achievement,
        challenge_id: merged.challenge,
      })
      .where("id", "=", rowId)
      .execute();
  },
  async remove(trx, _parentId, rowId) {
    await refuseInUse(trx, rowId, "delete");
    await trx.deleteFrom("course_gamification").where("id", "=", rowId).execute();
  },
  guard: refuseInUse,
};

// ── Filter lists of the master data the tabs choose from ───────────────────────────────────────

type MasterTable = "competency" | "survey" | "gamification_achievement" | "gamification_challenge" | "budget_category";
type MasterList = { path: string; table: MasterTable; name: string; search: readonly string[]; extra: readonly string[] };

/** GET dashboard/filter/{path}/: the paged filter options {id, name, code, value} plus the list's own columns. */
const MASTER_LISTS: readonly MasterList[] = [
  { path: "competency", table: "competency", name: "name", search: ["name", "code"], extra: ["level"] },
  { path: "survey", table: "survey", name: "name", search: ["name", "code"], extra: ["survey_type", "is_publish"] },
  { path: "achievement", table: "gamification_achievement", name: "name", search: ["name", "code"], extra: ["multiplier"] },
  { path: "challenge", table: "gamification_challenge", name: "name", search: ["name", "code"], extra: [] },
  { path: "budget-category", table: "budget_category", name: "name_bp", search: ["name_bp", "name_ac", "code"], extra: ["name_bp", "name_ac"] },
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
      if (q.id_list !== undefined) query = query.where("t.id", "in", q.id_list.split(",").map(Number).filter((n) => n <= MAX_DB_ID).concat(0));
      if (q.search) {
        const pattern = likePattern(q.search);
        query = query.where((eb) => eb.or(list.search.map((c) => sql<SqlBool>`lower(${col(c)}) like ${pattern} escape '\\'`)));
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

/** Where a course keeps the progress records and curriculum its identification transactions point at. */
const courseIdentification: IdentificationSource = {
  parent: courseResource,
  progress: { table: "course_enrollment", parentColumn: "course_id" },
  curriculum: { sections: "course_section", materials: "course_material" },
};

/** Everything of this module, registered with one line in server.ts. */
export function extrasRoutes(app: FastifyInstance, ctx: ApiContext) {
  // A switched feature's calls — its rows and the lists it picks from — exist only while its
  // config switches are on (docs/decisions/020); the switch names are the registry's.
  switchedRoutes(app, ctx, FEATURES.competency, (scope) => {
    masterListRoutes(scope, ctx, "competency");
    contentRowRoutes(scope, ctx, courseCompetencyRows);
  });
  switchedRoutes(app, ctx, FEATURES.gamification, (scope) => {
    masterListRoutes(scope, ctx, "achievement", "challenge");
    contentRowRoutes(scope, ctx, courseCriteriaRows);
  });
  switchedRoutes(app, ctx, FEATURES.coursePrice, (scope) => budgetPriceRoutes(scope, ctx, courseResource));
  masterListRoutes(app, ctx, "survey", "budget-category");
  contentRowRoutes(app, ctx, courseSurveyRows);
  budgetRoutes(app, ctx, courseResource);
  certificateRoutes(app, ctx, courseResource);
  discussionRoutes(app, ctx, courseResource);
  identificationRoutes(app, ctx, courseResource);
  identificationTransactionRoutes(app, ctx, courseIdentification);
  overallSummaryRoutes(app, ctx, courseIdentification);
}

import type { FastifyInstance, FastifyRequest } from "fastify";
import { exportQuerySchema } from "../../../../contract/schemas/enrollment";
import type { ContentSurveyResult } from "../../../../contract/schemas/survey";
import type { Db } from "../../../db/index";
import { localTime, pagesOf, sendTable, type ExportCell, type ExportColumn } from "../../../engine/table-export";
import type { ApiContext } from "../../../http/context";
import { notFound, parseInput } from "../../../http/errors";
import { paginate, readPageQuery } from "../../../http/paging";
import { configValues } from "../../../system/config-store";
import { answerPage, answerRows, learnersOf, submissionQuery, surveyQuestions } from "../../survey/answer-rows";
import { surveyResults } from "../../survey/results";
import type { ContentDefinition } from "../../definition";
import { contentAccess, ofContent } from "../../ref";
import { translator } from "../enrollment/learners";

const ID = "(^\\d{1,12})";

/**
 * A survey attached to a course or class, its results among that content's learners (issue 33
 * item 14, docs/decisions/081) — the survey results module (api/content/survey/results.ts) with
 * a respondent filter, not a copy:
 *   GET dashboard/{path}/{id}/survey/{rowid}/result/          counts, shares, averages (content's view)
 *   GET dashboard/{path}/{id}/survey/{rowid}/result/answer/   one row per respondent, paged, no
 *       names when the survey is anonymous (content's view)
 *   GET dashboard/{path}/{id}/survey/{rowid}/result/export/?format_type=xlsx|csv  those rows, all
 *       of them, as a spreadsheet (the content's export flag, as its learner export)
 * `rowid` is the content's survey row (the survey tab's), so a survey not attached here is a 404.
 */
export function surveyResultRoutes(app: FastifyInstance, ctx: ApiContext, def: ContentDefinition) {
  const { db } = ctx;
  const base = `/dashboard/${def.resource.path}/:id${ID}/survey/:rowid${ID}/result/`;

  /** The content (with `action`'s flag) and the survey its row `rowid` attaches, else 404. */
  async function attached(req: FastifyRequest, action: "view" | "export") {
    const { ref } = await contentAccess(req, db, def.resource, action);
    const rowId = Number((req.params as { rowid: string }).rowid);
    const survey = await db
      .selectFrom("content_survey as cs")
      .innerJoin("survey as s", "s.id", "cs.survey_id")
      .select(["s.id", "s.name", "s.is_anonymous", "s.form_id"])
      .where("cs.id", "=", rowId)
      .where(ofContent(ref, "cs"))
      .executeTakeFirst();
    if (!survey) throw notFound();
    return {
      survey: { ...survey, anonymous: survey.is_anonymous === 1 },
      respondents: learnersOf(ref.contentTypeId, ref.contentId),
    };
  }

  app.get(base, async (req): Promise<ContentSurveyResult> => {
    const { survey, respondents } = await attached(req, "view");
    return {
      survey: { id: survey.id, name: survey.name, is_anonymous: survey.anonymous },
      questions: await surveyQuestions(db, survey.form_id),
      result: await surveyResults(db, survey.id, respondents),
    };
  });

  app.get(`${base}answer/`, async (req) => {
    const { survey, respondents } = await attached(req, "view");
    const q = readPageQuery(req);
    if (survey.form_id === null) return { results: [], count: 0, page_size: q.page_size, next: null, page: 1 };
    return answerPage(await paginate(req, submissionQuery(db, survey.form_id, respondents), q), db, survey.anonymous);
  });

  app.get(`${base}export/`, async (req, reply) => {
    const { survey, respondents } = await attached(req, "export");
    const { format_type: format } = parseInput(exportQuerySchema, {
      format_type: (req.query as Record<string, unknown>)?.format_type,
    });
    return exportAnswers(db, req, reply, { ...survey, format }, respondents, ctx.now());
  });
}

/**
 * The individual answers as xlsx or csv: No., who (name and username, left out of an anonymous
 * survey's file altogether), when (the organisation's zone), then one column per question in the
 * form's order. Headings in the requester's language.
 */
async function exportAnswers(
  db: Db,
  req: FastifyRequest,
  reply: Parameters<typeof sendTable>[0],
  survey: { id: number; name: string; form_id: number | null; anonymous: boolean; format: "xlsx" | "csv" },
  respondents: ReturnType<typeof learnersOf>,
  now: Date,
) {
  const t = translator(req.account?.language);
  const { "time-zone-offset-minutes": offset } = await configValues(db, ["time-zone-offset-minutes"]);
  const questions = await surveyQuestions(db, survey.form_id);
  const columns: ExportColumn[] = [
    { header: t("export_col_no"), kind: "number", width: 6 },
    ...(survey.anonymous
      ? []
      : [
          { header: t("svy_answers_col_name"), width: 28 },
          { header: t("svy_answers_col_username"), width: 20 },
        ]),
    { header: t("svy_answers_col_answered"), kind: "date" as const },
    ...questions.map((q) => ({ header: q.text, width: 30 })),
  ];
  async function* rows(): AsyncGenerator<(ExportCell | Date)[]> {
    if (survey.form_id === null) return;
    const query = submissionQuery(db, survey.form_id, respondents);
    let n = 0;
    for await (const part of pagesOf((limit, offsetRows) => query.limit(limit).offset(offsetRows).execute(), 500)) {
      for (const r of await answerRows(db, part, survey.anonymous)) {
        yield [
          ++n,
          ...(survey.anonymous ? [] : [r.account?.name ?? "", r.account?.username ?? ""]),
          localTime(r.datetime_create, Number(offset) || 0),
          ...questions.map((q) => r.answers[q.id] ?? ""),
        ];
      }
    }
  }
  const day = now.toISOString().slice(0, 10).replace(/-/g, "");
  return sendTable(reply, {
    format: survey.format,
    filename: `survey-${survey.id}-answers-${day}`,
    sheetName: t("svy_answers_title"),
    columns,
    rows: rows(),
  });
}

import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import type { ContentSurveyResult, SurveyAnswerRow } from "../../contract/schemas/survey";
import { DataTable, type DataColumn } from "~/components/content/data-table";
import { ExportLinks } from "~/components/content/export-links";
import { Pager } from "~/components/content/pager";
import { SurveyResults } from "~/components/survey/results";
import { allows } from "~/lms/content-navigation.server";
import { itemId, requireContent } from "~/lms/content.server";
import { itemPaths, zoneOffset } from "~/lms/enrollment.server";
import { formatInstant } from "~/lms/format";
import { invariantResponse } from "~/lms/invariant";
import { readListPage } from "~/lms/paging.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras", "survey", "requests", "enrollment"] };

/**
 * Survey tab › one attached survey's results (issue 33 item 14, docs/decisions/081): the counts,
 * shares and averages per question as the survey's own results show them (the same component), but
 * only the answers of this course's or class's learners; then one row per respondent with every
 * answer — no names when the survey is anonymous — 50 a page, and the export of those rows for a
 * holder of the content's export flag. Links only: it works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, type, permission } = await requireContent(args, "view");
  const id = itemId(type, args.params);
  const row = args.params.surveyrowid;
  invariantResponse(row && /^\d{1,12}$/.test(row), "Not Found", { status: 404 });
  const paths = itemPaths(type, id);
  const base = `${paths.api}survey/${row}/result/`;
  const url = new URL(args.request.url);
  const [summary, answers, offset] = await Promise.all([
    api.get<ContentSurveyResult>(base, { accept: [404] }),
    readListPage<Paged<SurveyAnswerRow>>(api, `${base}answer/`, { url, accept: [400, 404] }),
    zoneOffset(),
  ]);
  invariantResponse(summary.status === 200 && answers.status === 200, "Not Found", {
    status: 404,
    headers: api.headers(),
  });
  return data(
    {
      summary: summary.data,
      answers: answers.data,
      offset,
      back: `${paths.base}/survey`,
      exportHref: allows(type, permission, "export") ? `${paths.base}/survey/${row}/result/export` : null,
    },
    { headers: api.headers() },
  );
}

export default function SurveyResultPage() {
  const d = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const { survey, questions, result } = d.summary;
  const columns: DataColumn<SurveyAnswerRow>[] = [
    ...(survey.is_anonymous
      ? []
      : [
          {
            key: "who",
            label: t("svy_answers_col_name"),
            render: (r: SurveyAnswerRow) => (r.account ? `${r.account.name} (${r.account.username})` : "—"),
          },
        ]),
    {
      key: "when",
      label: t("svy_answers_col_answered"),
      render: (r) => formatInstant("dateTime", i18n.language, r.datetime_create, d.offset),
    },
    ...questions.map((q) => ({
      key: `q${q.id}`,
      label: q.text,
      render: (r: SurveyAnswerRow) => r.answers[q.id] || "—",
    })),
  ];
  return (
    <div className="space-y-4">
      <a href={d.back} className="text-sm text-primary hover:underline">
        ‹ {t("tab_survey")}
      </a>
      <h2 className="text-lg font-semibold">{t("svy_answers_heading", { name: survey.name })}</h2>
      <p className="text-sm text-slate-600">{t("svy_answers_scope")}</p>
      <SurveyResults questions={result.questions} count={result.count_submission} anonymous={result.is_anonymous} />
      <section aria-labelledby="svy-answers" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="svy-answers" className="text-base font-semibold">
            {t("svy_answers_title")}
          </h3>
          {d.exportHref && d.answers.count ? <ExportLinks href={d.exportHref} keys={[]} /> : null}
        </div>
        {survey.is_anonymous ? <p className="text-sm text-slate-600">{t("svy_answers_anonymous")}</p> : null}
        <div className="overflow-x-auto">
          <DataTable
            columns={columns}
            rows={d.answers.results}
            caption={t("svy_answers_title")}
            empty={t("svy_answers_empty")}
          />
        </div>
        <Pager
          count={d.answers.count}
          page={d.answers.page}
          pageSize={d.answers.page_size}
          capped={d.answers.count_capped}
        />
      </section>
    </div>
  );
}

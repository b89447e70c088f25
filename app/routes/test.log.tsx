import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DataTable } from "~/components/content/data-table";
import { FactList } from "~/components/content/fact-list";
import { Pager } from "~/components/content/pager";
import { QueryFilters } from "~/components/content/query-filters";
import { AttemptStatus, AttemptTable, PageHeading, scoreOf, verifyHref } from "~/components/test-overall/parts";
import { formatInstant } from "~/lms/format";
import { idParam } from "~/lms/invariant";
import { loadAttempt, loadAttempts, testPage, type VerifyAnswerRow } from "~/lms/test-overall.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment", "testOverall", "testCodes"] };

/**
 * The test's log tab (spec 000 §2.8 `log/{logid}`; docs/decisions/065): without a log id every
 * learner's attempts, newest first, searchable by learner; with one (an attempt's id) that
 * attempt — its learner, status, score and each answer as asked with its mark and feedback; an
 * answer still waiting links to its verify page for a user who may verify.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await testPage(args, "view");
  const common = { base: page.base, offset: page.offset, canVerify: page.can("progress") };
  if (!args.params.logid) {
    const { list, badQuery } = await loadAttempts(page, args.request);
    return data({ ...common, step: "list" as const, list, badQuery }, { headers: page.api.headers() });
  }
  const attempt = await loadAttempt(page, idParam(args.params.logid));
  return data({ ...common, step: "attempt" as const, attempt }, { headers: page.api.headers() });
}

export default function TestLog() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (d.step === "list") {
    return (
      <section aria-labelledby="log-title">
        <PageHeading id="log-title" title={t("tsto_tab_log")} />
        <QueryFilters id="log-filters" placeholder={t("enr_search_placeholder")} />
        {d.badQuery ? <p className="mb-2 text-sm text-red-700">{t("tsto_bad_query")}</p> : null}
        <AttemptTable
          rows={d.list.results}
          offset={d.offset}
          href={(r) => `${d.base}/log/${r.id}`}
          caption={t("tsto_attempts")}
          empty={t("tsto_no_attempts")}
        />
        <Pager count={d.list.count} page={d.list.page} pageSize={d.list.page_size} />
      </section>
    );
  }
  return <AttemptPage d={d} />;
}

function AttemptPage({ d }: { d: Extract<ReturnType<typeof useLoaderData<typeof loader>>, { step: "attempt" }> }) {
  const { t, i18n } = useTranslation();
  const a = d.attempt;
  const when = (iso: string | null) => (iso ? formatInstant("dateTime", i18n.language, iso, d.offset) : "—");
  const mark = (r: VerifyAnswerRow) =>
    r.score !== null ? (
      scoreOf(r.score, r.max_score)
    ) : d.canVerify && r.section ? (
      <a
        href={`${verifyHref(d.base, r.section.id, r.question_id, "waiting")}?answer=${r.id}`}
        className="text-primary underline"
      >
        {t("tsto_verify_this")}
      </a>
    ) : (
      <span className="text-slate-600">{t("tsto_stage_verify")}</span>
    );
  return (
    <section aria-labelledby="attempt-title" className="space-y-4">
      <PageHeading
        id="attempt-title"
        title={t("tsto_attempt_title", { n: a.number })}
        sub={a.account?.name}
        back={{ href: `${d.base}/log`, label: t("tsto_back_log") }}
      />
      <FactList
        facts={[
          ["tsto_col_status", <AttemptStatus key="s" row={a} />],
          ["tsto_col_score", scoreOf(a.score, a.full_score)],
          ["tsto_col_started", when(a.datetime_start)],
          ["tsto_col_submitted", when(a.datetime_submit)],
          ["tsto_col_verified_by", a.verified_by ? `${a.verified_by.name} · ${when(a.datetime_verify)}` : "—"],
        ]}
      />
      <DataTable
        caption={t("tsto_answers")}
        rows={a.answers}
        empty={t("tsto_no_answers")}
        columns={[
          { key: "sort", label: "#", className: "text-right tabular-nums", render: (r) => r.sort },
          { key: "section", label: t("tsto_col_section"), render: (r) => r.section?.name ?? "—" },
          {
            key: "question",
            label: t("tsto_col_question"),
            className: "max-w-sm break-words",
            render: (r) => r.question_desc,
          },
          { key: "type", label: t("tsto_col_type"), render: (r) => t(`tcd_type_${r.question_type}`) },
          {
            key: "answer",
            label: t("tsto_col_answer"),
            className: "max-w-sm whitespace-pre-line break-words",
            render: (r) =>
              r.pair_list?.length
                ? t("tsto_paired", { n: r.pair_list.length })
                : r.choice_list.length
                  ? t("tsto_chosen", { n: r.choice_list.length })
                  : r.answer || "—",
          },
          { key: "score", label: t("tsto_col_score"), render: mark },
          {
            key: "feedback",
            label: t("tsto_col_feedback"),
            className: "max-w-xs break-words",
            render: (r) => r.feedback || "—",
          },
        ]}
      />
    </section>
  );
}

import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { useDates } from "~/components/use-dates";
import { QuestionActions } from "~/components/live/question-actions";
import type { LiveQuestion } from "../../contract/schemas/live";

/** Its loader and action: app/lms/live.server.ts. */
export { questionLoader as loader, questionAction as action } from "~/lms/live.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

/**
 * The questions learners asked during a live's stream (spec 000 §2.7 /live/{liveid}/stream/question
 * and overall/question; docs/decisions/066), newest first. The stream's page leaves hidden ones out
 * (the moderator's queue); the overall page shows them all. With the change flag each can be marked
 * answered or not, hidden or shown again.
 */
export default function LiveQuestions() {
  const { list, scope, answered, canChange } = useLoaderData<typeof import("~/lms/live.server").questionLoader>();
  const { t } = useTranslation();
  const dates = useDates();
  const filters: [string, string | null][] = [
    ["live_question_filter_all", null],
    ["live_question_filter_open", "false"],
    ["live_question_filter_answered", "true"],
  ];
  const state = (q: LiveQuestion) =>
    [
      q.is_answered ? t("live_question_answered") : t("live_question_open"),
      ...(q.is_hidden ? [t("live_question_hidden")] : []),
    ].join(" · ");
  return (
    <section aria-labelledby="live-question-title" className="space-y-4">
      <div>
        <h2 id="live-question-title" className="text-lg font-semibold text-slate-900">
          {t("live_question_title")}
        </h2>
        <p className="text-sm text-slate-600">
          {t(scope === "all" ? "live_question_all_intro" : "live_question_stream_intro")}
        </p>
      </div>
      <nav aria-label={t("live_question_state")} className="flex gap-3 text-sm">
        {filters.map(([key, value]) => (
          <Link
            key={key}
            to={value ? `?is_answered=${value}` : "?"}
            aria-current={answered === value || (!answered && !value) ? "page" : undefined}
            className="text-primary hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-slate-900 aria-[current=page]:no-underline"
          >
            {t(key)}
          </Link>
        ))}
      </nav>
      <DataTable
        caption={t("live_question_title")}
        empty={t("live_question_none")}
        rows={list.results}
        columns={[
          { key: "text", label: t("live_question_text"), render: (q) => q.text },
          {
            key: "asker",
            label: t("live_question_asker"),
            render: (q) => (q.account ? `${q.account.first_name} ${q.account.last_name}` : t("live_question_unknown")),
          },
          { key: "time", label: t("live_question_time"), render: (q) => dates.dateTime(q.datetime_create) },
          { key: "state", label: t("live_question_state"), render: state },
          ...(canChange
            ? [
                {
                  key: "actions",
                  label: t("live_question_actions"),
                  render: (q: LiveQuestion) => <QuestionActions q={q} />,
                },
              ]
            : []),
        ]}
      />
      <Pager count={list.count} page={list.page} pageSize={list.page_size} capped={list.count_capped} />
    </section>
  );
}

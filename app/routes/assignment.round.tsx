import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { AssignmentResultRow, AssignmentResults, AssignmentRound } from "../../contract/schemas/assignment";
import { ResultBadge, ResultCounts } from "~/components/assignment/result-badge";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { assignmentPage } from "~/lms/assignment.server";
import { idParam, invariantResponse } from "~/lms/invariant";
import { readListPage } from "~/lms/paging.server";
import { formatInstant } from "~/lms/format";
import { zoneOffset } from "~/lms/enrollment.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "assignment"] };

/** One round of an auto-assignment (spec 000 §2.10 summary/{roundid}): who it added, and each result with its meaning. */
export async function loader(args: LoaderFunctionArgs) {
  const page = await assignmentPage(args);
  const roundId = idParam(args.params.roundid);
  const url = new URL(args.request.url);
  const round = await page.api.get<AssignmentRound & { by_result: { result: number; count: number }[] }>(
    `${page.apiBase}round/${roundId}/`,
    { accept: [404] },
  );
  invariantResponse(round.status === 200, "Not Found", { status: 404 });
  const [rows, offset] = await Promise.all([
    readListPage<AssignmentResults>(page.api, `${page.apiBase}learner/`, { url, query: { round: roundId } }),
    zoneOffset(),
  ]);
  return data(
    { round: round.data, rows: rows.data, back: `${page.base}/summary`, offset },
    { headers: page.api.headers() },
  );
}

export default function AssignmentRoundPage() {
  const { round, rows, back, offset } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="round-title" className="space-y-3">
      <p>
        <Link to={back} className="text-sm text-primary underline">
          ← {t("asg_rounds_title")}
        </Link>
      </p>
      <h2 id="round-title" className="text-lg font-semibold">
        {t("asg_round_heading", { at: formatInstant("dateTime", i18n.language, round.datetime_due, offset) })}
      </h2>
      <p className="text-sm text-slate-700">
        {t(round.is_refresh ? "asg_round_refresh" : "asg_round_scheduled")} ·{" "}
        {t("asg_preview_add", { count: round.count_added })}
      </p>
      <ResultCounts counts={round.by_result} advice />
      <DataTable<AssignmentResultRow>
        caption={t("asg_round_title")}
        rows={rows.results}
        empty={t("asg_results_empty")}
        columns={[
          {
            key: "username",
            label: t("asg_col_username"),
            render: (r) => <span className="font-mono text-xs">{r.account.username}</span>,
          },
          {
            key: "learner",
            label: t("asg_col_learner"),
            render: (r) => `${r.account.first_name} ${r.account.last_name}`.trim(),
          },
          { key: "content", label: t("asg_col_content"), render: (r) => r.content.name },
          { key: "result", label: t("asg_col_result"), render: (r) => <ResultBadge code={r.result} /> },
        ]}
      />
      <Pager count={rows.count} page={rows.page} pageSize={rows.page_size} />
    </section>
  );
}

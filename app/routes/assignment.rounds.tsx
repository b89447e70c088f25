import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import type { Assignment, AssignmentRound } from "../../contract/schemas/assignment";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { assignmentPage } from "~/lms/assignment.server";
import { readListPage } from "~/lms/paging.server";
import { formatInstant } from "~/lms/format";
import { zoneOffset } from "~/lms/enrollment.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "assignment"] };

/**
 * An auto-assignment's summary (spec 000 §2.10 "summary"; docs/decisions/052): its next round and
 * every round run so far — when it was due and ran, a daily refresh or a scheduled round, how many
 * learners it added — each leading to its own summary (summary/{roundid}).
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await assignmentPage(args);
  const url = new URL(args.request.url);
  const [{ data: item }, rounds, offset] = await Promise.all([
    page.api.get<Assignment>(page.apiBase),
    readListPage<Paged<AssignmentRound>>(page.api, `${page.apiBase}round/`, { url }),
    zoneOffset(),
  ]);
  return data(
    { next: item.datetime_next_round, rounds: rounds.data, base: page.base, offset },
    { headers: page.api.headers() },
  );
}

export default function AssignmentRoundsTab() {
  const { next, rounds, base, offset } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const at = (iso: string | null) => (iso ? formatInstant("dateTime", i18n.language, iso, offset) : "—");
  return (
    <section aria-labelledby="rounds-title" className="space-y-3">
      <h2 id="rounds-title" className="text-lg font-semibold">
        {t("asg_rounds_title")}
      </h2>
      <p className="text-sm text-slate-700">{next ? t("asg_next_round", { at: at(next) }) : t("asg_no_next_round")}</p>
      <DataTable<AssignmentRound>
        caption={t("asg_rounds_title")}
        rows={rounds.results}
        empty={t("asg_rounds_empty")}
        columns={[
          {
            key: "due",
            label: t("asg_col_due"),
            render: (r) => (
              <Link to={`${base}/summary/${r.id}`} className="text-primary underline">
                {at(r.datetime_due)}
              </Link>
            ),
          },
          {
            key: "kind",
            label: t("asg_col_round_kind"),
            render: (r) => t(r.is_refresh ? "asg_round_refresh" : "asg_round_scheduled"),
          },
          { key: "run", label: t("asg_col_run"), render: (r) => at(r.datetime_run) },
          { key: "status", label: t("asg_col_status"), render: (r) => t(`asg_round_status_${r.status}`) },
          { key: "added", label: t("asg_col_add"), render: (r) => r.count_added },
          { key: "results", label: t("asg_col_results"), render: (r) => r.count_result },
        ]}
      />
      <Pager count={rounds.count} page={rounds.page} pageSize={rounds.page_size} />
    </section>
  );
}

import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { Pager } from "~/components/content/pager";
import { QueryFilters } from "~/components/content/query-filters";
import { AttemptTable, PageHeading } from "~/components/test-overall/parts";
import { loadAttempts, testPage } from "~/lms/test-overall.server";
import { ATTEMPT_STATUS } from "../../contract/test-attempt-codes";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment", "testOverall"] };

/**
 * Overall › Log (spec 000 §2.8; docs/decisions/065): every attempt of the test, newest first,
 * filtered by status and searched by learner; each opens in the log tab (`log/{attemptid}`).
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await testPage(args, "view");
  const { list, badQuery } = await loadAttempts(page, args.request);
  return data({ base: page.base, offset: page.offset, list, badQuery }, { headers: page.api.headers() });
}

export default function OverallLog() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const statuses = Object.values(ATTEMPT_STATUS).map((s) => ({ value: String(s), label: t(`progress_status_${s}`) }));
  return (
    <section aria-labelledby="overall-log-title">
      <PageHeading id="overall-log-title" title={t("tsto_overall_log")} />
      <QueryFilters
        id="overall-log-filters"
        placeholder={t("enr_search_placeholder")}
        selects={[{ name: "status", label: t("tsto_col_status"), options: statuses }]}
      />
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

import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DataTable } from "~/components/content/data-table";
import { PageHeading } from "~/components/test-overall/parts";
import { numberFormat } from "~/lms/format";
import { loadSlots, testPage } from "~/lms/test-overall.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment", "testOverall"] };

/**
 * Overall › Section (spec 000 §2.8; docs/decisions/065): each section of the test with its
 * submitted attempts, their average score in it, the pass rate of the decided ones and the
 * answers waiting; for a user who may verify, links to its summary and verify pages.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await testPage(args, "view");
  return data(
    { base: page.base, canVerify: page.can("progress"), slots: await loadSlots(page) },
    { headers: page.api.headers() },
  );
}

export default function OverallSection() {
  const d = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const fmt = numberFormat(i18n.language);
  const num = (n: number | null, suffix = "") => (n === null ? "—" : `${fmt.format(n)}${suffix}`);
  return (
    <section aria-labelledby="overall-section-title">
      <PageHeading id="overall-section-title" title={t("tsto_overall_section")} />
      <DataTable
        caption={t("tsto_sections")}
        rows={d.slots}
        empty={t("tsto_no_sections")}
        columns={[
          { key: "name", label: t("tsto_col_section"), render: (s) => s.name },
          {
            key: "scores",
            label: t("tsto_col_pass_full"),
            className: "tabular-nums",
            render: (s) => `${s.pass_score} / ${s.full_score}`,
          },
          {
            key: "attempts",
            label: t("tsto_col_attempts"),
            className: "text-right tabular-nums",
            render: (s) => num(s.attempts),
          },
          {
            key: "average",
            label: t("tsto_col_average"),
            className: "text-right tabular-nums",
            render: (s) => num(s.average),
          },
          {
            key: "pass_rate",
            label: t("tsto_col_pass_rate"),
            className: "text-right tabular-nums",
            render: (s) => num(s.pass_rate, "%"),
          },
          {
            key: "waiting",
            label: t("tsto_col_waiting"),
            className: "text-right tabular-nums",
            render: (s) => num(s.waiting),
          },
          {
            key: "links",
            label: t("actions"),
            render: (s) =>
              d.canVerify ? (
                <span className="flex gap-3 text-sm">
                  <a href={`${d.base}/overall/summary/${s.id}`} className="text-primary underline">
                    {t("tsto_overall_summary")}
                  </a>
                  <a href={`${d.base}/overall/verify/${s.id}`} className="text-primary underline">
                    {t("tsto_overall_verify")}
                  </a>
                </span>
              ) : null,
          },
        ]}
      />
    </section>
  );
}

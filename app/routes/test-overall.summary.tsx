import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DataTable } from "~/components/content/data-table";
import { FactList } from "~/components/content/fact-list";
import { PageHeading, SlotChooser, verifyHref } from "~/components/test-overall/parts";
import { numberFormat } from "~/lms/format";
import { loadSlot, loadSlots, testPage } from "~/lms/test-overall.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment", "testOverall", "testCodes"] };

/**
 * Overall › Summary (spec 000 §2.8 `summary/{slotid}`; docs/decisions/065): without a slot the
 * sections to choose from; with one, that section's figures and, per question its attempts asked,
 * how many answered, their average mark and how many wait — each leading to its verify page.
 * View and change progress (spec 002 "Test summary and verify need both").
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await testPage(args, "progress");
  const common = { base: page.base };
  if (!args.params.slotid)
    return data({ ...common, step: "choose" as const, slots: await loadSlots(page) }, { headers: page.api.headers() });
  return data(
    { ...common, step: "slot" as const, slot: await loadSlot(page, args.params.slotid) },
    { headers: page.api.headers() },
  );
}

export default function OverallSummary() {
  const d = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const fmt = numberFormat(i18n.language);
  const num = (n: number | null, suffix = "") => (n === null ? "—" : `${fmt.format(n)}${suffix}`);
  if (d.step === "choose") {
    return (
      <section aria-labelledby="summary-title">
        <PageHeading id="summary-title" title={t("tsto_overall_summary")} />
        <SlotChooser
          slots={d.slots}
          caption={t("tsto_sections")}
          href={(s) => `${d.base}/overall/summary/${s.id}`}
          figure={{ label: t("tsto_col_attempts"), value: (s) => s.attempts }}
        />
      </section>
    );
  }
  const s = d.slot;
  return (
    <section aria-labelledby="summary-title" className="space-y-4">
      <PageHeading
        id="summary-title"
        title={t("tsto_overall_summary")}
        sub={s.name}
        back={{ href: `${d.base}/overall/summary`, label: t("tsto_back_sections") }}
      />
      <FactList
        facts={[
          ["tsto_col_pass_full", `${s.pass_score} / ${s.full_score}`],
          ["tsto_col_attempts", num(s.attempts)],
          ["tsto_col_average", num(s.average)],
          ["tsto_col_pass_rate", num(s.pass_rate, "%")],
          ["tsto_col_waiting", num(s.waiting)],
        ]}
      />
      <DataTable
        caption={t("tsto_questions")}
        rows={s.questions.map((q) => ({ ...q, id: q.question_id }))}
        empty={t("tsto_no_answers")}
        columns={[
          {
            key: "question",
            label: t("tsto_col_question"),
            className: "max-w-md break-words",
            render: (q) => (
              <a href={verifyHref(d.base, s.id, q.id, "all")} className="text-primary hover:underline">
                {q.question_desc}
              </a>
            ),
          },
          { key: "type", label: t("tsto_col_type"), render: (q) => t(`tcd_type_${q.question_type}`) },
          {
            key: "max",
            label: t("tsto_col_max_score"),
            className: "text-right tabular-nums",
            render: (q) => q.max_score,
          },
          {
            key: "answers",
            label: t("tsto_col_answers"),
            className: "text-right tabular-nums",
            render: (q) => num(q.answers),
          },
          {
            key: "average",
            label: t("tsto_col_average"),
            className: "text-right tabular-nums",
            render: (q) => num(q.average),
          },
          {
            key: "waiting",
            label: t("tsto_col_waiting"),
            className: "text-right tabular-nums",
            render: (q) => num(q.waiting),
          },
        ]}
      />
    </section>
  );
}

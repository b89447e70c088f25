import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { PageHeading, SlotChooser, verifyHref } from "~/components/test-overall/parts";
import { loadSlot, loadSlotAnswers, loadSlots, testPage } from "~/lms/test-overall.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment", "testOverall"] };

/** How much of an answer the queue shows. */
const EXCERPT = 120;

/**
 * Overall › Verify (spec 000 §2.8 `verify/{slotid}`; docs/decisions/065), the verification queue:
 * without a slot every section with how many answers wait; with one, that section's waiting
 * answers, oldest submission first, each leading to the verify page of its question with the
 * answer chosen. View and change progress (spec 002).
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await testPage(args, "progress");
  const common = { base: page.base };
  if (!args.params.slotid)
    return data({ ...common, step: "choose" as const, slots: await loadSlots(page) }, { headers: page.api.headers() });
  const slot = await loadSlot(page, args.params.slotid);
  const { list } = await loadSlotAnswers(page, slot.id, args.request, { view: "waiting" });
  const rows = list.results.map((r) => ({
    ...r,
    answer: r.answer.length > EXCERPT ? `${r.answer.slice(0, EXCERPT).trimEnd()}…` : r.answer,
  }));
  return data(
    { ...common, step: "slot" as const, slot: { id: slot.id, name: slot.name }, list: { ...list, results: rows } },
    { headers: page.api.headers() },
  );
}

export default function OverallVerify() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (d.step === "choose") {
    return (
      <section aria-labelledby="verify-title">
        <PageHeading id="verify-title" title={t("tsto_overall_verify")} />
        <SlotChooser
          slots={d.slots}
          caption={t("tsto_waiting_by_section")}
          href={(s) => `${d.base}/overall/verify/${s.id}`}
          figure={{ label: t("tsto_col_waiting"), value: (s) => s.waiting }}
        />
      </section>
    );
  }
  return (
    <section aria-labelledby="verify-title">
      <PageHeading
        id="verify-title"
        title={t("tsto_overall_verify")}
        sub={d.slot.name}
        back={{ href: `${d.base}/overall/verify`, label: t("tsto_back_sections") }}
      />
      <DataTable
        caption={t("tsto_queue_of", { name: d.slot.name })}
        rows={d.list.results}
        empty={t("tsto_nothing_waiting")}
        columns={[
          {
            key: "learner",
            label: t("tsto_col_learner"),
            render: (r) => r.account?.name || r.account?.username || "—",
          },
          {
            key: "question",
            label: t("tsto_col_question"),
            className: "max-w-xs break-words",
            render: (r) => r.question_desc,
          },
          {
            key: "answer",
            label: t("tsto_col_answer"),
            className: "max-w-md whitespace-pre-line break-words",
            render: (r) => r.answer || "—",
          },
          { key: "submitted", label: t("tsto_col_attempt"), render: (r) => r.attempt_number },
          {
            key: "verify",
            label: t("actions"),
            render: (r) => (
              <a
                href={`${verifyHref(d.base, d.slot.id, r.question_id)}?answer=${r.id}`}
                className="rounded bg-primary px-3 py-1 text-sm font-medium text-primary-fg hover:opacity-90"
              >
                {t("tsto_verify_this")}
              </a>
            ),
          },
        ]}
      />
      <Pager count={d.list.count} page={d.list.page} pageSize={d.list.page_size} />
    </section>
  );
}

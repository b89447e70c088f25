import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import {
  ChecklistChooser,
  NoChecklists,
  OverallHeading,
  SlotTable,
  useSlotColumns,
} from "~/components/activity-overall/slot-parts";
import { DataTable, type DataColumn } from "~/components/content/data-table";
import { QueryFilters } from "~/components/content/query-filters";
import { numberFormat } from "~/lms/format";
import {
  checklistLinks,
  chosenChecklist,
  loadChecklists,
  loadSlots,
  requireActivity,
  type SlotTableRow,
} from "~/lms/activity-overall.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment"] };

/** How much of a submitted answer the queue shows. */
const EXCERPT = 120;

/**
 * Overall › Verify (spec 000 §2.3 `verify/{slotid}`; docs/decisions/023), the verification queue:
 * without a slot id every checklist with how many submissions wait, each linking to its queue;
 * with one, that checklist's waiting submissions (GET …/slot/?waiting=1) with the answer's start,
 * each leading to its verify page (checklist/{id}/slot/{slot}/verify).
 */
export async function loader(args: LoaderFunctionArgs) {
  const activity = await requireActivity(args, "progress");
  const { api, paths, offset } = activity;
  const all = await loadChecklists(activity);
  const checklist = chosenChecklist(all, args.params.slotid, true);
  const checklists = checklistLinks(all, (id) => `${paths.base}/overall/verify/${id}`).map((c, i) => ({
    ...c,
    count: all[i].count.waiting,
  }));
  const queue = checklist ? await loadSlots(api, paths.api, checklist.id, args.request, { waiting: "1" }) : null;
  const rows = queue?.list.results.map((r) => ({
    ...r,
    answer: r.answer.length > EXCERPT ? `${r.answer.slice(0, EXCERPT).trimEnd()}…` : r.answer,
  }));
  return data(
    {
      offset,
      checklists,
      checklist: checklist ? { id: checklist.id, name: checklist.name } : null,
      overview: `${paths.base}/overall/verify`,
      checklistTab: `${paths.base}/checklist`,
      verifyBase: checklist ? `${paths.base}/checklist/${checklist.id}/slot` : "",
      list: queue && rows ? { ...queue.list, results: rows } : null,
      badQuery: queue?.badQuery ?? false,
    },
    { headers: api.headers() },
  );
}

export default function OverallVerify() {
  const d = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const col = useSlotColumns(d.offset, d.verifyBase);
  const fmt = numberFormat(i18n.language);
  const queueColumns: DataColumn<SlotTableRow>[] = [
    col.name,
    col.submitted,
    {
      key: "answer",
      label: t("acto_col_answer"),
      className: "max-w-md break-words",
      render: (r) => r.answer || <span className="text-slate-600">{r.file ? t("acto_file_only") : "—"}</span>,
    },
    col.verify("rounded bg-primary px-3 py-1 text-sm font-medium text-primary-fg hover:opacity-90", () => (
      <span className="text-xs text-slate-600">{t("acto_not_your_verify")}</span>
    )),
  ];
  const overviewColumns: DataColumn<(typeof d.checklists)[number]>[] = [
    {
      key: "name",
      label: t("act_checklist_title"),
      render: (c) => (
        <a href={c.href} className="text-primary underline">
          {c.name}
        </a>
      ),
    },
    {
      key: "waiting",
      label: t("acto_col_waiting"),
      className: "text-right tabular-nums",
      render: (c) => fmt.format(c.count),
    },
  ];
  if (!d.checklists.length) {
    return (
      <section aria-labelledby="verify-title">
        <OverallHeading id="verify-title" title={t("overall_verify")} />
        <NoChecklists href={d.checklistTab} />
      </section>
    );
  }
  return (
    <section aria-labelledby="verify-title">
      <OverallHeading id="verify-title" title={t("overall_verify")} sub={d.checklist?.name} />
      <ChecklistChooser checklists={d.checklists} current={d.checklist?.id ?? null} all={d.overview} />
      {d.list ? (
        <>
          <QueryFilters id="verify-filters" placeholder={t("enr_search_placeholder")} keep={["ordering"]} />
          <SlotTable
            list={d.list}
            badQuery={d.badQuery}
            columns={queueColumns}
            caption={t("acto_queue_of", { name: d.checklist?.name })}
            empty={t("acto_no_waiting")}
          />
        </>
      ) : (
        <DataTable columns={overviewColumns} rows={d.checklists} caption={t("acto_waiting_by_checklist")} />
      )}
    </section>
  );
}

import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ChecklistChooser, OverallHeading, SlotTable, useSlotColumns } from "~/components/activity-overall/slot-parts";
import { type DataColumn } from "~/components/content/data-table";
import { FilterLinks } from "~/components/content/filter-links";
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

/** The statuses ChecklistRow.count counts, by its keys. */
const COUNTED = { checked_in: 21, waiting: 22, passed: 30, failed: -5, resubmit: 6 } as const;

/**
 * Overall › Progress › one checklist (spec 000 §2.3 `progress/{slotid}`; docs/decisions/023): how
 * many learners are at each status of its slots (each a filter link), and its learners with their
 * status, score against the full score, submission and verification, a waiting slot linking to
 * its verify page. Search, filters and pager are plain GET forms and links.
 */
export async function loader(args: LoaderFunctionArgs) {
  const activity = await requireActivity(args, "progress");
  const { api, paths, offset } = activity;
  const checklists = await loadChecklists(activity);
  // The route's :slotid is required: a checklist of this activity, or 404.
  const checklist = chosenChecklist(checklists, args.params.slotid)!;
  const { list, badQuery } = await loadSlots(api, paths.api, checklist.id, args.request);
  return data(
    {
      offset,
      checklist: {
        id: checklist.id,
        name: checklist.name,
        full: checklist.full_score,
        pass: checklist.pass_score,
        count: checklist.count,
      },
      checklists: checklistLinks(checklists, (id) => `${paths.base}/overall/progress/${id}`),
      verifyBase: `${paths.base}/checklist/${checklist.id}/slot`,
      list,
      badQuery,
    },
    { headers: api.headers() },
  );
}

export default function OverallSlotProgress() {
  const d = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const col = useSlotColumns(d.offset, d.verifyBase);
  const fmt = numberFormat(i18n.language);
  const counted = Object.entries(COUNTED).map(([key, status]) => ({
    status,
    n: d.checklist.count[key as keyof typeof COUNTED] ?? 0,
  }));
  const columns: DataColumn<SlotTableRow>[] = [
    col.name,
    col.status,
    {
      key: "score",
      label: t("acto_col_score"),
      className: "whitespace-nowrap tabular-nums",
      render: (r) =>
        r.score === null ? "—" : t("acto_score_of", { score: fmt.format(r.score), full: fmt.format(d.checklist.full) }),
    },
    col.submitted,
    {
      key: "verified",
      label: t("acto_col_verified"),
      sort: "datetime_verify",
      render: (r) =>
        r.datetime_verify ? (
          <>
            <span className="block">{r.verified_by?.name ?? "—"}</span>
            <span className="block text-xs text-slate-600">{col.when(r.datetime_verify)}</span>
          </>
        ) : (
          "—"
        ),
    },
    col.verify("text-primary underline", () => null),
  ];
  return (
    <section aria-labelledby="slot-progress-title">
      <OverallHeading id="slot-progress-title" title={t("act_slot_progress")} sub={d.checklist.name} />
      <ChecklistChooser checklists={d.checklists} current={d.checklist.id} />
      <p className="mb-3 text-sm text-slate-600">
        {t("acto_pass_mark", { full: fmt.format(d.checklist.full), pass: fmt.format(d.checklist.pass) })}
      </p>
      <FilterLinks
        param="status"
        label={t("enr_col_status")}
        options={[
          { value: null, label: t("filter_all") },
          { value: "0", label: t("progress_status_0") },
          ...counted.map((c) => ({
            value: String(c.status),
            label: t("acto_label_count", { label: t(`progress_status_${c.status}`), n: fmt.format(c.n) }),
          })),
        ]}
      />
      <QueryFilters id="slot-filters" placeholder={t("enr_search_placeholder")} keep={["status", "ordering"]} />
      <SlotTable
        list={d.list}
        badQuery={d.badQuery}
        columns={columns}
        caption={t("acto_learners_of", { name: d.checklist.name })}
        empty={t("enr_no_learners")}
      />
    </section>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SLOT_STATUSES } from "../../contract/activity-codes";
import {
  ChecklistChooser,
  NoChecklists,
  OverallHeading,
  SlotTable,
  useSlotColumns,
} from "~/components/activity-overall/slot-parts";
import {
  CHECKIN_NAMESPACES,
  CheckinTickForm,
  tickedAfter,
  useSourceName,
  useTickColumn,
} from "~/components/checkin/checkin-parts";
import { type DataColumn } from "~/components/content/data-table";
import { QueryFilters } from "~/components/content/query-filters";
import { useShiftRange } from "~/components/use-shift-range";
import {
  checklistLinks,
  chosenChecklist,
  loadChecklists,
  loadSlots,
  requireActivity,
  type SlotTableRow,
} from "~/lms/activity-overall.server";
import { checkinAction } from "~/lms/checkin.server";
import { requireCsrf } from "~/lms/csrf.server";
import { invariantResponse } from "~/lms/invariant";
import { readForm, refusalAnswer } from "~/lms/read-form.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: [...CHECKIN_NAMESPACES] };

/**
 * Overall › Check-in (spec 000 §2.3 `check-in/{slotid?}`; docs/decisions/023): the learners of one
 * checklist (the first without a slot id) with their slot's status and check-in and check-out
 * times, searched and filtered by a GET form; tick learners (shift-click ticks a range) and check
 * them in or out (POST …/checklist/{id}/checkin/). A plain form: it works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const activity = await requireActivity(args, "progress");
  const { api, paths, offset } = activity;
  const checklists = await loadChecklists(activity);
  const checklist = chosenChecklist(checklists, args.params.slotid);
  const slots = checklist ? await loadSlots(api, paths.api, checklist.id, args.request) : null;
  return data(
    {
      offset,
      checklist: checklist ? { id: checklist.id, name: checklist.name } : null,
      checklists: checklistLinks(checklists, (id) => `${paths.base}/overall/checkin/${id}`),
      checklistTab: `${paths.base}/checklist`,
      list: slots?.list ?? null,
      badQuery: slots?.badQuery ?? false,
    },
    { headers: api.headers() },
  );
}

/** intent=checkin: the ticked learners checked in or out; the API's refusal (400, 403) is the form's error. */
export async function action(args: ActionFunctionArgs) {
  const activity = await requireActivity(args, "progress");
  const { api, paths } = activity;
  const { form, refusal } = await readForm(args.request);
  if (!form) return refusalAnswer(refusal);
  await requireCsrf(api, form);
  invariantResponse(String(form.get("intent") ?? "") === "checkin", "Bad Request");
  const checklist = chosenChecklist(await loadChecklists(activity), args.params.slotid);
  invariantResponse(checklist, "Not Found", { status: 404 });
  const url = new URL(args.request.url);
  return checkinAction(api, form, `${paths.api}checklist/${checklist.id}/checkin/`, `${url.pathname}${url.search}`, {
    learnersInvalid: "acto_learners_invalid",
  });
}

export default function OverallCheckin() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const rows = useShiftRange<HTMLDivElement>();
  const { t } = useTranslation();
  const col = useSlotColumns(d.offset);
  const source = useSourceName();
  const errors = (result?.error?.[""] ?? []).map((e) => t(e));
  const columns: DataColumn<SlotTableRow>[] = [
    useTickColumn<SlotTableRow>(tickedAfter(result)),
    col.name,
    col.status,
    {
      key: "checkin",
      label: t("chk_col_checked_in"),
      sort: "datetime_checkin",
      render: (r) => col.when(r.datetime_checkin),
    },
    { key: "checkout", label: t("chk_col_checked_out"), render: (r) => col.when(r.datetime_checkout) },
    { key: "source", label: t("chk_col_source"), render: (r) => source(r.checkin_source) },
  ];
  return (
    <section aria-labelledby="checkin-title">
      <OverallHeading id="checkin-title" title={t("overall_checkin")} sub={d.checklist?.name} />
      {d.checklist && d.list ? (
        <>
          <ChecklistChooser checklists={d.checklists} current={d.checklist.id} />
          <QueryFilters
            id="checkin-filters"
            placeholder={t("enr_search_placeholder")}
            keep={["ordering"]}
            selects={[
              {
                name: "status",
                label: t("enr_col_status"),
                options: SLOT_STATUSES.map((s) => ({ value: String(s), label: t(`progress_status_${s}`) })),
              },
            ]}
          />
          <CheckinTickForm errors={errors} />
          <div ref={rows}>
            <SlotTable
              list={d.list}
              badQuery={d.badQuery}
              columns={columns}
              caption={t("acto_learners_of", { name: d.checklist.name })}
              empty={t("enr_no_learners")}
            />
          </div>
        </>
      ) : (
        <NoChecklists href={d.checklistTab} />
      )}
    </section>
  );
}

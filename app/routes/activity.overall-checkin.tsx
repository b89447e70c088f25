import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CHECKIN_SOURCE, SLOT_STATUSES } from "../../contract/activity-codes";
import { MSG } from "../../contract/messages";
import { ChecklistChooser, NoChecklists, OverallHeading, SlotTable, useSlotColumns } from "~/components/activity-overall/slot-parts";
import { type DataColumn } from "~/components/content/data-table";
import { QueryFilters } from "~/components/content/query-filters";
import { CsrfInput, ErrorList } from "~/components/forms";
import { useShiftRange } from "~/components/use-shift-range";
import { useSubmitting } from "~/components/use-submitting";
import { checkinSchema, checklistLinks, chosenChecklist, loadChecklists, loadSlots, parseWithZod, requireActivity, type SlotTableRow } from "~/lms/activity-overall.server";
import { apiFieldErrors } from "~/lms/content-form.server";
import { requireCsrf } from "~/lms/csrf.server";
import { invariantResponse } from "~/lms/invariant";
import { readForm, refusalAnswer } from "~/lms/read-form.server";
import { redirectWithToast } from "~/lms/toast.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment"] };

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
  const submission = parseWithZod(form, { schema: checkinSchema });
  const refuse = (status: number, formErrors: string[]) => data({ result: submission.reply({ formErrors }) }, { status, headers: api.headers() });
  // Nothing ticked is the usual slip: say so in words, not as the field's "required".
  if (submission.status !== "success") return refuse(400, submission.error?.enrollment_list ? ["acto_tick_learners"] : [MSG.invalid]);
  const { action: direction, enrollment_list } = submission.value;
  const res = await api.post<Record<string, unknown>>(`${paths.api}checklist/${checklist.id}/checkin/`, submission.value, { accept: [400, 403, 404] });
  if (res.status === 404) return refuse(404, [MSG.not_found]);
  if (res.status >= 400) {
    // A learner the API refuses (400 on enrollment_list): left the activity, or checking out without having checked in.
    const { formErrors, fieldErrors } = apiFieldErrors(res.data);
    const learners = fieldErrors.enrollment_list ? [direction === "out" ? "acto_checkout_needs_checkin" : "acto_learners_invalid"] : [];
    return refuse(res.status, [...formErrors, ...learners, ...Object.entries(fieldErrors).flatMap(([k, v]) => (k === "enrollment_list" ? [] : v))]);
  }
  const url = new URL(args.request.url);
  const message = direction === "in" ? "acto_toast_checked_in" : "acto_toast_checked_out";
  return redirectWithToast(`${url.pathname}${url.search}`, { type: "success", message, values: { n: enrollment_list.length } }, { headers: api.headers() });
}

const SOURCE_NAME = new Map<number, string>(Object.entries(CHECKIN_SOURCE).map(([name, code]) => [code, name]));

export default function OverallCheckin() {
  const d = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const busy = useSubmitting();
  const rows = useShiftRange<HTMLDivElement>();
  const { t } = useTranslation();
  const col = useSlotColumns(d.offset);
  // After a refusal the learners just ticked stay ticked (without JavaScript the page is new).
  const ticked = new Set([result?.initialValue?.enrollment_list ?? []].flat().map(String));
  const errors = (result?.error?.[""] ?? []).map((e) => t(e));
  const source = (code: number | null) => {
    const name = code === null ? undefined : SOURCE_NAME.get(code);
    return name && code !== CHECKIN_SOURCE.none ? t(`acto_source_${name}`) : "—";
  };
  const columns: DataColumn<SlotTableRow>[] = [
    {
      key: "select",
      label: t("enr_col_select"),
      render: (r) => (
        <input
          type="checkbox"
          form="checkin-form"
          name="enrollment_list"
          value={r.id}
          defaultChecked={ticked.has(String(r.id))}
          aria-label={t("enr_select_named", { name: r.account.name })}
          className="h-4 w-4"
        />
      ),
    },
    col.name,
    col.status,
    { key: "checkin", label: t("acto_col_checked_in"), sort: "datetime_checkin", render: (r) => col.when(r.datetime_checkin) },
    { key: "checkout", label: t("acto_col_checked_out"), render: (r) => col.when(r.datetime_checkout) },
    { key: "source", label: t("acto_col_source"), render: (r) => source(r.checkin_source) },
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
            selects={[{ name: "status", label: t("enr_col_status"), options: SLOT_STATUSES.map((s) => ({ value: String(s), label: t(`progress_status_${s}`) })) }]}
          />
          <Form method="post" id="checkin-form" aria-label={t("acto_checkin_form")} className="mb-3 flex flex-wrap items-center gap-2">
            <CsrfInput />
            <input type="hidden" name="intent" value="checkin" />
            <button type="submit" name="action" value="in" disabled={busy} className="rounded bg-primary px-4 py-1.5 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60">
              {t("acto_check_in")}
            </button>
            <button type="submit" name="action" value="out" disabled={busy} className="rounded border border-slate-300 bg-white px-4 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-60">
              {t("acto_check_out")}
            </button>
            <p className="text-xs text-slate-600">{t("acto_checkin_hint")}</p>
            <div className="basis-full">
              <ErrorList id="checkin-errors" errors={errors} />
            </div>
          </Form>
          <div ref={rows}>
            <SlotTable list={d.list} badQuery={d.badQuery} columns={columns} caption={t("acto_learners_of", { name: d.checklist.name })} empty={t("enr_no_learners")} />
          </div>
        </>
      ) : (
        <NoChecklists href={d.checklistTab} />
      )}
    </section>
  );
}

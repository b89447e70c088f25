import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CHECKIN_SOURCE_NAME } from "../../../contract/checkin-codes";
import type { Paged } from "../../../contract/http";
import { DataTable, type DataColumn } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { CsrfInput, ErrorList } from "~/components/form-basics";
import { useDates } from "~/components/use-dates";
import { useSubmitting } from "~/components/use-submitting";
import { SELECT_ALL } from "~/lms/select-all";

/**
 * The check-in screen's pieces, shared by an activity's checklist check-in (docs/decisions/023)
 * and a class's session check-in (docs/decisions/042): the learners' tick boxes, the form whose
 * Check in / Check out buttons post the ticked ones, a check-in source's name, and a paged table.
 * Their texts are the `checkin` namespace's (chk_*), which no type owns: both types' pages declare it.
 */

/** The namespaces these pieces' texts come from, for a page's `handle.i18n`. */
export const CHECKIN_NAMESPACES = ["content", "enrollment", "checkin"] as const;

/** A check-in source's name (spec 001 §4); "not set" (-1, or no row) shows `none`. */
export function useSourceName() {
  const { t } = useTranslation();
  return (code: number | null, none = "—") => {
    const name = code === null ? undefined : CHECKIN_SOURCE_NAME.get(code);
    return name && name !== "none" ? t(`chk_source_${name}`) : none;
  };
}

/** An instant (or "—") in the organisation's zone, for the page's language, as a <time>. */
export function useInstant() {
  const dates = useDates();
  return (iso: string | null) => (iso ? <time dateTime={iso}>{dates.dateTime(iso)}</time> : "—");
}

/** The learners ticked before a refusal, so they stay ticked (without JavaScript the page is new). */
export const tickedAfter = (result: SubmissionResult<string[]> | undefined) =>
  new Set([result?.initialValue?.enrollment_list ?? []].flat().map(String));

type Tickable = { id: number; account: { name: string } };

/**
 * The table's first column: a tick box per learner, part of the form `formId` (enrollment_list),
 * and in its header "select all on this page" (app/lms/select-all.ts: each row also posts its id
 * as the page's; with JavaScript the header box ticks the rows, use-shift-range.ts).
 */
export function useTickColumn<R extends Tickable>(ticked: Set<string>, formId = "checkin-form"): DataColumn<R> {
  const { t } = useTranslation();
  return {
    key: "select",
    label: t("enr_col_select"),
    header: (
      <input
        type="checkbox"
        form={formId}
        name={SELECT_ALL.name}
        value={SELECT_ALL.value}
        data-select-all="enrollment_list"
        aria-label={t("chk_select_all")}
        className="h-4 w-4"
      />
    ),
    render: (r) => (
      <>
        <input
          type="checkbox"
          form={formId}
          name="enrollment_list"
          value={r.id}
          defaultChecked={ticked.has(String(r.id))}
          aria-label={t("enr_select_named", { name: r.account.name })}
          className="h-4 w-4"
        />
        <input type="hidden" form={formId} name={SELECT_ALL.pageList} value={r.id} />
      </>
    ),
  };
}

/**
 * The check-in form (intent=checkin): Check in, and Check out unless `checkOut` is false (a class
 * that only checks in), with the hint and the refusal's errors. A plain POST form.
 */
export function CheckinTickForm({
  errors,
  checkOut = true,
  id = "checkin-form",
}: {
  errors: string[];
  checkOut?: boolean;
  id?: string;
}) {
  const { t } = useTranslation();
  const busy = useSubmitting();
  return (
    <Form method="post" id={id} aria-label={t("chk_form")} className="mb-3 flex flex-wrap items-center gap-2">
      <CsrfInput />
      <input type="hidden" name="intent" value="checkin" />
      <button
        type="submit"
        name="action"
        value="in"
        disabled={busy}
        className="rounded bg-primary px-4 py-1.5 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60"
      >
        {t("chk_check_in")}
      </button>
      {checkOut ? (
        <button
          type="submit"
          name="action"
          value="out"
          disabled={busy}
          className="rounded border border-slate-300 bg-white px-4 py-1.5 text-sm hover:bg-slate-50 disabled:opacity-60"
        >
          {t("chk_check_out")}
        </button>
      ) : null}
      <p className="text-xs text-slate-600">{t("chk_hint")}</p>
      <div className="basis-full">
        <ErrorList id={`${id}-errors`} errors={errors} />
      </div>
    </Form>
  );
}

/** One page of a list: the refused-query notice, the table and the pager. */
export function PagedTable<R extends { id: number | string }>({
  list,
  badQuery,
  columns,
  caption,
  empty,
}: {
  list: Paged<R>;
  badQuery: boolean;
  columns: DataColumn<R>[];
  caption: string;
  empty: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      {badQuery ? (
        <p className="my-3 text-sm text-red-700" role="alert">
          {t("invalid")}
        </p>
      ) : null}
      <DataTable columns={columns} rows={list.results} caption={caption} empty={empty} />
      <Pager count={list.count} page={list.page} pageSize={list.page_size} />
    </>
  );
}

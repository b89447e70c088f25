import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import { BULK_TARGETS } from "../../contract/codes";
import { MSG } from "../../contract/messages";
import type { EnrollmentRow } from "../../contract/schemas/enrollment";
import { allows } from "~/lms/content-navigation.server";
import { DataTable, type DataColumn } from "~/components/content/data-table";
import { useShiftRange } from "~/components/use-shift-range";
import { ExportLinks } from "~/components/content/export-links";
import { Pager } from "~/components/content/pager";
import { ProgressBadge } from "~/components/content/progress-badge";
import { ProgressFilters } from "~/components/content/progress-filters";
import { CsrfInput, ErrorList, FormErrors } from "~/components/forms";
import { apiFieldErrors } from "~/lms/content-form.server";
import { itemId, requireContent } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { itemPaths, loadEnrollments, zoneOffset } from "~/lms/enrollment.server";
import { parseWithZod, progressChangeSchema } from "~/lms/schemas.server";
import { formatInstant } from "~/lms/format";
import { redirectWithToast } from "~/lms/toast.server";
import { readForm } from "~/lms/read-form.server";
import { invariantResponse } from "~/lms/invariant";
import { useSubmitting } from "~/components/use-submitting";
import { WritableFields } from "~/components/content/item-writable";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment"] };

/**
 * Overall › Progress (issue 6 item 6): each learner's status with a manual change that offers only
 * the statuses the transition table allows from theirs (spec 001 §4, the API checks again), and
 * the bulk change: choose a target (and optionally tick learners) → the confirmation page
 * (overall/progress/bulk) shows whom it affects → confirm. Each row links to the learner's
 * progress history (overall/progress/{enrollment}/history). Plain forms: works without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, type, permission } = await requireContent(request, "progress");
  const id = itemId(type, params);
  const paths = itemPaths(type, id);
  const { list, badQuery } = await loadEnrollments(api, `${paths.api}progress/`, request);
  return data(
    {
      list,
      badQuery,
      offset: await zoneOffset(),
      bulkHref: `${paths.base}/overall/progress/bulk`,
      historyBase: `${paths.base}/overall/progress`,
      exportHref: allows(type, permission, "export") ? `${paths.base}/overall/progress/export` : null,
    },
    { headers: api.headers() },
  );
}

/** intent=change: one learner's status (PATCH …/progress/{enrollment}/); a refusal is shown on that row. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { api, type } = await requireContent(request, "progress");
  const { form, refusal } = await readForm(request);
  if (!form) return data({ enrollment: 0, result: refusal.result }, { status: refusal.status });
  await requireCsrf(api, form);
  const id = itemId(type, params);
  invariantResponse(String(form.get("intent") ?? "") === "change", "Bad Request");
  const enrollment = String(form.get("enrollment") ?? "");
  invariantResponse(/^\d{1,12}$/.test(enrollment), "Bad Request");
  const submission = parseWithZod(form, { schema: progressChangeSchema });
  if (submission.status !== "success")
    return data({ enrollment: Number(enrollment), result: submission.reply() }, { status: 400 });
  const res = await api.patch<Record<string, unknown>>(
    `${itemPaths(type, id).api}progress/${enrollment}/`,
    submission.value,
    { accept: [400, 404] },
  );
  if (res.status === 404)
    return data(
      { enrollment: Number(enrollment), result: submission.reply({ formErrors: [MSG.not_found] }) },
      { status: 404, headers: api.headers() },
    );
  if (res.status === 400)
    return data(
      { enrollment: Number(enrollment), result: submission.reply(apiFieldErrors(res.data)) },
      { status: 400, headers: api.headers() },
    );
  const url = new URL(request.url);
  return redirectWithToast(
    `${url.pathname}${url.search}`,
    { type: "success", message: "enr_toast_status_changed" },
    { headers: api.headers() },
  );
}

export default function OverallProgress() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useSubmitting();
  const rows = useShiftRange<HTMLDivElement>();
  const { t, i18n } = useContentTranslation();
  const when = (iso: string | null) => (iso ? formatInstant("dateTime", i18n.language, iso, d.offset) : "—");
  const name = (r: EnrollmentRow) => `${r.account.first_name} ${r.account.last_name}`;
  const rowErrors = (r: EnrollmentRow) => {
    if (!actionData || actionData.enrollment !== r.id) return null;
    const e = actionData.result.error ?? {};
    return [...(e[""] ?? []), ...(e.status ?? [])].map((m) => t(m));
  };
  const columns: DataColumn<EnrollmentRow>[] = [
    {
      key: "select",
      label: t("enr_col_select"),
      render: (r) => (
        <input
          type="checkbox"
          form="bulk-form"
          name="enrollment"
          value={r.id}
          aria-label={t("enr_select_named", { name: name(r) })}
          className="h-4 w-4"
        />
      ),
    },
    {
      key: "name",
      label: t("enr_col_name"),
      sort: "name",
      render: (r) => (
        <>
          <span className="block font-medium text-slate-900">{name(r)}</span>
          <span className="block font-mono text-xs text-slate-600">{r.account.username}</span>
          <a
            href={`${d.historyBase}/${r.id}/history`}
            aria-label={t("enr_history_named", { name: name(r) })}
            className="text-xs text-primary underline"
          >
            {t("enr_history")}
          </a>
        </>
      ),
    },
    { key: "status", label: t("enr_col_status"), sort: "status", render: (r) => <ProgressBadge status={r.status} /> },
    {
      key: "datetime_start",
      label: t("enr_col_started"),
      sort: "datetime_start",
      render: (r) => when(r.datetime_start),
    },
    {
      key: "datetime_complete",
      label: t("enr_col_completed"),
      sort: "datetime_complete",
      render: (r) => when(r.datetime_complete),
    },
    {
      key: "datetime_update",
      label: t("enr_col_updated"),
      sort: "datetime_update",
      render: (r) => when(r.datetime_update),
    },
    {
      key: "change",
      label: t("enr_col_change"),
      render: (r) =>
        r.allowed_status.length ? (
          <Form method="post" className="flex flex-wrap items-center gap-1">
            <WritableFields>
              <CsrfInput />
              <input type="hidden" name="intent" value="change" />
              <input type="hidden" name="enrollment" value={r.id} />
              <select
                name="status"
                aria-label={t("enr_new_status_named", { name: name(r) })}
                className="rounded border border-slate-300 px-2 py-1 text-sm"
              >
                {r.allowed_status.map((s) => (
                  <option key={s} value={s}>
                    {t(`progress_status_${s}`)}
                  </option>
                ))}
              </select>
              <button
                type="submit"
                disabled={busy}
                className="rounded border border-slate-300 bg-white px-2 py-1 text-sm hover:bg-slate-50 disabled:opacity-60"
                aria-label={t("enr_change_named", { name: name(r) })}
              >
                {t("enr_change")}
              </button>
              <ErrorList errors={rowErrors(r)} />
            </WritableFields>
          </Form>
        ) : (
          <span className="text-xs text-slate-600">{t("enr_no_manual_change")}</span>
        ),
    },
  ];
  return (
    <section aria-labelledby="progress-title">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 id="progress-title" className="text-lg font-semibold">
          {t("overall_progress")}
        </h2>
        <div className="ml-auto">{d.exportHref ? <ExportLinks href={d.exportHref} /> : null}</div>
      </div>
      <form
        id="bulk-form"
        method="get"
        action={d.bulkHref}
        className="mb-3 flex flex-wrap items-end gap-2 rounded border border-slate-200 bg-white p-3"
        aria-labelledby="bulk-label"
      >
        <div>
          <label id="bulk-label" htmlFor="bulk-target" className="mb-1 block text-xs font-medium text-slate-700">
            {t("enr_bulk_title")}
          </label>
          <select id="bulk-target" name="target" className="rounded border border-slate-300 px-2 py-1.5 text-sm">
            {BULK_TARGETS.map((s) => (
              <option key={s} value={s}>
                {t(`progress_status_${s}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
        >
          {t("enr_bulk_continue")}
        </button>
        <p className="basis-full text-xs text-slate-600">{t("enr_bulk_hint")}</p>
      </form>
      <ProgressFilters />
      {d.badQuery ? (
        <p className="my-3 text-sm text-red-700" role="alert">
          {t("invalid")}
        </p>
      ) : null}
      {actionData?.enrollment === 0 ? <FormErrors result={actionData.result} t={t} /> : null}
      <div ref={rows}>
        <DataTable
          columns={columns}
          rows={d.list.results}
          caption={t("overall_progress")}
          empty={t("enr_no_learners")}
        />
      </div>
      <Pager count={d.list.count} page={d.list.page} pageSize={d.list.page_size} />
    </section>
  );
}

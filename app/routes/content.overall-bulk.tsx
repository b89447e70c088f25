import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import { MSG } from "../../contract/messages";
import type { BulkApplied, BulkPreview } from "../../contract/schemas/enrollment";
import { ProgressBadge } from "~/components/content/progress-badge";
import { CsrfInput, ErrorList } from "~/components/forms";
import { apiFieldErrors } from "~/lms/content-form.server";
import { itemId, requireContent } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm, refusalAnswer } from "~/lms/read-form.server";
import { itemPaths } from "~/lms/enrollment.server";
import { bulkProgressSchema, parseWithZod } from "~/lms/schemas.server";
import { redirectWithToast } from "~/lms/toast.server";
import { invariantResponse } from "~/lms/invariant";
import { useSubmitting } from "~/components/use-submitting";
import { WritableFields } from "~/components/content/item-writable";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment"] };

/**
 * Overall › Progress › bulk change, the confirmation step (spec 001 §4 "Confirmation rules for
 * bulk change"): ?target=…(&enrollment=… for ticked learners) shows, from the API's preview, how
 * many learners the change affects per current status and how many each other choice would; the
 * confirm button applies it (one transaction in the API). A page of its own: works without JS.
 */
const selection = (params: URLSearchParams | FormData) =>
  params
    .getAll("enrollment")
    .map(String)
    .filter((v) => /^\d{1,12}$/.test(v));

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, type } = await requireContent(request, "progress");
  const id = itemId(type, params);
  const paths = itemPaths(type, id);
  const back = `${paths.base}/overall/progress`;
  const q = new URL(request.url).searchParams;
  const picked = selection(q);
  const parsed = bulkProgressSchema.safeParse({
    target: q.get("target") ?? undefined,
    preview: true,
    enrollment_list: picked,
  });
  if (!parsed.success)
    throw await redirectWithToast(
      back,
      { type: "error", message: "enr_bulk_choose_target" },
      { headers: api.headers() },
    );
  const res = await api.post<BulkPreview | { detail?: string }>(`${paths.api}progress/bulk/`, parsed.data, {
    accept: [400],
  });
  // An item that takes no more changes (a cancelled class: the API refuses every write under it,
  // this preview too) sends the administrator back to the progress list saying why, not to an error page.
  if (res.status === 400) {
    const detail = (res.data as { detail?: unknown }).detail;
    throw await redirectWithToast(
      back,
      { type: "error", message: typeof detail === "string" ? detail : MSG.invalid },
      { headers: api.headers() },
    );
  }
  const preview = res.data as BulkPreview;
  const choiceHref = (target: number) => {
    const p = new URLSearchParams({ target: String(target) });
    for (const e of picked) p.append("enrollment", e);
    return `?${p}`;
  };
  return data(
    { preview, picked, back, choices: preview.choices.map((c) => ({ ...c, href: choiceHref(c.target) })) },
    { headers: api.headers() },
  );
}

/** intent=apply: the bulk change itself, then back to the progress list with the count changed. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { api, type } = await requireContent(request, "progress");
  const { form, refusal } = await readForm(request);
  if (!form) return refusalAnswer(refusal);
  await requireCsrf(api, form);
  const id = itemId(type, params);
  const paths = itemPaths(type, id);
  invariantResponse(String(form.get("intent") ?? "") === "apply", "Bad Request");
  const submission = parseWithZod(form, { schema: bulkProgressSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const res = await api.post<BulkApplied | Record<string, unknown>>(
    `${paths.api}progress/bulk/`,
    { ...submission.value, preview: false },
    { accept: [400] },
  );
  if (res.status === 400)
    return data(
      { result: submission.reply(apiFieldErrors(res.data as Record<string, unknown>)) },
      { status: 400, headers: api.headers() },
    );
  const changed = (res.data as BulkApplied).changed;
  return redirectWithToast(
    `${paths.base}/overall/progress`,
    { type: "success", message: "enr_toast_bulk_changed", values: { n: changed } },
    { headers: api.headers() },
  );
}

export default function OverallBulk() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const busy = useSubmitting();
  const { t, i18n } = useContentTranslation();
  const fmt = new Intl.NumberFormat(i18n.language === "th" ? "th-TH" : "en-GB");
  const p = d.preview;
  const target = t(`progress_status_${p.target}`);
  const errors = actionData
    ? Object.values(actionData.result.error ?? {})
        .flat()
        .map((m) => t(m ?? MSG.invalid))
    : null;
  return (
    <section aria-labelledby="bulk-title" className="max-w-3xl space-y-4">
      <div>
        <h2 id="bulk-title" className="text-lg font-semibold">
          {t("enr_bulk_confirm_title", { status: target })}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {d.picked.length
            ? t("enr_bulk_scope_picked", { n: fmt.format(p.total) })
            : t("enr_bulk_scope_all", { n: fmt.format(p.total) })}
        </p>
      </div>
      <p className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" id="bulk-summary">
        {t("enr_bulk_summary", {
          affected: fmt.format(p.affected),
          unaffected: fmt.format(p.unaffected),
          status: target,
        })}
      </p>
      <div className="overflow-x-auto rounded border border-slate-200 bg-white">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{t("enr_bulk_by_status")}</caption>
          <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("enr_col_current_status")}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                {t("enr_col_learners")}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("enr_col_outcome")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {p.by_status.map((s) => (
              <tr key={s.status}>
                <td className="px-3 py-2">
                  <ProgressBadge status={s.status} />
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{fmt.format(s.count)}</td>
                <td className="px-3 py-2">
                  {s.affected ? t("enr_outcome_changes", { status: target }) : t("enr_outcome_unaffected")}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-labelledby="bulk-choices-title" className="rounded border border-slate-200 bg-white p-3">
        <h3 id="bulk-choices-title" className="text-sm font-semibold">
          {t("enr_bulk_choices")}
        </h3>
        <ul className="mt-2 flex flex-wrap gap-2 text-sm">
          {d.choices.map((c) => (
            <li key={c.target}>
              <a
                href={c.href}
                aria-current={c.target === p.target ? "true" : undefined}
                className={`inline-block rounded border px-3 py-1 ${c.target === p.target ? "border-primary bg-primary text-primary-fg" : "border-slate-300 hover:bg-slate-50"}`}
              >
                {t("enr_bulk_choice", { status: t(`progress_status_${c.target}`), n: fmt.format(c.affected) })}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="post" className="flex flex-wrap items-center gap-3">
        <WritableFields>
          <CsrfInput />
          <input type="hidden" name="intent" value="apply" />
          <input type="hidden" name="target" value={p.target} />
          {d.picked.map((e) => (
            <input key={e} type="hidden" name="enrollment_list" value={e} />
          ))}
          <ErrorList errors={errors} />
          <button
            type="submit"
            disabled={busy || p.affected === 0}
            className="rounded bg-primary px-4 py-2 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60"
          >
            {t("enr_bulk_confirm", { n: fmt.format(p.affected), status: target })}
          </button>
          <a href={d.back} className="rounded border border-slate-300 px-4 py-2 text-sm">
            {t("cancel")}
          </a>
        </WritableFields>
      </Form>
    </section>
  );
}

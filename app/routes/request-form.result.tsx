import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import type { Form, FormSubmission } from "../../contract/schemas/requests";
import { Pager } from "~/components/content/pager";
import { ExportLinks } from "~/components/content/export-links";
import { FormAnswers } from "~/components/requests/form-answers";
import { useDates } from "~/components/use-dates";
import { itemPage } from "~/lms/item-page.server";
import { readListPage } from "~/lms/paging.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["requests", "requestTypes", "content", "enrollment"] };

/**
 * A form's results (spec 000 §2.10 /request-form/{formid}/result; docs/decisions/057): every
 * submission, newest first, with who answered, when, and the answers under the form's sections;
 * with the export flag, all of them as xlsx or csv (docs/decisions/074).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, apiBase, base, can } = await itemPage(args, "view");
  const url = new URL(args.request.url);
  const [{ data: form }, { data: list }] = await Promise.all([
    api.get<Form>(apiBase),
    readListPage<Paged<FormSubmission>>(api, `${apiBase}submission/`, { url, query: { page_size: 20 } }),
  ]);
  return data(
    { form, list, exportHref: can("export") && list.count ? `${base}/result/export` : null },
    { headers: api.headers() },
  );
}

export default function ResultTab() {
  const { form, list, exportHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <section aria-labelledby="result-title" className="space-y-4">
      <div>
        <h2 id="result-title" className="text-lg font-semibold text-slate-900">
          {t("req_tab_result")}
        </h2>
        <p className="text-sm text-slate-600">{t("req_result_intro", { count: list.count })}</p>
      </div>
      {exportHref ? <ExportLinks href={exportHref} keys={[]} /> : null}
      {list.results.length === 0 ? (
        <p className="rounded border border-slate-200 bg-white p-4 text-sm text-slate-600">{t("req_result_empty")}</p>
      ) : null}
      {list.results.map((s) => (
        <article key={s.id} aria-labelledby={`sub-${s.id}`} className="rounded border border-slate-200 bg-white p-4">
          <h3 id={`sub-${s.id}`} className="mb-2 text-base font-semibold">
            {s.account.name} <span className="font-normal text-slate-600">({s.account.username})</span>
            <span className="ml-2 text-sm font-normal text-slate-600">{dates.dateTime(s.datetime_create)}</span>
          </h3>
          <FormAnswers form={form} submission={s} />
        </article>
      ))}
      <Pager count={list.count} page={list.page ?? 1} pageSize={list.page_size} />
    </section>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { ProgressBadge } from "~/components/content/progress-badge";
import { SearchForm } from "~/components/content/search-form";
import { ExportLinks } from "~/components/content/export-links";
import { CsrfInput } from "~/components/forms";
import { useSubmitting } from "~/components/use-submitting";
import { assignmentPage, assignmentPost, toastAnswer } from "~/lms/assignment.server";
import { formId } from "~/lms/item-page.server";
import { invariantResponse } from "~/lms/invariant";
import { readListPage } from "~/lms/paging.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment", "assignment"] };

type Row = {
  id: number;
  status: number;
  allowed_status: number[];
  account: { id: number; username: string; first_name: string; last_name: string };
  content: { name: string };
  datetime_update: string;
};

/**
 * The learners an assignment enrolled and their progress (spec 000 §2.10 "progress"); an
 * administrator changes a status by hand only among verifying 22, completed 30 and failed -5
 * (spec 001 §4 "Assignment"): a row offers the statuses its own may go to, nothing otherwise.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await assignmentPage(args);
  const url = new URL(args.request.url);
  const search = (url.searchParams.get("search") ?? "").trim();
  const list = await readListPage<Paged<Row>>(page.api, `${page.apiBase}progress/`, {
    url,
    query: search ? { search } : {},
  });
  return data(
    {
      list: list.data,
      canChange: page.canChange,
      exportHref: page.can("export") ? `${page.base}/progress/export` : null,
    },
    { headers: page.api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const post = await assignmentPost(args);
  if (post.refused) return post.refused;
  const { page, form, intent, here } = post;
  invariantResponse(intent === "change", "Bad Request");
  const res = await page.api.patch(
    `${page.apiBase}progress/${formId(form)}/`,
    { status: String(form.get("status") ?? "") },
    { accept: [400, 404] },
  );
  return toastAnswer(page, res, here, "asg_toast_progress_changed");
}

export default function AssignmentProgressTab() {
  const { list, canChange, exportHref } = useLoaderData<typeof loader>();
  const busy = useSubmitting();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="progress-title" className="space-y-3">
      <h2 id="progress-title" className="text-lg font-semibold">
        {t("asg_progress_title")}
      </h2>
      <p className="text-sm text-slate-600">{t("asg_progress_intro")}</p>
      <div className="flex flex-wrap items-end gap-3">
        <SearchForm name="search" label={t("asg_search_learner")} />
        {exportHref ? (
          <div className="ml-auto">
            <ExportLinks href={exportHref} keys={["search", "status"]} />
          </div>
        ) : null}
      </div>
      <DataTable<Row>
        caption={t("asg_progress_title")}
        rows={list.results}
        empty={t("asg_progress_empty")}
        columns={[
          {
            key: "learner",
            label: t("asg_col_learner"),
            render: (r) => `${r.account.first_name} ${r.account.last_name}`.trim() || r.account.username,
          },
          {
            key: "username",
            label: t("asg_col_username"),
            render: (r) => <span className="font-mono text-xs">{r.account.username}</span>,
          },
          { key: "content", label: t("asg_col_content"), render: (r) => r.content.name },
          { key: "status", label: t("asg_col_progress"), render: (r) => <ProgressBadge status={r.status} /> },
          ...(canChange
            ? [
                {
                  key: "change",
                  label: t("asg_col_change"),
                  render: (r: Row) =>
                    r.allowed_status.length ? (
                      <Form method="post" className="flex items-center gap-2">
                        <CsrfInput />
                        <input type="hidden" name="id" value={r.id} />
                        <label className="sr-only" htmlFor={`status-${r.id}`}>
                          {t("asg_change_for", { name: r.account.username })}
                        </label>
                        <select
                          id={`status-${r.id}`}
                          name="status"
                          className="rounded border border-slate-300 px-1 py-0.5 text-sm"
                        >
                          {r.allowed_status.map((s) => (
                            <option key={s} value={s}>
                              {t(`progress_status_${s}`)}
                            </option>
                          ))}
                        </select>
                        <button
                          type="submit"
                          name="intent"
                          value="change"
                          disabled={busy}
                          className="text-primary hover:underline"
                        >
                          {t("asg_change")}
                        </button>
                      </Form>
                    ) : (
                      <span className="text-xs text-slate-500">{t("asg_change_none")}</span>
                    ),
                },
              ]
            : []),
        ]}
      />
      <Pager count={list.count} page={list.page} pageSize={list.page_size} />
    </section>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { FilterOption, Paged } from "../../contract/http";
import { ASSIGNED_RESULTS, LEARNERS_FILTER } from "../../contract/assignment-codes";
import { PROGRESS_STATUS } from "../../contract/codes";
import type { AssignmentResultRow, AssignmentResults, Audience } from "../../contract/schemas/assignment";
import { AudienceForm } from "~/components/assignment/audience-form";
import { ResultBadge, ResultCounts } from "~/components/assignment/result-badge";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { ProgressBadge } from "~/components/content/progress-badge";
import { SearchForm } from "~/components/content/search-form";
import { ExportLinks } from "~/components/content/export-links";
import { CsrfInput } from "~/components/forms";
import { useSubmitting } from "~/components/use-submitting";
import { assignmentPage, assignmentPost, contentsOf, safeBackPath, toastAnswer } from "~/lms/assignment.server";
import { formId } from "~/lms/item-page.server";
import { invariantResponse } from "~/lms/invariant";
import { readListPage } from "~/lms/paging.server";
import { departmentTree } from "~/lms/department-tree";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment", "assignment"] };

/**
 * An assignment's learners (spec 000 §2.10 "learner", spec 001 §1 /assignment/{id}/learner/ with
 * contentName and backPath): who it names — accounts, groups, departments — and, once assigned,
 * each learner's result per content with its code and meaning; `contentName` shows one content's,
 * `backPath` is the way back (the page opened after assigning, docs/decisions/051). An assigned
 * learner's assignment can be cancelled; an auto-assignment's learning waiting at verifying for its
 * result's approval (result setting 1, docs/decisions/075) is approved or failed here. The results
 * export as they are filtered. Plain forms and links: works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await assignmentPage(args);
  const url = new URL(args.request.url);
  const find = (url.searchParams.get("find") ?? "").trim();
  const contents = await contentsOf(page);
  const contentName = url.searchParams.get("contentName");
  const content = contentName ? contents.find((c) => c.name === contentName) : undefined;
  const result = url.searchParams.get("result") ?? "";
  const search = (url.searchParams.get("search") ?? "").trim();
  // The overdue learners only (docs/decisions/080): where the home's overdue card leads.
  const overdue = url.searchParams.get("learners") === LEARNERS_FILTER.overdue;
  const [audience, groups, departments, found, results] = await Promise.all([
    page.api.get<Audience>(`${page.apiBase}audience/`).then((r) => r.data),
    page.api
      .get<Paged<FilterOption>>("dashboard/filter/group/", { query: { page_size: 1000 } })
      .then((r) => r.data.results),
    page.api
      .get<Paged<FilterOption & { parent_id?: number | null }>>("dashboard/filter/department-cascade/", {
        query: { page_size: 1000 },
      })
      .then((r) => r.data.results),
    page.canChange && find
      ? page.api
          .get<{ results: Audience["account_list"] }>(`${page.apiBase}audience/account/`, { query: { search: find } })
          .then((r) => r.data.results)
      : null,
    readListPage<AssignmentResults>(page.api, `${page.apiBase}learner/`, {
      url,
      query: {
        ...(content ? { content: content.id } : {}),
        ...(/^-?\d{1,3}$/.test(result) ? { result } : {}),
        ...(search ? { search } : {}),
        ...(overdue ? { learners: LEARNERS_FILTER.overdue } : {}),
      },
    }),
  ]);
  return data(
    {
      audience,
      groups: groups.map((g) => ({ id: g.id, name: g.name })),
      departments: departmentTree(departments),
      found,
      results: results.data,
      contents: contents.map((c) => ({ id: c.id, name: c.name })),
      contentName: content?.name ?? null,
      overdue,
      backPath: safeBackPath(url.searchParams.get("backPath")),
      canChange: page.canChange,
      canExport: page.can("export"),
      contentId: content?.id ?? null,
      suggestion: page.key === "suggestion",
      // An auto-assignment has no progress tab (spec 000 §2.10): its results are approved here.
      approves: page.key === "auto_assignment" && page.canChange,
      exportHref: `${page.base}/learner/export`,
    },
    { headers: page.api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const post = await assignmentPost(args);
  if (post.refused) return post.refused;
  const { page, form, intent, here } = post;
  if (intent === "cancel") {
    const res = await page.api.post(`${page.apiBase}learner/${formId(form)}/cancel/`, {}, { accept: [400, 404] });
    return toastAnswer(page, res, here, "asg_toast_canceled");
  }
  // A learning waiting for its result's approval: completed, or failed (spec 001 §4: 22 → 30 | -5).
  if (intent === "approve" || intent === "fail") {
    const status = intent === "approve" ? PROGRESS_STATUS.completed : PROGRESS_STATUS.failed;
    const res = await page.api.patch(
      `${page.apiBase}progress/${formId(form, "enrollment")}/`,
      { status },
      { accept: [400, 404] },
    );
    return toastAnswer(page, res, here, intent === "approve" ? "asg_toast_result_approved" : "asg_toast_result_failed");
  }
  invariantResponse(["save", "add-account", "remove-account"].includes(intent), "Bad Request");
  // The lists this form does not carry are kept as they are.
  const { data: now } = await page.api.get<Audience>(`${page.apiBase}audience/`);
  const body = {
    account_list: now.account_list.map((a) => a.id),
    group_list: now.group_list,
    department_list: now.department_list,
    include_sub_department: now.include_sub_department,
  };
  if (intent === "save") {
    const ids = (name: string) => form.getAll(name).map(String);
    invariantResponse(
      [...ids("group_list"), ...ids("department_list")].every((v) => /^\d{1,12}$/.test(v)),
      "Bad Request",
    );
    Object.assign(body, {
      group_list: ids("group_list").map(Number),
      department_list: ids("department_list").map(Number),
      include_sub_department: form.get("include_sub_department") === "on",
    });
  } else {
    const account = formId(form, "account");
    body.account_list =
      intent === "add-account" ? [...body.account_list, account] : body.account_list.filter((a) => a !== account);
  }
  const res = await page.api.call(`PUT`, `${page.apiBase}audience/`, { body, accept: [400] });
  return toastAnswer(page, res, here, "asg_toast_audience_saved");
}

export default function AssignmentLearnerTab() {
  const d = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const busy = useSubmitting();
  const { t } = useTranslation();
  const link = (name: string | null) => {
    const q = new URLSearchParams(params);
    q.delete("page");
    if (name) q.set("contentName", name);
    else q.delete("contentName");
    return `?${q}`;
  };
  /** The same results with or without the overdue filter (other filters kept, back to page 1). */
  const overdueLink = (on: boolean) => {
    const q = new URLSearchParams(params);
    q.delete("page");
    if (on) q.set("learners", LEARNERS_FILTER.overdue);
    else q.delete("learners");
    return `?${q}`;
  };
  return (
    <div className="space-y-6">
      {d.backPath ? (
        <p>
          <Link to={d.backPath} className="text-sm text-primary underline">
            ← {t("asg_back")}
          </Link>
        </p>
      ) : null}
      <AudienceForm
        audience={d.audience}
        groups={d.groups}
        departments={d.departments}
        found={d.found}
        canChange={d.canChange}
      />
      <section aria-labelledby="results-title" className="space-y-3">
        <h2 id="results-title" className="text-lg font-semibold">
          {d.contentName ? t("asg_results_of", { name: d.contentName }) : t("asg_results_title")}
        </h2>
        <nav aria-label={t("asg_results_by_content")} className="flex flex-wrap gap-2 text-sm">
          <a
            href={link(null)}
            aria-current={d.contentName ? undefined : "page"}
            className={`rounded border px-2 py-0.5 ${d.contentName ? "border-slate-300" : "border-primary font-semibold text-primary"}`}
          >
            {t("asg_all_contents")}
          </a>
          {d.contents.map((c) => (
            <a
              key={c.id}
              href={link(c.name)}
              aria-current={d.contentName === c.name ? "page" : undefined}
              className={`rounded border px-2 py-0.5 ${d.contentName === c.name ? "border-primary font-semibold text-primary" : "border-slate-300"}`}
            >
              {c.name}
            </a>
          ))}
        </nav>
        <nav aria-label={t("asg_learners_filter")} className="flex flex-wrap gap-2 text-sm">
          <a
            href={overdueLink(false)}
            aria-current={d.overdue ? undefined : "page"}
            className={`rounded border px-2 py-0.5 ${d.overdue ? "border-slate-300" : "border-primary font-semibold text-primary"}`}
          >
            {t("asg_learners_all")}
          </a>
          <a
            href={overdueLink(true)}
            aria-current={d.overdue ? "page" : undefined}
            className={`rounded border px-2 py-0.5 ${d.overdue ? "border-primary font-semibold text-primary" : "border-slate-300"}`}
          >
            {t("asg_learners_overdue")}
          </a>
        </nav>
        <ResultCounts counts={d.results.by_result} advice />
        <div className="flex flex-wrap items-end gap-3">
          <SearchForm
            name="search"
            label={t("asg_search_learner")}
            keep={["contentName", "backPath", "result", "learners"]}
          />
          {d.canExport ? (
            <div className="ml-auto">
              <ExportLinks
                href={d.exportHref}
                keys={["search", "result", "learners"]}
                extra={d.contentId ? { content: String(d.contentId) } : {}}
              />
            </div>
          ) : null}
        </div>
        <DataTable<AssignmentResultRow>
          caption={t("asg_results_title")}
          rows={d.results.results}
          empty={t("asg_results_empty")}
          columns={[
            {
              key: "learner",
              label: t("asg_col_learner"),
              render: (r) => `${r.account.first_name} ${r.account.last_name}`.trim() || r.account.username,
            },
            {
              key: "username",
              label: t("asg_col_username"),
              sort: "username",
              render: (r) => <span className="font-mono text-xs">{r.account.username}</span>,
            },
            { key: "content", label: t("asg_col_content"), render: (r) => r.content.name },
            {
              key: "result",
              label: t("asg_col_result"),
              sort: "result",
              render: (r) => <ResultBadge code={r.result} />,
            },
            ...(d.suggestion
              ? []
              : [
                  {
                    key: "status",
                    label: t("asg_col_progress"),
                    render: (r: AssignmentResultRow) => (r.status === null ? "—" : <ProgressBadge status={r.status} />),
                  },
                ]),
            ...(d.suggestion
              ? []
              : [
                  {
                    key: "expire",
                    label: t("asg_col_expire"),
                    render: (r: AssignmentResultRow) => r.datetime_expire ?? "—",
                  },
                ]),
            ...(d.canChange && !d.suggestion
              ? [
                  {
                    key: "actions",
                    label: t("actions"),
                    className: "text-right",
                    render: (r: AssignmentResultRow) => (
                      <div className="flex flex-wrap justify-end gap-3">
                        {d.approves && r.enrollment !== null && r.status === PROGRESS_STATUS.verifying ? (
                          <Form method="post" className="flex gap-3">
                            <CsrfInput />
                            <input type="hidden" name="enrollment" value={r.enrollment} />
                            <button
                              type="submit"
                              name="intent"
                              value="approve"
                              disabled={busy}
                              className="text-primary hover:underline"
                              aria-label={t("asg_approve_named", { name: r.account.username })}
                            >
                              {t("asg_approve")}
                            </button>
                            <button
                              type="submit"
                              name="intent"
                              value="fail"
                              disabled={busy}
                              className="text-red-700 hover:underline"
                              aria-label={t("asg_fail_named", { name: r.account.username })}
                            >
                              {t("asg_fail")}
                            </button>
                          </Form>
                        ) : null}
                        {(ASSIGNED_RESULTS as readonly number[]).includes(r.result) ? (
                          <Form method="post">
                            <CsrfInput />
                            <input type="hidden" name="id" value={r.id} />
                            <button
                              type="submit"
                              name="intent"
                              value="cancel"
                              disabled={busy}
                              className="text-red-700 hover:underline"
                              aria-label={t("asg_cancel_named", { name: r.account.username })}
                            >
                              {t("asg_cancel")}
                            </button>
                          </Form>
                        ) : null}
                      </div>
                    ),
                  },
                ]
              : []),
          ]}
        />
        <Pager count={d.results.count} page={d.results.page} pageSize={d.results.page_size} />
      </section>
    </div>
  );
}

import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import type { AccountHistoryRow } from "../../contract/schemas/user";
import { PageHeader } from "~/components/content/page-header";
import { Pager } from "~/components/content/pager";
import { HistoryTable } from "~/components/user/history-table";
import { contentTitles } from "~/lms/content-titles.server";
import { readListPage } from "~/lms/paging.server";
import { dash } from "~/lms/paths";
import { requireListPage } from "~/lms/people.server";
import { SEARCH_KEY } from "~/lms/list-query";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

const EMPTY: Paged<AccountHistoryRow> = { results: [], count: 0, page_size: 50, next: null, page: 1 };

/**
 * The department history (spec 000 §2.11 /user/department/history; docs/decisions/029, 034): the
 * people moved from one department to another, newest first — the account history's
 * `action=department` rows, searched by the account. Its own module beside user.history.tsx: the
 * same table, but the move is the whole row and there is no action to filter by.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, type } = await requireListPage(args, "department.history");
  const url = new URL(args.request.url);
  const search = url.searchParams.get(SEARCH_KEY)?.trim() ?? "";
  const res = await readListPage<Paged<AccountHistoryRow>>(api, `${type.api}history/`, {
    url,
    query: { action: "department", ...(search ? { search } : {}) },
    accept: [400],
  });
  return data(
    {
      history: res.status === 200 ? res.data : EMPTY,
      search,
      listHref: dash(type.segment),
      treeHref: dash(`${type.segment}/department`),
      titles: contentTitles(`${type.key}.list.department.history`),
    },
    { headers: api.headers() },
  );
}

export default function DepartmentHistory() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader
        title={t("user_department_history")}
        crumbs={[
          { label: t("menu_home"), href: dash() },
          { label: t("master_user"), href: d.listHref },
          { label: t("master_department"), href: d.treeHref },
          { label: t("user_department_history") },
        ]}
      />
      <Form
        method="get"
        role="search"
        className="mb-4 flex max-w-xl items-end gap-2 rounded border border-slate-200 bg-white p-3"
      >
        <div className="grow">
          <label htmlFor="history-search" className="mb-1 block text-xs font-medium text-slate-700">
            {t("user_search_account")}
          </label>
          <input
            key={d.search}
            id="history-search"
            type="search"
            name={SEARCH_KEY}
            defaultValue={d.search}
            className="w-full rounded border border-slate-300 px-3 py-1.5 text-sm"
          />
        </div>
        <button
          type="submit"
          className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
        >
          {t("search")}
        </button>
      </Form>
      <HistoryTable
        rows={d.history.results}
        names={{}}
        showAccount
        variant="department"
        empty={t(d.search ? "no_results" : "user_department_history_empty")}
      />
      <Pager
        count={d.history.count}
        page={d.history.page}
        pageSize={d.history.page_size}
        capped={d.history.count_capped}
      />
    </div>
  );
}

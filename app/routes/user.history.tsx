import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import type { AccountHistoryRow } from "../../contract/schemas/user";
import { ListFilters } from "~/components/content/list-filters";
import { PageHeader } from "~/components/content/page-header";
import { Pager } from "~/components/content/pager";
import { HistoryTable } from "~/components/user/history-table";
import { itemId, requireContent } from "~/lms/content.server";
import { contentTitles } from "~/lms/content-titles.server";
import { readListPage } from "~/lms/paging.server";
import { dash } from "~/lms/paths";
import { ACCOUNT_HISTORY_ACTIONS, historyNames, requireListPage } from "~/lms/people.server";
import { SEARCH_KEY } from "~/lms/list-query";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

const EMPTY: Paged<AccountHistoryRow> = { results: [], count: 0, page_size: 50, next: null, page: 1 };

/**
 * The account history (spec 000 §2.11; docs/decisions/034), one module for two routes: a user's
 * history tab (`user/:userid/history`, that account only) and everyone's beside the user list
 * (`user/history`, with its search on the account and the action filter). Same rows, same table;
 * the list page adds its header, filters and the account column. Links and GET forms only.
 */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const ofUser = args.params.userid !== undefined;
  const { api, type } = ofUser ? await requireContent(args, "view") : await requireListPage(args, "history");
  const path = ofUser ? `${type.api}${itemId(type, args.params)}/history/` : `${type.api}history/`;
  const query: Record<string, string> = {};
  const search = url.searchParams.get(SEARCH_KEY)?.trim();
  const action = url.searchParams.get("action");
  if (!ofUser && search) query.search = search;
  if (!ofUser && action && (ACCOUNT_HISTORY_ACTIONS as readonly string[]).includes(action)) query.action = action;
  const res = await readListPage<Paged<AccountHistoryRow>>(api, path, { url, query, accept: [400, 404] });
  const history = res.status === 200 ? res.data : EMPTY;
  return data(
    {
      ofUser,
      history,
      names: await historyNames(api, history.results),
      actions: ACCOUNT_HISTORY_ACTIONS.map((a) => ({ value: a, label: a, labelKey: `user_history_action_${a}` })),
      filtered: !!(search || query.action),
      listHref: dash(type.segment),
      ...(ofUser ? {} : { titles: contentTitles(`${type.key}.list.history`) }),
    },
    { headers: api.headers() },
  );
}

export default function UserHistory() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const table = (
    <>
      <HistoryTable
        rows={d.history.results}
        names={d.names}
        showAccount={!d.ofUser}
        empty={t(d.filtered ? "no_results" : "user_history_empty")}
      />
      <Pager
        count={d.history.count}
        page={d.history.page}
        pageSize={d.history.page_size}
        capped={d.history.count_capped}
      />
    </>
  );
  if (d.ofUser) {
    return (
      <section aria-labelledby="history-title">
        <h2 id="history-title" className="mb-3 text-lg font-semibold">
          {t("user_history_title")}
        </h2>
        {table}
      </section>
    );
  }
  return (
    <div>
      <PageHeader
        title={t("user_history_all")}
        crumbs={[
          { label: t("menu_home"), href: dash() },
          { label: t("master_user"), href: d.listHref },
          { label: t("user_history_all") },
        ]}
      />
      <ListFilters filters={["action"]} options={{ action: d.actions }} />
      {table}
    </div>
  );
}

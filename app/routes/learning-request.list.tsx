import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { SearchForm } from "~/components/search-form";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import type { LearningRequest } from "../../contract/schemas/requests";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { kindOfPath } from "~/components/requests/kinds";
import { RequestTabs, StatusBadge } from "~/components/requests/request-parts";
import { useDates } from "~/components/use-dates";
import { requirePermission } from "~/lms/auth.server";
import { readListPage } from "~/lms/paging.server";
import { dash } from "~/lms/paths";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["requests", "content"] };

/**
 * The request lists (spec 000 §2.10 /learning-request waiting, approval-result; /material-request,
 * approval-result; docs/decisions/058), one module for both kinds: "waiting" lists the requests at
 * a step the signed-in account decides, "approval-result" the decided ones (approved, rejected,
 * expired). A search box (GET form) and pages: works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const def = kindOfPath(url.pathname);
  const { api, permission } = await requirePermission(args, def.flags.view, [def.decides]);
  const tab = url.pathname.endsWith("/approval-result") ? "approval-result" : "waiting";
  const search = (url.searchParams.get("search") ?? "").trim();
  const list = await readListPage<Paged<LearningRequest>>(api, def.api, {
    url,
    query: { tab, ...(search ? { search } : {}) },
  });
  // A decider without the kind's flag sees the requests it decides, not the learning results.
  const full = !!permission.permission[def.flags.view];
  return data({ segment: def.segment, tab, search, list: list.data, full }, { headers: api.headers() });
}

export default function RequestList() {
  const { segment, tab, search, list, full } = useLoaderData<typeof loader>();
  const def = kindOfPath(`/dashboard/${segment}`);
  const { t, i18n } = useTranslation();
  const dates = useDates();
  const money = new Intl.NumberFormat(i18n.language === "th" ? "th-TH" : "en-GB", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const learning = segment === "learning-request";
  const active = tab === "waiting" ? (learning ? "waiting" : "") : tab;
  return (
    <div className="space-y-4">
      <RequestTabs def={def} active={active} hide={full ? [] : ["learning-result"]} />
      <p className="max-w-3xl text-sm text-slate-700">
        {t(tab === "waiting" ? "req_waiting_intro" : "req_result_list_intro")}
      </p>
      <SearchForm id="request-search" name="search" value={search} label={t("req_search")} />
      <DataTable
        caption={t(tab === "waiting" ? "req_tab_waiting" : "req_tab_approval_result")}
        rows={list.results}
        empty={t(tab === "waiting" ? "req_waiting_empty" : "req_result_list_empty")}
        columns={[
          {
            key: "name",
            label: t("req_col_request"),
            render: (r) => (
              <a href={dash(`${segment}/${r.id}`)} className="font-medium text-primary hover:underline">
                {r.name}
              </a>
            ),
          },
          { key: "account", label: t("req_col_learner"), render: (r) => `${r.account.name} (${r.account.username})` },
          learning
            ? { key: "provider", label: t("req_field_provider"), render: (r) => r.provider || "—" }
            : {
                key: "material_type",
                label: t("req_field_material_type"),
                render: (r) => r.material_type?.name ?? "—",
              },
          ...(learning
            ? [
                {
                  key: "cost",
                  label: t("req_field_cost"),
                  render: (r: LearningRequest) => (r.cost === null ? "—" : money.format(r.cost)),
                },
              ]
            : []),
          {
            key: "step",
            label: t("req_col_step"),
            render: (r) => (r.flow && r.count_step ? t("req_step_of", { step: r.step, count: r.count_step }) : "—"),
          },
          { key: "status", label: t("req_col_status"), render: (r) => <StatusBadge status={r.status} /> },
          {
            key: "date",
            label: t(tab === "waiting" ? "req_col_created" : "req_col_decided"),
            render: (r) =>
              dates.dateTime(tab === "waiting" ? r.datetime_create : (r.datetime_decide ?? r.datetime_create)),
          },
        ]}
      />
      <Pager count={list.count} page={list.page ?? 1} pageSize={list.page_size} />
    </div>
  );
}

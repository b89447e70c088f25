import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { TransactionRow } from "../../contract/schemas/identification";
import { DataTable } from "~/components/content/data-table";
import { IdentificationFilters, identificationColumns } from "~/components/content/identification-parts";
import { Pager } from "~/components/content/pager";
import { itemId, requireContent } from "~/lms/content.server";
import { itemPaths, loadPagedList, zoneOffset } from "~/lms/enrollment.server";
import { formatInstant } from "~/lms/format";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras"] };

/**
 * The identification transactions of a content item (spec 000 §2.5 `identification/`;
 * docs/decisions/021): each learner's identification session — when, who, method, result, how
 * many attempts, how much of the curriculum it opened, a lock — newest first, searchable by
 * learner, filterable by method and result, paged; a row opens its transaction. Read-only.
 */
const KEYS = ["search", "method", "status", "ordering"] as const;

export async function loader(args: LoaderFunctionArgs) {
  const { api, type } = await requireContent(args, "view");
  const paths = itemPaths(type, itemId(type, args.params));
  const { list, badQuery } = await loadPagedList<TransactionRow>(
    api,
    `${paths.api}identification/transaction/`,
    args.request,
    KEYS,
  );
  return data(
    { list, badQuery, offset: await zoneOffset(), base: `${paths.base}/identification` },
    { headers: api.headers() },
  );
}

export default function IdentificationTransactions() {
  const d = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) =>
    iso ? <time dateTime={iso}>{formatInstant("dateTime", i18n.language, iso, d.offset)}</time> : "—";
  return (
    <section aria-labelledby="transactions-title" className="space-y-4">
      <div>
        <h2 id="transactions-title" className="text-lg font-semibold text-slate-900">
          {t("idt_title")}
        </h2>
        <p className="text-sm text-slate-600">{t("idt_intro")}</p>
      </div>
      <IdentificationFilters id="transaction-filters" />
      {d.badQuery ? (
        <p className="text-sm text-red-700" role="alert">
          {t("invalid")}
        </p>
      ) : null}
      <DataTable
        caption={t("idt_title")}
        empty={t("idt_empty")}
        rows={d.list.results}
        columns={[
          {
            key: "start",
            label: t("idt_col_started"),
            sort: "datetime_start",
            render: (r) => (
              <a
                href={`${d.base}/${r.id}`}
                className="text-primary underline"
                aria-label={t("idt_open", { name: r.account.name })}
              >
                {when(r.datetime_start)}
              </a>
            ),
          },
          ...identificationColumns<TransactionRow>(t),
          { key: "attempts", label: t("idt_col_attempts"), className: "text-right", render: (r) => r.attempt_count },
          { key: "items", label: t("idt_col_items"), className: "text-right", render: (r) => r.item_count },
          { key: "lock", label: t("idt_col_lock"), render: (r) => when(r.datetime_lock_until) },
        ]}
      />
      <Pager count={d.list.count} page={d.list.page} pageSize={d.list.page_size} capped={d.list.count_capped} />
    </section>
  );
}

import type { TFunction } from "~/i18n/translator";
import { useTranslation } from "~/i18n/react";
import { IDENTIFICATION_METHOD_CODES } from "../../../contract/codes";
import { IDENTIFICATION_STATUS } from "../../../contract/extras-codes";
import type { DataColumn } from "~/components/content/data-table";
import { QueryFilters } from "~/components/content/query-filters";

/**
 * What the identification pages share (the attempt log, the transactions: docs/decisions/012,
 * 021): the result badge, the search-and-filter form (learner, method, result) and the learner /
 * method / result columns.
 */

const STYLE: Record<string, string> = {
  pass: "bg-emerald-50 text-emerald-800",
  failed: "bg-red-50 text-red-800",
  waiting: "bg-amber-50 text-amber-900",
};

/** An identification result (waiting, pass, failed) as a labelled badge: the words carry it, the colour only helps. */
export function IdentificationBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return <span className={`rounded px-2 py-0.5 text-xs ${STYLE[status] ?? ""}`}>{t(`ext_result_${status}`)}</span>;
}

/** Search a learner, filter by method and result: one plain GET form keeping the ordering. */
export function IdentificationFilters({ id }: { id: string }) {
  const { t } = useTranslation();
  return (
    <QueryFilters
      id={id}
      keep={["ordering"]}
      placeholder={t("ext_identification_search")}
      selects={[
        {
          name: "method",
          label: t("ext_col_method"),
          options: IDENTIFICATION_METHOD_CODES.map((m) => ({ value: String(m), label: t(`ext_method_${m}`) })),
        },
        {
          name: "status",
          label: t("ext_col_result"),
          options: IDENTIFICATION_STATUS.map((s) => ({ value: s, label: t(`ext_result_${s}`) })),
        },
      ]}
    />
  );
}

type Identified = { id: number; account: { name: string; username: string }; method: number; status: string };

/** The learner (sortable as `learner`), method and result columns of an identification row. */
export function identificationColumns<R extends Identified>(t: TFunction): DataColumn<R>[] {
  return [
    {
      key: "learner",
      label: t("ext_col_learner"),
      sort: "learner",
      render: (r) => (
        <span>
          <span className="font-medium text-slate-900">{r.account.name}</span>{" "}
          <span className="text-xs text-slate-600">{r.account.username}</span>
        </span>
      ),
    },
    { key: "method", label: t("ext_col_method"), render: (r) => t(`ext_method_${r.method}`) },
    { key: "status", label: t("ext_col_result"), render: (r) => <IdentificationBadge status={r.status} /> },
  ];
}

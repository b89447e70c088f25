import { useTranslation } from "~/i18n/react";
import type { AccountHistoryRow, AccountRef } from "../../../contract/schemas/user";
import { DataTable, type DataColumn } from "~/components/content/data-table";
import { useDates } from "~/components/use-dates";
import { dash } from "~/lms/paths";

/** Names of the departments, positions and levels the rows name by id (people.server.ts historyNames). */
export type RefNames = Partial<Record<"department" | "position" | "level" | "supervisor", Record<string, string>>>;

/** Fields whose label is not `field_{name}` (the user form's). */
const LABEL_OF: Record<string, string> = { code: "field_employee_code", is_active: "col_status" };
/** Fields whose value is a code with a label `{prefix}_{value}`. */
const CODE_PREFIX: Record<string, string> = { gender: "gender", language: "language" };

const nameOf = (a: AccountRef) => `${a.first_name} ${a.last_name}`.trim() || a.username;

/** An account as its name, linked to its profile, with the username under it. */
function Account({ account }: { account: AccountRef }) {
  return (
    <>
      <a href={dash(`user/${account.id}/profile`)} className="block text-primary underline">
        {nameOf(account)}
      </a>
      <span className="block font-mono text-xs text-slate-600">{account.username}</span>
    </>
  );
}

/**
 * An account history (docs/decisions/029, 034): when, the account (on the lists of everyone's),
 * the action, what changed — each field by its form label, old → new — and who did it. The
 * department variant shows the move from → to instead. Links only: works without JavaScript.
 */
export function HistoryTable({
  rows,
  names,
  showAccount,
  variant = "all",
  empty,
}: {
  rows: AccountHistoryRow[];
  names: RefNames;
  showAccount: boolean;
  variant?: "all" | "department";
  empty: string;
}) {
  const { t, i18n } = useTranslation();
  const dates = useDates();
  const label = (field: string) => {
    const key = LABEL_OF[field] ?? `field_${field}`;
    return i18n.exists(key) ? t(key) : field;
  };
  const value = (field: string, v: unknown): string => {
    if (v === null || v === undefined || v === "") return "—";
    if (field === "is_active") return t(v ? "state_active" : "state_inactive");
    if (typeof v === "boolean") return t(v ? "user_yes" : "user_no");
    if (CODE_PREFIX[field]) return t(`${CODE_PREFIX[field]}_${String(v)}`);
    if (field === "department" || field === "position" || field === "level")
      return names[field]?.[String(v)] ?? t("user_deleted_ref", { id: String(v) });
    if (field === "supervisor") return names.supervisor?.[String(v)] ?? t("user_account_n", { id: String(v) });
    if (field.startsWith("date_") || field === "expired_date") return dates.day(String(v));
    return String(v);
  };
  const department = (d: { name: string } | null) =>
    d ? d.name : <span className="text-slate-600">{t("user_no_department")}</span>;
  const changes = (r: AccountHistoryRow) => {
    const entries = Object.entries(r.changes);
    if (!entries.length) return <span className="text-slate-600">—</span>;
    return (
      <ul className="space-y-0.5">
        {entries.map(([field, [before, after]]) => (
          <li key={field}>
            <span className="font-medium">{label(field)}</span>
            {": "}
            {r.action === "create" ? (
              value(field, after)
            ) : (
              <>
                {value(field, before)} <span aria-hidden="true">→</span>
                <span className="sr-only">{t("user_history_to")}</span> {value(field, after)}
              </>
            )}
          </li>
        ))}
      </ul>
    );
  };
  const move = (r: AccountHistoryRow) => (
    <span className="inline-flex flex-wrap items-center gap-1">
      {department(r.department_from)} <span aria-hidden="true">→</span>
      <span className="sr-only">{t("user_history_to")}</span> {department(r.department_to)}
    </span>
  );
  const columns: DataColumn<AccountHistoryRow>[] = [
    { key: "when", label: t("user_history_col_when"), render: (r) => dates.dateTime(r.datetime_create) },
    ...(showAccount
      ? [
          {
            key: "account",
            label: t("user_history_col_account"),
            render: (r: AccountHistoryRow) => <Account account={r.account} />,
          },
        ]
      : []),
    ...(variant === "department"
      ? [{ key: "move", label: t("user_history_col_move"), render: move }]
      : [
          {
            key: "action",
            label: t("user_history_col_action"),
            render: (r: AccountHistoryRow) => t(`user_history_action_${r.action}`),
          },
          {
            key: "changes",
            label: t("user_history_col_changes"),
            render: (r: AccountHistoryRow) => (r.action === "department" ? move(r) : changes(r)),
          },
        ]),
    {
      key: "by",
      label: t("user_history_col_by"),
      render: (r) =>
        r.created_by ? (
          <Account account={r.created_by} />
        ) : (
          <span className="text-slate-600">{t("user_history_by_system")}</span>
        ),
    },
  ];
  return <DataTable columns={columns} rows={rows} caption={t("user_history_title")} empty={empty} />;
}

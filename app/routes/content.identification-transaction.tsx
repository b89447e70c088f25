import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DataTable } from "~/components/content/data-table";
import { IdentificationBadge } from "~/components/content/identification-parts";
import { TransactionHeader } from "~/components/content/transaction-header";
import { loadTransaction } from "~/lms/identification.server";
import { formatInstant } from "~/lms/format";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras"] };

/**
 * One identification transaction (spec 000 §2.5 `identification/{transactionid}`;
 * docs/decisions/021): the session's facts and its attempts in the order they were made, with
 * the links to the curriculum it opened and to the learner's progress record. Read-only.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, header } = await loadTransaction(args, "view");
  return data({ header }, { headers: api.headers() });
}

export default function IdentificationTransaction() {
  const { header } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const rows = header.tx.attempt_list.map((a, i) => ({ ...a, no: i + 1 }));
  return (
    <section aria-labelledby="transaction-title" className="space-y-4">
      <TransactionHeader data={header} />
      <h3 className="text-base font-semibold text-slate-900">{t("idt_attempts_title")}</h3>
      <DataTable
        caption={t("idt_attempts_title")}
        empty={t("idt_attempts_empty")}
        rows={rows}
        columns={[
          { key: "no", label: t("idt_col_attempt_no"), className: "text-right", render: (r) => r.no },
          {
            key: "when",
            label: t("ext_col_when"),
            render: (r) => (
              <time dateTime={r.datetime_create}>
                {formatInstant("dateTime", i18n.language, r.datetime_create, header.offset)}
              </time>
            ),
          },
          { key: "method", label: t("ext_col_method"), render: (r) => t(`ext_method_${r.method}`) },
          { key: "status", label: t("ext_col_result"), render: (r) => <IdentificationBadge status={r.status} /> },
          { key: "section", label: t("ext_col_section"), render: (r) => r.section ?? "—" },
        ]}
      />
    </section>
  );
}

import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { TransactionItem } from "../../contract/schemas/identification";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { TransactionHeader } from "~/components/content/transaction-header";
import { loadPagedList } from "~/lms/enrollment.server";
import { loadTransaction } from "~/lms/identification.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras", "curriculum"] };

/**
 * The curriculum an identification transaction opened (spec 000 §2.5
 * `identification/{transactionid}/curriculum`; docs/decisions/021): the sections and materials
 * in curriculum order, each with its identification setting as it is now. Read-only.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, apiPath, header } = await loadTransaction(args, "view");
  const { list } = await loadPagedList<TransactionItem>(api, `${apiPath}curriculum/`, args.request, []);
  return data({ header, list }, { headers: api.headers() });
}

export default function IdentificationCurriculum() {
  const { header, list } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="transaction-title" className="space-y-4">
      <TransactionHeader data={header} />
      <div>
        <h3 className="text-base font-semibold text-slate-900">{t("idt_curriculum")}</h3>
        <p className="text-sm text-slate-600">{t("idt_curriculum_intro")}</p>
      </div>
      <DataTable
        caption={t("idt_curriculum")}
        empty={t("idt_curriculum_empty")}
        rows={list.results}
        columns={[
          { key: "section", label: t("ext_col_section"), render: (r) => r.section.name },
          {
            key: "material",
            label: t("idt_col_material"),
            render: (r) => r.material?.name ?? <span className="text-slate-600">{t("idt_whole_section")}</span>,
          },
          {
            key: "type",
            label: t("idt_col_type"),
            render: (r) => (r.material ? t(`curriculum_slot_${r.material.slot_type}`) : "—"),
          },
          {
            key: "check",
            label: t("idt_col_check"),
            render: (r) =>
              r.identification.is_enabled
                ? t("idt_check_on", { method: t(`ext_method_${r.identification.method}`) })
                : t("idt_check_off"),
          },
        ]}
      />
      <Pager count={list.count} page={list.page} pageSize={list.page_size} capped={list.count_capped} />
    </section>
  );
}

import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { TestbankLogEntry } from "../../contract/schemas/testbank";
import { FactList } from "~/components/content/fact-list";
import { DataTable } from "~/components/content/data-table";
import { useDates } from "~/components/use-dates";
import { itemPage } from "~/lms/item-page.server";
import { invariantResponse } from "~/lms/invariant";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the bank's own come with its URL. */
export const handle = { i18n: ["content"] };

/**
 * One entry of a bank's log (spec 000 §2.8 `log/{logid}`; docs/decisions/063): when, who, which
 * question, and each field it changed with the value it took. An entry of another bank is 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await itemPage(args, "view");
  const logId = args.params.logid ?? "";
  invariantResponse(/^\d{1,12}$/.test(logId), "Not Found", { status: 404 });
  const entry = (await page.api.get<TestbankLogEntry>(`${page.apiBase}log/${logId}/`)).data;
  return data({ entry, back: `${page.base}/log` }, { headers: page.api.headers() });
}

export default function TestbankLogEntryPage() {
  const { entry, back } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const dates = useDates();
  const rows = Object.entries(entry.changes).map(([field, value]) => ({
    id: field,
    field,
    value: typeof value === "string" ? value : JSON.stringify(value),
  }));
  return (
    <section aria-labelledby="entry-title" className="max-w-3xl space-y-4">
      <h2 id="entry-title" className="text-lg font-semibold text-slate-900">
        {t(`tbk_log_action_${entry.action}`)}
      </h2>
      <FactList
        facts={[
          ["tbk_col_when", dates.dateTime(entry.datetime_create)],
          ["tbk_col_number", entry.number === null ? t("tbk_log_bank") : t("tbk_log_question_n", { n: entry.number })],
          ["tbk_col_who", entry.created_by?.name ?? "—"],
        ]}
      />
      <DataTable
        caption={t("tbk_col_details")}
        rows={rows}
        empty={t("tbk_log_no_details")}
        columns={[
          { key: "field", label: t("tbk_log_field"), render: (r) => <code>{r.field}</code> },
          { key: "value", label: t("tbk_log_value"), className: "break-all", render: (r) => r.value },
        ]}
      />
      <a href={back} className="inline-block text-sm text-primary hover:underline">
        {t("tbk_log_back")}
      </a>
    </section>
  );
}

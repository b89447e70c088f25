import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { FactList } from "~/components/content/fact-list";
import type { TransactionProgress } from "../../contract/schemas/identification";
import { ProgressBadge } from "~/components/content/progress-badge";
import { TransactionHeader } from "~/components/content/transaction-header";
import { loadTransaction, rowParam } from "~/lms/identification.server";
import { formatInstant } from "~/lms/format";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras", "enrollment"] };

/**
 * The learner's progress record under an identification transaction (spec 000 §2.5
 * `identification/{transactionid}/{progressid}`; docs/decisions/021): status and dates, with the
 * link to its full history on the overall progress page. Needs the content's progress flag, like
 * that page; a record that is not the transaction's is a 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, apiPath, header } = await loadTransaction(args, "progress");
  const res = await api.get<TransactionProgress>(`${apiPath}progress/${rowParam(args.params, "progressid")}/`, {
    accept: [404],
  });
  if (res.status === 404) throw new Response("Not Found", { status: 404, headers: api.headers() });
  // Its full history is the overall progress page's (same flag).
  const history = `${header.item}/overall/progress/${res.data.id}/history`;
  return data({ header, progress: res.data, history }, { headers: api.headers() });
}

export default function IdentificationProgress() {
  const { header, progress: p, history } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) =>
    iso ? <time dateTime={iso}>{formatInstant("dateTime", i18n.language, iso, header.offset)}</time> : "—";
  const facts: [string, React.ReactNode][] = [
    ["idt_field_status", <ProgressBadge key="s" status={p.status} />],
    ["enr_col_enrolled", when(p.datetime_enroll)],
    ["enr_col_started", when(p.datetime_start)],
    ["enr_col_completed", when(p.datetime_complete)],
    ["idt_field_updated", when(p.datetime_update)],
  ];
  return (
    <section aria-labelledby="transaction-title" className="space-y-4">
      <TransactionHeader data={header} />
      <div>
        <h3 className="text-base font-semibold text-slate-900">{t("idt_progress")}</h3>
        <p className="text-sm text-slate-600">{t("idt_progress_intro")}</p>
      </div>
      <FactList facts={facts} />
      <a href={history} className="inline-block text-sm text-primary underline">
        {t("idt_progress_history")}
      </a>
    </section>
  );
}

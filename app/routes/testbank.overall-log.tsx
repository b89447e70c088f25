import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { LogTable } from "~/components/testbank/log-table";
import { bankLog } from "~/lms/testbank.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the bank's own come with its URL. */
export const handle = { i18n: ["content"] };

/**
 * Overall › Bank log (spec 000 §2.8 overall `log`; docs/decisions/063): what happened to the bank
 * itself — created, information changed, usage requested, approved or rejected — newest first.
 * Its questions' changes are the `log` tab's.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { page, log } = await bankLog(args, "bank");
  return data({ log, base: page.base }, { headers: page.api.headers() });
}

export default function TestbankOverallLog() {
  const { log, base } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="bank-log-title" className="space-y-3">
      <div>
        <h2 id="bank-log-title" className="text-lg font-semibold text-slate-900">
          {t("tbk_overall_log")}
        </h2>
        <p className="text-sm text-slate-600">{t("tbk_overall_log_intro")}</p>
      </div>
      <LogTable log={log} withNumber={false} entryHref={(id) => `${base}/log/${id}`} />
    </section>
  );
}

import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { LogTable } from "~/components/testbank/log-table";
import { bankLog } from "~/lms/testbank.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the bank's own come with its URL. */
export const handle = { i18n: ["content"] };

/**
 * A bank's question log (spec 000 §2.8 tab `log/{logid}`; docs/decisions/063): every change to
 * its questions and choices, by question number, newest first; each entry opens its own page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { page, log } = await bankLog(args, "question");
  return data({ log, base: page.base }, { headers: page.api.headers() });
}

export default function TestbankLogTab() {
  const { log, base } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="log-title" className="space-y-3">
      <div>
        <h2 id="log-title" className="text-lg font-semibold text-slate-900">
          {t("tbk_tab_log")}
        </h2>
        <p className="text-sm text-slate-600">{t("tbk_log_intro")}</p>
      </div>
      <LogTable log={log} withNumber entryHref={(id) => `${base}/log/${id}`} />
    </section>
  );
}

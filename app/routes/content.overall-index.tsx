import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { OverallSummary } from "../../contract/schemas/identification";
import { allows, overallPages } from "~/lms/content-navigation.server";
import { itemId, requireContent } from "~/lms/content.server";
import { itemPaths } from "~/lms/enrollment.server";
import { numberFormat } from "~/lms/format";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras"] };

/**
 * The overall landing page of a content item (spec 000 §2.5 `overall`; docs/decisions/021): one
 * card per overall page the user may open — and per item page with figures (the identification
 * transactions) — with the figures the API counts for it (GET {item}/overall/), each linking to
 * its page. Cards, links and figures all come from the registry and the API: nothing here names
 * a content type or a page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, type, permission } = await requireContent(args, "view");
  const paths = itemPaths(type, itemId(type, args.params));
  const summary = (await api.get<OverallSummary>(`${paths.api}overall/`)).data as Record<
    string,
    Record<string, number> | null
  >;
  const pages = overallPages(type, paths.base);
  const cards = pages
    .filter((p) => allows(type, permission, p.action ?? "view") && summary[p.key])
    .map((p) => ({ key: p.key, labelKey: p.labelKey, href: p.href, figures: Object.entries(summary[p.key]!) }));
  return data({ cards }, { headers: api.headers() });
}

export default function OverallIndex() {
  const { cards } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const fmt = numberFormat(i18n.language);
  return (
    <section aria-labelledby="overall-title" className="space-y-4">
      <div>
        <h2 id="overall-title" className="text-lg font-semibold text-slate-900">
          {t("overall_title")}
        </h2>
        <p className="text-sm text-slate-600">{t("ovx_intro")}</p>
      </div>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {cards.map((c) => (
          <li key={c.key} className="rounded border border-slate-200 bg-white p-4">
            <h3 className="text-base font-semibold">
              <a href={c.href} className="text-primary underline">
                {t(c.labelKey)}
              </a>
            </h3>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {c.figures.map(([name, value]) => (
                <div key={name} className="contents">
                  <dt className="text-slate-600">{t(`ovx_${c.key}_${name}`)}</dt>
                  <dd className="text-right font-medium tabular-nums text-slate-900">{fmt.format(value)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

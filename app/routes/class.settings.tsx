import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import { itemPage, loadTerms } from "~/lms/class-options.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the class's own come with its URL. */
export const handle = { i18n: ["content"] };

/**
 * The settings tab of a class inside a program (spec 000 §2.4 "plus settings (permission, terms)",
 * docs/decisions/047): where its two sub-pages stand — how many permission rules say who may see
 * and enrol (with the change flag, which reading them needs), and whether the class has terms,
 * required or not, accepted by how many — each linking to its page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await itemPage(args, "view");
  const terms = await loadTerms(page);
  const rules = page.can("change")
    ? (await page.api.get<Paged<unknown>>(`${page.apiBase}permission/`, { query: { page_size: 1 } })).data.count
    : null;
  return data({ terms, rules, base: `${page.base}/settings` }, { headers: page.api.headers() });
}

export default function ClassSettings() {
  const { terms, rules, base } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const termsState = !terms.terms.trim()
    ? t("cls_settings_terms_none")
    : terms.is_terms_required
      ? t("cls_settings_terms_required", { n: terms.accepted_count })
      : t("cls_settings_terms_optional", { n: terms.accepted_count });
  const card = "block rounded border border-slate-200 bg-white p-4 hover:border-primary";
  return (
    <section aria-labelledby="settings-title" className="max-w-3xl space-y-4">
      <h2 id="settings-title" className="text-lg font-semibold text-slate-900">
        {t("cls_settings")}
      </h2>
      <p className="text-sm text-slate-700">{t("cls_settings_intro", { program: terms.class_program?.name ?? "" })}</p>
      <ul className="grid gap-3 sm:grid-cols-2">
        {rules !== null ? (
          <li>
            <a href={`${base}/permission`} className={card}>
              <span className="block font-medium text-primary underline">{t("tab_permission")}</span>
              <span className="mt-1 block text-sm text-slate-700">{t("cls_settings_rules", { n: rules })}</span>
            </a>
          </li>
        ) : null}
        <li>
          <a href={`${base}/terms`} className={card}>
            <span className="block font-medium text-primary underline">{t("cls_terms")}</span>
            <span className="mt-1 block text-sm text-slate-700">{termsState}</span>
          </a>
        </li>
      </ul>
    </section>
  );
}

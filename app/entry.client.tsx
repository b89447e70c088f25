import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "./i18n/config";
import { NAMESPACES } from "./i18n/namespaces";

/**
 * JavaScript only improves the pages. i18next starts with the texts the document carries (its
 * page's namespaces, in its language: app/components/i18n-payload.tsx), so hydration makes no
 * request. A client navigation to a page needing another namespace, or a change of language,
 * fetches it from the dashboard, versioned by the dictionary's update time so the browser may
 * keep it (docs/decisions/024); the root suspends meanwhile, inside the navigation's transition.
 */
async function hydrate() {
  const payload = window.__i18n ?? { lng: document.documentElement.dataset.locale ?? "en", v: "", resources: {} };
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend(async (lng: string, ns: string) => {
      const res = await fetch(`/dashboard/locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}?v=${encodeURIComponent(payload.v)}`);
      if (!res.ok) throw new Error(`${lng}/${ns}: ${res.status}`);
      return res.json();
    }))
    .init({
      ...i18nConfig,
      lng: payload.lng,
      ns: Object.keys(payload.resources),
      fallbackNS: [...NAMESPACES],
      resources: { [payload.lng]: payload.resources },
      // What the document brought is complete for its namespaces; anything else is fetched.
      partialBundledLanguages: true,
      react: { useSuspense: true },
    });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}
void hydrate();

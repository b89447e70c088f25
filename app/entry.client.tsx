import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "./i18n/config";

/**
 * JavaScript only improves the pages. i18next starts in the page's language (the server wrote it
 * on <html data-locale>); the dictionary itself arrives with the root loader's data and is added
 * by the root component before anything renders, so no extra request is made.
 */
async function hydrate() {
  await i18next.use(initReactI18next).init({
    ...i18nConfig,
    lng: document.documentElement.dataset.locale ?? "en",
    resources: {},
    partialBundledLanguages: true,
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

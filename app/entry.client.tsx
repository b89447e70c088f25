import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig } from "./i18n/config";

/**
 * JavaScript only improves the pages: the dictionary for the page's language arrives with the
 * root loader's data, so no extra request is made before hydrating.
 */
type RootData = { locale: string; dict: Record<string, string> };
const root = (window as unknown as { __remixContext: { state: { loaderData: { root: RootData } } } }).__remixContext.state.loaderData.root;

async function hydrate() {
  await i18next.use(initReactI18next).init({
    ...i18nConfig,
    lng: root.locale,
    resources: { [root.locale]: { translation: root.dict } },
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

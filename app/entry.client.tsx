import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { ClientTexts } from "./i18n/client-texts";
import { TranslatorProvider } from "./i18n/react";

/**
 * JavaScript only improves the pages. The translator starts with the texts the document carries
 * (its page's namespaces, in its language: app/components/i18n-payload.tsx), so hydration makes
 * no request; a client navigation to a page needing another namespace, or a change of language,
 * fetches it (app/i18n/client-texts.ts, docs/decisions/024 and 027).
 */
const payload = window.__i18n ?? { lng: document.documentElement.dataset.locale ?? "en", v: "", resources: {} };
const texts = new ClientTexts(payload);
startTransition(() => {
  hydrateRoot(
    document,
    <TranslatorProvider value={texts}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </TranslatorProvider>,
  );
});

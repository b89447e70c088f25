import { useNonce } from "./nonce";

/**
 * The texts a document's page renders, inline once (docs/decisions/024, 085): only the keys its
 * render used — entry.server records them and writes them where this script's slot is, after the
 * render — so hydration finds every text it needs and makes no request. Then the browser completes
 * those namespaces from /dashboard/locales/{lng}/{ns}?v={version} (`partial`), a file it keeps for
 * the next pages, instead of every document carrying whole dictionaries.
 */
export type I18nPayload = {
  lng: string;
  v: string;
  resources: Record<string, Record<string, string>>;
  partial?: boolean;
};

declare global {
  interface Window {
    __i18n?: I18nPayload;
  }
}

/** JSON safe inside <script>: no `</script>`, no `<!--`, no line separators JS would choke on. */
export const forScript = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

/**
 * Where the server writes the payload: a mark no page content can hold, since it carries the
 * request's nonce (a fresh random value) — so the document's own text never matches it.
 */
export const payloadSlot = (nonce: string) => `window.__i18n=__i18n_payload_${nonce}__`;

export function I18nPayloadScript() {
  const nonce = useNonce();
  // The browser empties a script's nonce attribute once it ran; the content itself never changes.
  const script =
    typeof window === "undefined"
      ? payloadSlot(nonce)
      : window.__i18n
        ? `window.__i18n=${forScript(window.__i18n)}`
        : null;
  if (!script) return null;
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: script }} />;
}

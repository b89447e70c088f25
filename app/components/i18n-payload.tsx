import { useNonce } from "./nonce";
import { useRenderOnly } from "./render-only";

/**
 * The texts a document's page renders, inline once (docs/decisions/024): entry.server keeps them
 * for the render (never in loader data, so never serialised twice), this writes them into the
 * document, and entry.client starts i18next from them. Later namespaces come from
 * /dashboard/locales/{lng}/{ns}?v={version} as client navigations need them.
 */
export type I18nPayload = { lng: string; v: string; resources: Record<string, Record<string, string>> };
export const I18N_PAYLOAD_KEY = "i18n";

declare global {
  interface Window {
    __i18n?: I18nPayload;
  }
}

/** JSON safe inside <script>: no `</script>`, no `<!--`, no line separators JS would choke on. */
const forScript = (value: unknown) =>
  JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");

export function I18nPayloadScript() {
  const nonce = useNonce();
  const payload = useRenderOnly<I18nPayload>(I18N_PAYLOAD_KEY) ?? (typeof window === "undefined" ? undefined : window.__i18n);
  if (!payload) return null;
  // The browser empties a script's nonce attribute once it ran; the content itself never changes.
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: `window.__i18n=${forScript(payload)}` }} />;
}

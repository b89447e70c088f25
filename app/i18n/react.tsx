import { createContext, useContext, useEffect, useSyncExternalStore } from "react";
import type { TFunction, Translator } from "./translator";

/**
 * How components reach the translator (docs/decisions/027): `useTranslation()` keeps
 * react-i18next's shape (`{ t, i18n: { language, exists } }`) over app/i18n/translator.ts. The
 * server hands every document a fixed translator; the browser a store (app/i18n/client-texts.ts)
 * that grows by namespace and changes language, and re-renders its readers when it does.
 */
export type TranslatorSource = {
  subscribe: (onChange: () => void) => () => void;
  current: () => Translator;
  /** Browser only: a promise while a namespace of `language` is still being fetched. */
  need?: (language: string, namespaces: readonly string[]) => Promise<void> | null;
  /** Browser only: switch to `language` (its namespaces are there: `need` said so). */
  use?: (language: string) => void;
  /** Browser only, after hydration: load whole the namespaces the document carried in part. */
  complete?: () => void;
};

const SourceContext = createContext<TranslatorSource | null>(null);
export const TranslatorProvider = SourceContext.Provider;

const never = () => () => {};
/** The server's source: one document, one language, nothing to wait for. */
export const fixedSource = (translator: Translator): TranslatorSource => ({
  subscribe: never,
  current: () => translator,
});

function useSource(): TranslatorSource {
  const source = useContext(SourceContext);
  if (!source) throw new Error("useTranslation() outside <TranslatorProvider>");
  return source;
}

export function useTranslation(): { t: TFunction; i18n: Translator } {
  const source = useSource();
  const translator = useSyncExternalStore(source.subscribe, source.current, source.current);
  return { t: translator.t, i18n: translator };
}

/**
 * The root's: the page's namespaces in the page's language. A client navigation to a page that
 * needs one not loaded yet suspends here until it arrives — inside the navigation's transition,
 * so the old page stays on screen — then the texts switch language if the page's did.
 */
export function usePageTexts(language: string, namespaces: readonly string[]) {
  const source = useSource();
  const pending = source.need?.(language, namespaces);
  if (pending) throw pending;
  useEffect(() => source.use?.(language), [source, language]);
  useEffect(() => source.complete?.(), [source]);
}

import { useLocation, useRouteLoaderData } from "@remix-run/react";
import type { TFunction } from "~/i18n/translator";
import { useMemo } from "react";
import { useTranslation } from "~/i18n/react";
import { contentAt } from "~/registry/mounts.js";

/**
 * The placeholders by which an engine text names its content type, each with the suffix of its
 * key after the type's `nounKey` (app/registry/content.js): "This {{noun}} has no section yet",
 * "{{A_noun}} needs…", "{{Nouns}} found". A type's noun keys sit next to its label.
 */
export const NOUN_FORMS = {
  noun: "",
  Noun: "_title",
  a_noun: "_a",
  A_noun: "_a_title",
  Nouns: "_plural_title",
} as const;

/** The placeholder values of a type's noun in `t`'s language. */
export function nounValues(t: TFunction, nounKey: string): Record<keyof typeof NOUN_FORMS, string> {
  return Object.fromEntries(
    Object.entries(NOUN_FORMS).map(([name, suffix]) => [name, t(`${nounKey}${suffix}`)]),
  ) as Record<keyof typeof NOUN_FORMS, string>;
}

/**
 * useTranslation for the engine's pages, which serve every content type: its `t` fills the
 * noun placeholders with the type of the page's URL (`/dashboard/{segment}/…`, as
 * app/lms/content.server.ts contentTypeOf reads it; the root's loader data names each segment's
 * noun key, so the browser loads no registry for it); a caller's own options win. Off a content
 * page it is useTranslation's `t`.
 */
export function useContentTranslation() {
  const { t, i18n } = useTranslation();
  // A program's class is a class (app/registry/mounts.js).
  const segment = contentAt(useLocation().pathname)?.segment;
  const nounKey = (useRouteLoaderData("root") as { typeNouns?: Record<string, string> } | undefined)?.typeNouns?.[
    segment ?? ""
  ];
  const contentT = useMemo(() => {
    if (!nounKey) return t;
    const nouns = nounValues(t, nounKey);
    const translate = t as unknown as (key: unknown, ...rest: unknown[]) => string;
    // t(key), t(key, options): the nouns go under the options; t(key, defaultValue, …) as it is.
    const filled = (key: unknown, options?: unknown, ...rest: unknown[]) =>
      options === undefined || (typeof options === "object" && options !== null)
        ? translate(key, { ...nouns, ...options }, ...rest)
        : translate(key, options, ...rest);
    return filled as unknown as TFunction;
  }, [t, nounKey]);
  return { t: contentT, i18n };
}

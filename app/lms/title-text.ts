/**
 * The shape of every page's <title> (docs/decisions/025): its parts, most specific first, then the
 * application's name, one separator — "Competency · Safety basics · Courses · LMS". Which parts a
 * page has is app/lms/page-title.ts (the screens registry, the one-off pages): the server's render
 * reads it, the browser loads it only once a title changes (docs/decisions/087). This part is what
 * every page needs at once: turning parts into text, and an error page's title.
 */
export const TITLE_SEPARATOR = " · ";

/** A dictionary key (with `values`: placeholders filled with other keys' texts) or a text as it is. */
export type TitlePart = { key: string; values?: Record<string, string> } | { text: string };

/** What a title needs of a matched route: Remix's `useMatches()` entries. */
export type TitleMatch = { id: string; data?: unknown; params?: Record<string, string | undefined> };

/** The title key of an error page by its code (routes/error.tsx) or HTTP status. */
export const errorKey = (code: string | number) => `error_${String(code).replace(/-/g, "_")}_title`;

/**
 * The title's text: `parts` translated by `t` (a part whose text is empty is left out), then the
 * application's name; a page without parts is the application's own title ("LMS Dashboard").
 */
export function titleText(
  parts: readonly TitlePart[],
  appName: string,
  t: (key: string, values?: Record<string, string>) => string,
): string {
  const texts = parts
    .map((p) =>
      "text" in p
        ? p.text
        : t(p.key, p.values && Object.fromEntries(Object.entries(p.values).map(([k, v]) => [k, t(v)]))),
    )
    .filter(Boolean);
  return [...(texts.length ? texts : [t("app_title")]), appName].filter(Boolean).join(TITLE_SEPARATOR);
}

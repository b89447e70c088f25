import { isRouteErrorResponse, useMatches, useNavigation, useRouteError } from "@remix-run/react";
import { createContext, useContext, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { errorKey, titleText, type TitleMatch, type TitlePart } from "~/lms/title-text";

/** app/lms/page-title.ts's `titleParts`: which parts the matched routes' title has. */
type TitlePartsOf = (matches: readonly TitleMatch[]) => TitlePart[];

/**
 * The server's `titleParts` (entry.server provides it). The browser has none at first: it would
 * bring the whole screens registry into every page's JavaScript for a title the document already
 * has (docs/decisions/087). It loads it once a title has to change (a navigation, new loader
 * data, another language), and keeps it for the rest of the visit.
 */
const TitlePartsContext = createContext<TitlePartsOf | null>(null);
export const TitlePartsProvider = TitlePartsContext.Provider;

let loaded: TitlePartsOf | null = null;
let loading: Promise<TitlePartsOf> | null = null;
const loadTitleParts = () => (loading ??= import("~/lms/page-title").then((m) => (loaded = m.titleParts)));

/** The title the server gave the document, read before hydration: what the browser shows until it has the parts. */
const documentTitle = typeof document === "undefined" ? "" : (document.head.querySelector("title")?.textContent ?? "");

/** What a title was drawn for: the matched routes with their loader data, and the language. */
type Drawn = { matches: readonly TitleMatch[]; language: string };
const sameAs = (a: Drawn, b: Drawn) =>
  a.language === b.language &&
  a.matches.length === b.matches.length &&
  a.matches.every((m, i) => m.id === b.matches[i].id && m.data === b.matches[i].data);

/**
 * The document's <title> (app/lms/page-title.ts, docs/decisions/025), in the root Layout's head.
 * A component rather than the root's `meta`: Remix calls a route's `meta` with the matches down to
 * that route only, so the root's never sees the page, and a meta function has no translator. Here
 * the page's own translator translates it, with the namespaces the page declares, on the server
 * and in the browser alike. When the root itself shows an error, its title is the error's.
 */
export function PageTitle() {
  const matches = useMatches();
  const error = useRouteError();
  const { t, i18n } = useTranslation();
  const fromServer = useContext(TitlePartsContext);
  const [titlePartsOf, setTitlePartsOf] = useState<TitlePartsOf | null>(() => fromServer ?? loaded);
  const now: Drawn = { matches, language: i18n.language };
  // What the document's title was drawn for: while the page is still that, the server's text stands.
  const first = useRef(now);
  const changed = !sameAs(first.current, now);
  // A navigation starting loads the parts too, so they are usually there before its page is.
  const navigating = useNavigation().state !== "idle";
  useEffect(() => {
    if (titlePartsOf || !(changed || navigating)) return;
    let live = true;
    void loadTitleParts().then((f) => live && setTitlePartsOf(() => f));
    return () => {
      live = false;
    };
  }, [titlePartsOf, changed, navigating]);

  const appName = (matches[0]?.data as { brand?: { appName?: string } } | undefined)?.brand?.appName ?? "";
  let parts: TitlePart[];
  if (error !== undefined && error !== null) {
    const wanted = errorKey(isRouteErrorResponse(error) ? error.status : 500);
    parts = [{ key: i18n.exists(wanted) ? wanted : errorKey(500) }];
  } else if (titlePartsOf) parts = titlePartsOf(matches);
  else return <title>{documentTitle}</title>;
  return <title>{titleText(parts, appName, (key, values) => t(key, values))}</title>;
}

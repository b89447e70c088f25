import { isRouteErrorResponse, useMatches, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { errorKey, titleParts, titleText, type TitlePart } from "~/lms/page-title";

/**
 * The document's <title> (app/lms/page-title.ts, docs/decisions/025), in the root Layout's head.
 * A component rather than the root's `meta`: Remix calls a route's `meta` with the matches down to
 * that route only, so the root's never sees the page, and a meta function has no translator. Here
 * the page's own i18next instance translates it, with the namespaces the page declares, on the
 * server and in the browser alike. When the root itself shows an error, its title is the error's.
 */
export function PageTitle() {
  const matches = useMatches();
  const error = useRouteError();
  const { t, i18n } = useTranslation();
  const appName = (matches[0]?.data as { brand?: { appName?: string } } | undefined)?.brand?.appName ?? "";
  let parts: TitlePart[];
  if (error !== undefined && error !== null) {
    const wanted = errorKey(isRouteErrorResponse(error) ? error.status : 500);
    parts = [{ key: i18n.exists(wanted) ? wanted : errorKey(500) }];
  } else parts = titleParts(matches);
  return <title>{titleText(parts, appName, (key, values) => t(key, values))}</title>;
}

import { useRouteLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "~/i18n/react";
import { DEFAULT_ZONE_OFFSET_MINUTES } from "../../contract/time-zone";
import { dateFormats, type DateFormats } from "~/lms/format";

/**
 * The organisation's zone, minutes east of UTC (config `time-zone-offset-minutes`), from the root
 * loader: the same on every page, signed in or not (docs/decisions/010, 025).
 */
export function useZoneOffset(): number {
  const root = useRouteLoaderData("root") as { brand?: { zoneOffset?: number } } | undefined;
  return root?.brand?.zoneOffset ?? DEFAULT_ZONE_OFFSET_MINUTES;
}

/** The page's date formatters (app/lms/format.ts): its language and the organisation's zone. */
export function useDates(): DateFormats {
  const { i18n } = useTranslation();
  const offset = useZoneOffset();
  const language = i18n.language || "en";
  return useMemo(() => dateFormats(language, offset), [language, offset]);
}

/**
 * The organisation's zone when configuration names none: UTC+7, minutes east of UTC (config
 * `time-zone-offset-minutes`, docs/decisions/010). Its own module because the browser reads it
 * (a page without the root's data) and should not load every configuration default for it.
 */
export const DEFAULT_ZONE_OFFSET_MINUTES = 420;

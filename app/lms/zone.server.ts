import { DEFAULT_ZONE_OFFSET_MINUTES } from "../../contract/time-zone";
import { configValue } from "./store.server";

/**
 * The organisation's zone, minutes east of UTC (config `time-zone-offset-minutes`,
 * docs/decisions/010): the zone every date is typed and shown in. The one server-side reading of
 * it; pages get it from the root loader (use-dates.ts).
 */
export async function zoneOffset(): Promise<number> {
  const value = Number((await configValue<number>("time-zone-offset-minutes")) ?? DEFAULT_ZONE_OFFSET_MINUTES);
  return Number.isFinite(value) ? value : DEFAULT_ZONE_OFFSET_MINUTES;
}

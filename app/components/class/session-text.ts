import type { ClassSession } from "../../../contract/schemas/class";
import type { DateFormats } from "~/lms/format";

/** A session's place as the tables show it, "location · room" (either alone when only one is set); null when none. */
export function placeOf(s: Pick<ClassSession, "location" | "room">): string | null {
  const parts = [s.location?.name, s.room?.name].filter((v): v is string => !!v);
  return parts.length ? parts.join(" · ") : null;
}

/**
 * When a session runs, as one period in the page's language (app/lms/format.ts, docs/decisions/077):
 * "6 Dec 2026, 09:00–12:00". Its date and times are the organisation's already (docs/decisions/040).
 */
export const sessionWhen = (
  dates: Pick<DateFormats, "period">,
  s: Pick<ClassSession, "date" | "start_time" | "end_time">,
) => dates.period(`${s.date}T${s.start_time}`, `${s.date}T${s.end_time}`);

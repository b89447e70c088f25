import type { ClassSession } from "../../../contract/schemas/class";

/** A session's place as the tables show it, "location · room" (either alone when only one is set); null when none. */
export function placeOf(s: Pick<ClassSession, "location" | "room">): string | null {
  const parts = [s.location?.name, s.room?.name].filter((v): v is string => !!v);
  return parts.length ? parts.join(" · ") : null;
}

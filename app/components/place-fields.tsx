import { useEffect, useState } from "react";

/** A location or room to choose; a room names its location (its <optgroup> and the filter). */
export type PlaceChoice = { value: string; label: string; location?: string; locationId?: string };

/**
 * The room select's options, for any form choosing a location and one of its rooms (a class
 * session, an activity checklist). Without JavaScript every room, under its location's
 * <optgroup> (the API refuses a room of another location). Once the page runs JavaScript, only the
 * chosen location's rooms — all of them while no location is chosen. The server renders the full
 * list, so the page without JavaScript never loses a room. `saved`: the form's location as it
 * starts (after a refusal: the one posted); `choose` follows the location select.
 */
export function useRoomsOf(rooms: PlaceChoice[], saved: unknown) {
  const [running, setRunning] = useState(false);
  const [location, choose] = useState(typeof saved === "string" ? saved : "");
  useEffect(() => setRunning(true), []);
  const shown = running && location ? rooms.filter((r) => r.locationId === location) : rooms;
  return { options: shown.map((r) => ({ value: r.value, label: r.label, group: r.location || undefined })), choose };
}

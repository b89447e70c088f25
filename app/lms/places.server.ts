import type { Paged } from "../../contract/http";
import type { PlaceChoice } from "~/components/place-fields";
import type { Lms } from "./api.server";

type Place = { id: number; name: string };
type RoomPlace = Place & { location_id: number };

/**
 * Locations and their rooms as a place form offers them (components/place-fields.tsx): the rooms
 * grouped under their location, in the locations' order (within one, the API's order by name).
 */
export function placeOptions(
  locations: Place[],
  rooms: RoomPlace[],
): { locations: PlaceChoice[]; rooms: PlaceChoice[] } {
  const locationName = new Map(locations.map((l) => [Number(l.id), l.name]));
  const rank = new Map(locations.map((l, i) => [Number(l.id), i]));
  const sorted = [...rooms].sort(
    (a, b) => (rank.get(Number(a.location_id)) ?? Infinity) - (rank.get(Number(b.location_id)) ?? Infinity),
  );
  return {
    locations: locations.map((l) => ({ value: String(l.id), label: l.name })),
    rooms: sorted.map((r) => ({
      value: String(r.id),
      label: r.name,
      location: locationName.get(Number(r.location_id)) ?? "",
      locationId: String(r.location_id),
    })),
  };
}

/** Every location and room from their filter lists (docs/decisions/039: open to any dashboard user). */
export async function placeChoices(api: Lms) {
  const [locations, rooms] = await Promise.all([
    api.get<Paged<Place>>("dashboard/location/filter/", { query: { page_size: 1000 } }),
    api.get<Paged<RoomPlace>>("dashboard/location/room/filter/", { query: { page_size: 1000 } }),
  ]);
  return placeOptions(locations.data.results, rooms.data.results);
}

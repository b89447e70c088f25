import { z } from "../zod";
import { MSG } from "../messages";
import { isBlank } from "./form-fields";
import { DEFAULT_CONTENT_LIMITS, type ContentLimits } from "./content";
import { decimalField, intField } from "./extras";
import { codeField, createAndUpdate, longText, nameField } from "./master-data";

/**
 * Locations and their rooms (spec 001 §3 "Location: name, code, address, latitude, longitude,
 * image; room"; docs/decisions/039). Name, code and text limits are the other master data's
 * (config text-limit, code-limit — 12 by default, description-limit); a code is optional and
 * unique (a location's among locations, a room's within its location).
 */

/** Decimals a coordinate keeps: 7 places are about a centimetre, more than any map gives. */
export const COORDINATE_PLACES = 7;

/** A coordinate in degrees between -max and max; blank is none (null). */
const coordinate = (max: number, rangeMessage: string) =>
  z.preprocess(
    (v) => (isBlank(v) ? null : v),
    decimalField({
      min: -max,
      max,
      places: COORDINATE_PLACES,
      rangeMessage,
      placesMessage: MSG.too_many_decimals,
    }).nullable(),
  );

/** A room's seats: a whole number, 0 = unlimited (as a session's capacity, spec 001 §3). */
export const ROOM_CAPACITY_MAX = 100_000;

/** Location: name (required), code, address, latitude, longitude; the image by its own upload. */
export function locationSchemas(limits: ContentLimits = DEFAULT_CONTENT_LIMITS) {
  return createAndUpdate(
    {
      name: nameField(limits),
      code: codeField(limits),
      address: longText(limits),
      latitude: coordinate(90, MSG.latitude_out_of_range),
      longitude: coordinate(180, MSG.longitude_out_of_range),
    },
    ["name"],
    { code: null, address: "", latitude: null, longitude: null },
  );
}

/** Room (of one location): name (required), code, capacity (0 = unlimited), desc. */
export function roomSchemas(limits: ContentLimits = DEFAULT_CONTENT_LIMITS) {
  return createAndUpdate(
    {
      name: nameField(limits),
      code: codeField(limits),
      capacity: z.preprocess((v) => (isBlank(v) ? 0 : v), intField(0, ROOM_CAPACITY_MAX)),
      desc: longText(limits),
    },
    ["name"],
    { code: null, capacity: 0, desc: "" },
  );
}

// ---- answers ----

export type Location = {
  id: number;
  name: string;
  code: string | null;
  address: string;
  latitude: number | null;
  longitude: number | null;
  image: string | null;
  count_room: number;
  datetime_create: string;
  datetime_update: string;
};
export type Room = {
  id: number;
  location: { id: number; name: string };
  name: string;
  code: string | null;
  capacity: number;
  desc: string;
  datetime_create: string;
  datetime_update: string;
};

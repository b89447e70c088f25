import { describe, expect, it } from "vitest";
import type { ConfigDict } from "../../contract/config";
import { REGISTRY_TYPES } from "~/registry/types.js";
import { fieldCalls, visibleFields } from "~/lms/content-form.server";

/**
 * The registry's field traits the engine's forms read (app/registry/content.js FormField):
 * `feature` (the class's event zone exists by its switch, docs/decisions/043), `on` (create-only,
 * edit-only) and `call` (sent by its own call, only when the form has the field); the user's
 * supervisor is an account field on both forms (docs/decisions/034 amendment).
 */
const type = (key: string) => REGISTRY_TYPES.find((t) => t.key === key)!;
const config = (on: Record<string, boolean>): ConfigDict =>
  Object.fromEntries(Object.entries(on).map(([k, value]) => [k, { value }]));
const names = (key: string, c: ConfigDict, mode: "create" | "edit") =>
  visibleFields(type(key), c, mode).map((f) => f.name);

describe("form field traits", () => {
  it("shows the class's event zone on its information form only, and only while its switch is on", () => {
    expect(names("class", config({ "location-is-event-zone": true }), "edit")).toContain("event_zone");
    expect(names("class", config({ "location-is-event-zone": true }), "create")).not.toContain("event_zone");
    expect(names("class", config({ "location-is-event-zone": false }), "edit")).not.toContain("event_zone");
    // The tag extras by their own switches, as before.
    expect(names("class", config({ "tag-is-event-channel": true }), "edit")).toContain("event_channel");
    expect(names("class", config({}), "edit")).not.toContain("event_channel");
  });

  it("sends a call only for a field the form has: an id, or blank as null; anything else is the field's error", () => {
    const on = visibleFields(type("class"), config({ "location-is-event-zone": true }), "edit");
    const form = (v: string) => {
      const f = new FormData();
      f.set("event_zone", v);
      return f;
    };
    expect(fieldCalls(on, form("4"), 9)).toEqual({
      calls: [{ field: "event_zone", path: "dashboard/location/zone/event/9/", body: { zone: 4 } }],
      errors: {},
    });
    expect(fieldCalls(on, form(""), 9).calls[0].body).toEqual({ zone: null });
    expect(fieldCalls(on, form("x1"), 9)).toEqual({ calls: [], errors: { event_zone: ["invalid_choice"] } });
    const off = visibleFields(type("class"), config({ "location-is-event-zone": false }), "edit");
    expect(fieldCalls(off, form("4"), 9)).toEqual({ calls: [], errors: {} });
  });

  it("makes the user's supervisor an account field of both forms", () => {
    for (const mode of ["create", "edit"] as const) {
      const supervisor = visibleFields(type("user"), config({}), mode).find((f) => f.name === "supervisor");
      expect(supervisor, mode).toMatchObject({ kind: "account", source: "dashboard/user/?is_active=1" });
    }
  });
});

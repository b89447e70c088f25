import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import { SLOT_MEDIA_KINDS, SLOT_MEDIA_LISTS, SLOT_TYPES } from "../../contract/curriculum-codes";
import { MATERIAL_LISTS, MEDIA_KIND_KEYS } from "../../contract/media-codes";
import { materialSchema } from "../../contract/schemas/curriculum";

/** The slot ↔ media kind table (docs/decisions/069) and the slot form's media_id (issue 19 §4). */

const form = (entries: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.set(k, v);
  return f;
};

describe("which media a slot plays", () => {
  it("reads each slot's items from lists that hold its kinds, and every kind fits some slot", () => {
    for (const slot of SLOT_TYPES) {
      const listed = new Set<string>(
        SLOT_MEDIA_LISTS[slot].flatMap((p): readonly string[] =>
          p.startsWith("material/") ? (MATERIAL_LISTS[p.slice("material/".length, -1)] ?? ["?"]) : [p.slice(0, -1)],
        ),
      );
      for (const kind of SLOT_MEDIA_KINDS[slot]) expect(listed.has(kind), `${slot} ${kind}`).toBe(true);
      expect(SLOT_MEDIA_LISTS[slot].length > 0, slot).toBe(SLOT_MEDIA_KINDS[slot].length > 0);
    }
    expect(new Set(Object.values(SLOT_MEDIA_KINDS).flat())).toEqual(new Set(MEDIA_KIND_KEYS));
  });
});

describe("the slot form's media_id", () => {
  it("takes an id, clears with null or empty, and refuses anything else", () => {
    const s = materialSchema("generic", undefined, { partial: true });
    expect(s.parse({ media_id: "12" }).media_id).toBe(12);
    expect(s.parse({ media_id: null }).media_id).toBeNull();
    expect(s.parse({ media_id: "" }).media_id).toBeNull();
    expect(s.parse({}).media_id).toBeUndefined();
    for (const bad of [0, -1, "x", 1.5]) expect(s.safeParse({ media_id: bad }).success, String(bad)).toBe(false);
  });

  it("lets a chosen item stand for the slot's own link or file, not otherwise", () => {
    expect(materialSchema("media").safeParse({ name: "A" }).success).toBe(false);
    expect(materialSchema("media", undefined, { media: true }).safeParse({ name: "A", media_id: 3 }).success).toBe(
      true,
    );
    const plain = parseWithZod(form({ name: "A", url: "" }), {
      schema: materialSchema("youtube", undefined, { form: true }),
    });
    expect(plain.status).toBe("error");
    const picked = parseWithZod(form({ name: "A", url: "", media_id: "4" }), {
      schema: materialSchema("youtube", undefined, { form: true, media: true }),
    });
    expect(picked.status).toBe("success");
    if (picked.status === "success") expect(picked.value).toMatchObject({ media_id: 4 });
  });
});

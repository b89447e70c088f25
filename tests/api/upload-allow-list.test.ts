import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addressAllowed } from "../../api/http/upload-allow-list";
import { png } from "./fixture-files";
import { postFile, startTestApi, type TestApi } from "./harness";

/**
 * "Upload can be refused by an IP allow-list" (spec 002 §6, §8), checked against the client's
 * real address (the one the dashboard relays), on every kind of upload, before anything is stored.
 */
let api: TestApi;
let courseId: number;
beforeAll(async () => {
  api = await startTestApi();
  courseId = (await api.db.selectFrom("course").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
});
afterAll(() => api.close());

async function allowOnly(list: string[]) {
  await api.db.deleteFrom("config").where("key", "=", "upload-ip-allow-list").execute();
  await api.db
    .insertInto("config")
    .values({
      key: "upload-ip-allow-list",
      value: JSON.stringify(list),
      url: null,
      datetime_update: api.clock.now.toISOString(),
    })
    .execute();
}

const PDF = Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");

describe("upload IP allow-list", () => {
  it("refuses a cover image and a curriculum file from an address outside the list, storing nothing", async () => {
    await allowOnly(["192.0.2.0/24"]);
    const outside = api.client("198.51.100.7");
    await outside.login("admin");
    const before = await api.db
      .selectFrom("course")
      .select("image")
      .where("id", "=", courseId)
      .executeTakeFirstOrThrow();
    const image = await postFile(outside, `/api/dashboard/course/${courseId}/image/`, "cover.png", png(), "image");
    expect(image.status).toBe(400);
    expect(image.body).toEqual({ image: ["upload_ip_not_allowed"] });
    expect(
      (await api.db.selectFrom("course").select("image").where("id", "=", courseId).executeTakeFirstOrThrow()).image,
    ).toBe(before.image);
    const file = await postFile(
      outside,
      `/api/dashboard/course/${courseId}/curriculum/upload/?slot_type=document`,
      "notes.pdf",
      PDF,
      "file",
    );
    expect(file.status).toBe(400);
    expect(file.body).toEqual({ file: ["upload_ip_not_allowed"] });
  });

  it("takes them from a listed address, and a forged X-Forwarded-For does not get in", async () => {
    await allowOnly(["192.0.2.0/24", "2001:db8::1"]);
    const inside = api.client("192.0.2.44");
    await inside.login("admin");
    expect(
      (await postFile(inside, `/api/dashboard/course/${courseId}/image/`, "cover.png", png(), "image")).status,
    ).toBe(200);
    expect(
      (
        await postFile(
          inside,
          `/api/dashboard/course/${courseId}/curriculum/upload/?slot_type=document`,
          "notes.pdf",
          PDF,
          "file",
        )
      ).status,
    ).toBe(201);
    // Straight to the API (no relay secret), claiming to be inside: the socket's address decides.
    const forger = api.client();
    await forger.login("admin");
    const res = await postFile(forger, `/api/dashboard/course/${courseId}/image/`, "cover.png", png(), "image", {
      "x-forwarded-for": "192.0.2.44",
    });
    expect(res.body).toEqual({ image: ["upload_ip_not_allowed"] });
  });

  it("allows every address when the list is empty (the default)", async () => {
    await allowOnly([]);
    const anyone = api.client("198.51.100.8");
    await anyone.login("admin");
    expect(
      (await postFile(anyone, `/api/dashboard/course/${courseId}/image/`, "cover.png", png(), "image")).status,
    ).toBe(200);
  });

  it("matches addresses and subnets of both families", () => {
    expect(addressAllowed(["192.0.2.0/24"], "192.0.2.200")).toBe(true);
    expect(addressAllowed(["192.0.2.0/24"], "::ffff:192.0.2.9")).toBe(true);
    expect(addressAllowed(["192.0.2.0/24"], "192.0.3.1")).toBe(false);
    expect(addressAllowed(["2001:db8::/32"], "2001:db8:1::5")).toBe(true);
    expect(addressAllowed(["10.0.0.1", "not an address"], "10.0.0.1")).toBe(true);
    expect(addressAllowed(["10.0.0.1"], "")).toBe(false);
  });
});

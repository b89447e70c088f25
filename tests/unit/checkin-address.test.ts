import { describe, expect, it } from "vitest";
import { isCheckinAddress } from "~/lms/sign-in.server";
import { safeNext } from "~/lms/paths";

/**
 * The one exception to "no dashboard flag → signed out at sign-in" (app/lms/sign-in.server.ts,
 * docs/decisions/042 "QR code"): a learner whose `next` is a class check-in address keeps the
 * session. Only such an address, as safeNext leaves it: one token segment, no dot segment a
 * browser would resolve to another page, nothing before /dashboard/checkin/.
 */
describe("isCheckinAddress", () => {
  const next = (raw: string) => isCheckinAddress(safeNext(raw));
  it("accepts a check-in address, with or without its trailing slash or a query", () => {
    expect(next("/dashboard/checkin/12.3.P3lMqUQ6nlaEFRtQdwosgb")).toBe(true);
    expect(next("/dashboard/checkin/12.3.P3lMqUQ6nlaEFRtQdwosgb/")).toBe(true);
    expect(next("/dashboard/checkin/12.3.abc_-?language=th")).toBe(true);
  });
  it("refuses every other page, a dot segment, a second segment, and no address at all", () => {
    for (const raw of [
      "/dashboard/",
      "/dashboard/class",
      "/dashboard/checkin/",
      "/dashboard/checkin/../class/1",
      "/dashboard/checkin/..",
      "/dashboard/checkin/%2e%2e/user",
      "/dashboard/checkin/a/b",
      "/x/dashboard/checkin/a",
      "//evil/dashboard/checkin/a",
      "https://evil/dashboard/checkin/a",
    ])
      expect(next(raw), raw).toBe(false);
    expect(isCheckinAddress(null)).toBe(false);
  });
});

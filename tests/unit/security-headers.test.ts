import { describe, expect, it } from "vitest";
import { VIDEO_PROVIDERS, videoPlayer, videoThumbnail } from "../../contract/media-codes";
import { securityHeaders } from "../../app/lms/security-headers.server";

/** The sources one directive of a policy allows. */
const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find((d) => d[0] === name)
    ?.slice(1) ?? [];

describe("the documents' Content-Security-Policy", () => {
  const csp = securityHeaders("n0nce", false)["Content-Security-Policy"];

  it("lets an external video's thumbnail and player in, from its provider only (issue 33)", () => {
    for (const provider of VIDEO_PROVIDERS) {
      expect(directive(csp, "img-src")).toContain(new URL(videoThumbnail(provider, "dQw4w9WgXcQ")).origin);
      expect(directive(csp, "frame-src")).toContain(new URL(videoPlayer(provider, "123456789")).origin);
    }
    expect(directive(csp, "img-src")).not.toContain("*");
    expect(directive(csp, "frame-src")).not.toContain("*");
  });

  it("still runs only its own scripts with the nonce", () => {
    expect(directive(csp, "script-src")).toEqual(["'self'", "'nonce-n0nce'"]);
  });
});

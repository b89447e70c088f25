import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { closePdfBrowser, htmlToPdf, PdfUnavailable } from "~/lms/pdf.server";

/**
 * HTML → PDF through Chromium (app/lms/pdf.server.ts, docs/decisions/042 "QR code"): a PDF of
 * the document's own page size, nothing fetched from the network (an image on another host is
 * refused, not waited for), one browser for every render, and a Chromium that cannot start is a
 * PdfUnavailable (the route's 503), never a hang.
 */
afterAll(() => closePdfBrowser());

const DOC = `<!doctype html><html><head><meta charset="utf-8"><style>@page { size: A4 portrait; margin: 12mm } p { break-after: page }</style></head>
<body><p>One</p><p>Two <img src="http://127.0.0.1:9/never.png" alt=""></p></body></html>`;

// `npm test` runs the unit tests before scripts/ensure-chromium.sh installs Chromium (CI installs it first).
describe.skipIf(!fs.existsSync(process.env.CHROMIUM_PATH || "/usr/bin/chromium"))("htmlToPdf", () => {
  it("prints a document, offline, as a PDF, with one browser for several renders", async () => {
    const [a, b] = await Promise.all([htmlToPdf(DOC), htmlToPdf(DOC)]);
    for (const pdf of [a, b]) {
      expect(Buffer.from(pdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
      // Two pages: one per paragraph.
      expect(
        Buffer.from(pdf)
          .toString("latin1")
          .match(/\/Type\s*\/Page\b/g),
      ).toHaveLength(2);
    }
  }, 60_000);

  it("says PdfUnavailable when Chromium cannot start", async () => {
    await closePdfBrowser();
    const before = process.env.CHROMIUM_PATH;
    process.env.CHROMIUM_PATH = "/nonexistent/chromium";
    try {
      await expect(htmlToPdf(DOC)).rejects.toBeInstanceOf(PdfUnavailable);
    } finally {
      if (before === undefined) delete process.env.CHROMIUM_PATH;
      else process.env.CHROMIUM_PATH = before;
    }
    // The next render launches afresh.
    expect(Buffer.from((await htmlToPdf(DOC)).subarray(0, 5)).toString("latin1")).toBe("%PDF-");
  }, 60_000);
});

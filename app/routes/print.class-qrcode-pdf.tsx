import type { LoaderFunctionArgs } from "@remix-run/node";
import { renderToStaticMarkup } from "react-dom/server";
import escapeHtml from "escape-html";
import { QrSheets } from "~/components/print/qr-sheet";
import { documentBundle } from "~/i18n/dictionaries.server";
import { TranslatorProvider, fixedSource } from "~/i18n/react";
import { loadQrSheets } from "~/lms/class-qr.server";
import { htmlToPdf, PdfUnavailable } from "~/lms/pdf.server";

/**
 * The class's QR sheets as a PDF (docs/decisions/042 "QR code"; resource route
 * `print/portrait/class/{classid}/qrcode-pdf/{checkinid?}`): the print page's own sheet component
 * rendered to one self-contained HTML document — its CSS inline, the codes as inline SVG — and
 * printed by Chromium (app/lms/pdf.server.ts), so Chromium needs neither the user's cookie nor
 * the network. Same guard as the page (the class's view flag). Shown in the browser, or with
 * `?download=1` saved as a file. When Chromium fails, a 503 page says so in the user's language.
 */
export async function loader(args: LoaderFunctionArgs) {
  const q = await loadQrSheets(args);
  const bundle = await documentBundle(q.language, ["messages", "ui", "class"]);
  const translator = bundle.translator();
  const t = translator.t;
  const title = `${t("cls_qr_title")} · ${q.klass.name}`;
  const body = renderToStaticMarkup(
    <TranslatorProvider value={fixedSource(translator)}>
      <QrSheets sheets={q.views} />
    </TranslatorProvider>,
  );
  const html = `<!doctype html><html lang="${q.language === "th" ? "th" : "en"}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>html,body{margin:0;background:#fff}</style></head><body>${body}</body></html>`;
  const headers = q.api.headers();
  let pdf: Uint8Array<ArrayBuffer>;
  try {
    pdf = await htmlToPdf(html);
  } catch (e) {
    if (!(e instanceof PdfUnavailable)) throw e;
    console.error(e.message);
    headers.set("Content-Type", "text/html; charset=utf-8");
    headers.set("Retry-After", "30");
    const page = `<!doctype html><html lang="${q.language}"><head><meta charset="utf-8"><title>${escapeHtml(t("cls_qr_pdf_unavailable_title"))}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>${escapeHtml(t("cls_qr_pdf_unavailable_title"))}</h1><p>${escapeHtml(t("cls_qr_pdf_unavailable"))}</p></body></html>`;
    return new Response(page, { status: 503, headers });
  }
  const file = `class-${(q.klass.code || String(q.classId)).replace(/[^A-Za-z0-9._-]+/g, "-")}-qr${q.sessionId === null ? "" : `-${q.sessionId}`}.pdf`;
  const download = new URL(args.request.url).searchParams.has("download");
  headers.set("Content-Type", "application/pdf");
  headers.set("Content-Disposition", `${download ? "attachment" : "inline"}; filename="${file}"`);
  headers.set("Cache-Control", "private, no-store");
  return new Response(pdf, { status: 200, headers });
}

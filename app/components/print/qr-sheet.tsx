import { useTranslation } from "~/i18n/react";

/**
 * A class session's check-in QR sheet, one A4 page each (spec 000 §2.13
 * `/print/portrait/class/{classid?}/qrcode/{checkinid?}`, docs/decisions/042 "QR code"). The same
 * component renders the print page and, through renderToStaticMarkup, the PDF Chromium prints:
 * so it is styled by its own plain CSS (QR_SHEET_CSS), never by the site's stylesheet, which the
 * PDF's offline page cannot fetch. Everything it shows is prepared by the server
 * (app/lms/class-qr.server.ts): the QR as an SVG string, dates already formatted.
 */
export type QrSheetView = {
  sessionId: number;
  /** The check-in address the code encodes, printed under it. */
  url: string;
  /** The QR code as inline SVG markup (the `qrcode` package's, made from `url`). */
  svg: string;
  qrVersion: number;
  className: string;
  classCode: string;
  sessionName: string;
  sessionType: number;
  dateText: string;
  /** Date and times as one period ("6 Dec 2026, 09:00–12:00"), formatted on the server. */
  whenText: string;
  start: string;
  end: string;
  location: string | null;
  room: string | null;
  instructors: string[];
};

/** The sheet's own CSS: A4 portrait pages, one sheet each, and a screen preview of the same sheets. */
export const QR_SHEET_CSS = `
@page { size: A4 portrait; margin: 12mm; }
.qr-sheets { font-family: "Noto Sans", "Noto Sans Thai", Sarabun, "Leelawadee UI", Tahoma, Loma, Garuda, system-ui, sans-serif; color: #0f172a; }
.qr-sheet { box-sizing: border-box; width: 186mm; height: 270mm; margin: 0 auto; padding: 10mm 8mm; background: #fff;
  display: flex; flex-direction: column; align-items: center; text-align: center; overflow: hidden; break-inside: avoid; }
.qr-sheet:not(:last-child) { break-after: page; page-break-after: always; }
.qr-class { margin: 0; font-size: 15pt; font-weight: 600; color: #334155; }
.qr-class-code { margin: 1mm 0 0; font-size: 10pt; color: #475569; letter-spacing: .04em; }
.qr-session { margin: 6mm 0 0; font-size: 24pt; font-weight: 700; line-height: 1.2; }
.qr-when { margin: 2mm 0 0; font-size: 14pt; }
.qr-code { width: 110mm; height: 110mm; margin: 7mm 0 3mm; }
.qr-code svg { display: block; width: 100%; height: 100%; }
.qr-url { margin: 0; max-width: 150mm; font-family: "DejaVu Sans Mono", ui-monospace, monospace; font-size: 8.5pt; color: #334155; word-break: break-all; }
.qr-hint { margin: 4mm 0 0; font-size: 12pt; font-weight: 600; }
.qr-details { margin: 7mm 0 0; border-collapse: collapse; font-size: 11pt; text-align: left; min-width: 120mm; }
.qr-details th, .qr-details td { padding: 1.6mm 3mm; border-top: 0.3mm solid #cbd5e1; vertical-align: top; }
.qr-details th { font-weight: 600; color: #475569; white-space: nowrap; width: 38mm; }
.qr-version { margin: auto 0 0; font-size: 8pt; color: #64748b; }
@media screen {
  .qr-sheets { padding: 1rem 0 2rem; }
  .qr-sheet { margin: 0 auto 1.5rem; border: 1px solid #cbd5e1; box-shadow: 0 1px 4px rgba(15, 23, 42, .12); max-width: 100%; }
}
@media print {
  .qr-screen-only { display: none !important; }
  body { background: #fff !important; }
}
`;

/** One session's sheet. */
export function QrSheet({ sheet }: { sheet: QrSheetView }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t("cls_qr_type"), t(`cls_session_type_${sheet.sessionType}`)],
    [t("cls_qr_date"), sheet.dateText],
    [t("cls_qr_time"), `${sheet.start}–${sheet.end}`],
    [t("cls_qr_location"), sheet.location ?? "—"],
    [t("cls_qr_room"), sheet.room ?? "—"],
    [t("cls_qr_instructors"), sheet.instructors.length ? sheet.instructors.join(", ") : "—"],
  ];
  return (
    <section className="qr-sheet" aria-labelledby={`qr-session-${sheet.sessionId}`} data-session={sheet.sessionId}>
      <p className="qr-class">{sheet.className}</p>
      {sheet.classCode ? <p className="qr-class-code">{sheet.classCode}</p> : null}
      <h2 id={`qr-session-${sheet.sessionId}`} className="qr-session">
        {sheet.sessionName}
      </h2>
      <p className="qr-when">{sheet.whenText}</p>
      {/* The SVG is the qrcode package's output for our own address: markup we made, not user input. */}
      <div
        className="qr-code"
        role="img"
        aria-label={t("cls_qr_code_of", { name: sheet.sessionName })}
        dangerouslySetInnerHTML={{ __html: sheet.svg }}
      />
      <p className="qr-url">{sheet.url}</p>
      <p className="qr-hint">{t("cls_qr_scan_hint")}</p>
      <table className="qr-details">
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="qr-version">{t("cls_qr_version", { n: sheet.qrVersion })}</p>
    </section>
  );
}

/** Every sheet, each its own page in print, with the sheet's CSS. */
export function QrSheets({ sheets }: { sheets: QrSheetView[] }) {
  return (
    <div className="qr-sheets">
      <style dangerouslySetInnerHTML={{ __html: QR_SHEET_CSS }} />
      {sheets.map((s) => (
        <QrSheet key={s.sessionId} sheet={s} />
      ))}
    </div>
  );
}

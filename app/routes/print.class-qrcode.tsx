import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { QrSheets, type QrSheetView } from "~/components/print/qr-sheet";
import { loadQrSheets, printPaths, regeneratePath } from "~/lms/class-qr.server";
import { dash } from "~/lms/paths";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["class"] };

/**
 * A class's check-in QR sheets to print (spec 000 §2.13 `/print/portrait/class/{classid?}/qrcode/{checkinid?}`,
 * docs/decisions/042 "QR code"): one A4 sheet per session — all of them, or the one the URL names —
 * rendered here on the server, outside the dashboard's shell. A screen-only toolbar prints (the
 * browser's print with JavaScript; the PDF, a plain link, without), downloads the PDF, and with
 * the class's change flag leads to a session's regenerate page (it asks to confirm: the old
 * sheets stop working; docs/decisions/077).
 * Guarded by the class's view flag; a URL without a class is the 404 page (the route needs one).
 */
export async function loader(args: LoaderFunctionArgs) {
  const q = await loadQrSheets(args);
  const paths = printPaths(q.classId, q.sessionId);
  return data(
    {
      klass: q.klass,
      views: q.views,
      canRegenerate: q.canRegenerate,
      paths,
      back: dash(`class/${q.classId}/checkin`),
      // Each session's regenerate page, which asks to confirm (docs/decisions/077).
      regenerate: Object.fromEntries(q.views.map((v) => [v.sessionId, regeneratePath(paths.sessionBase, v.sessionId)])),
    },
    { headers: q.api.headers() },
  );
}

export default function PrintClassQrcode() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="min-h-screen bg-slate-200 print:bg-white">
      <Toolbar />
      {/* Print pages have their own plain layout: the sheets alone are printed, each naming its session. */}
      <main aria-labelledby="qr-title">
        {d.views.length ? (
          <QrSheets sheets={d.views} />
        ) : (
          <p className="p-8 text-center text-slate-700">{t("cls_qr_no_sessions")}</p>
        )}
      </main>
    </div>
  );
}

/** The screen-only bar: what is printed, Print, Download PDF, regenerate, and the way back. */
function Toolbar() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  // The browser's print dialog needs JavaScript: until the page is live, "Print" is the PDF, a plain link.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const button = "rounded px-3 py-1.5 text-sm font-medium";
  return (
    <header className="qr-screen-only sticky top-0 z-10 border-b border-slate-300 bg-white/95 shadow-sm print:hidden">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-3 px-4 py-3">
        <div className="mr-auto min-w-0">
          <h1 id="qr-title" className="truncate text-base font-semibold text-slate-900">
            {t("cls_qr_title_of", { name: d.klass.name })}
          </h1>
          <p className="text-sm text-slate-600">
            {d.klass.is_cancelled
              ? t("cls_qr_cancelled")
              : d.views.length
                ? t("cls_qr_sheet_count", { count: d.views.length })
                : null}
          </p>
          {/* The class's options (docs/decisions/046): when a scan of this sheet is refused, say so before it is printed. */}
          {d.klass.qr_code_holder === 0 ? (
            <p className="text-sm text-amber-900">{t("cls_qr_notice_learner_holds")}</p>
          ) : !d.klass.is_user_check_in ? (
            <p className="text-sm text-amber-900">{t("cls_qr_notice_self_off")}</p>
          ) : null}
        </div>
        <a href={d.back} className="text-sm text-primary underline">
          ‹ {t("cls_qr_back")}
        </a>
        {d.views.length ? (
          <>
            {live ? (
              <button type="button" onClick={() => window.print()} className={`${button} bg-primary text-primary-fg`}>
                {t("cls_qr_print")}
              </button>
            ) : (
              <a href={d.paths.pdf} className={`${button} bg-primary text-primary-fg`}>
                {t("cls_qr_print")}
              </a>
            )}
            <a
              href={`${d.paths.pdf}?download=1`}
              className={`${button} border border-slate-300 bg-white text-slate-800`}
              download
            >
              {t("cls_qr_download_pdf")}
            </a>
          </>
        ) : null}
      </div>
      {d.canRegenerate && d.views.length ? <RegenerateLinks views={d.views} /> : null}
    </header>
  );
}

/**
 * A link per session (a single sheet: one) to its regenerate page, which asks to confirm
 * (routes/print.class-qrcode-regenerate.tsx, docs/decisions/077), with the warning that printed
 * sheets stop working.
 */
function RegenerateLinks({ views }: { views: QrSheetView[] }) {
  const { t } = useTranslation();
  const d = useLoaderData<typeof loader>();
  return (
    <details className="mx-auto max-w-5xl px-4 pb-3 text-sm" open={views.length === 1 ? true : undefined}>
      <summary className="cursor-pointer text-slate-700">{t("cls_qr_regenerate")}</summary>
      <p className="mt-1 text-amber-900">{t("cls_qr_regenerate_hint")}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {views.map((v) => (
          <li key={v.sessionId}>
            <a
              href={d.regenerate[v.sessionId]}
              className="inline-block rounded border border-amber-400 bg-amber-50 px-3 py-1 text-amber-900 hover:bg-amber-100"
              aria-label={t("cls_qr_regenerate_named", { name: v.sessionName })}
            >
              {views.length === 1 ? t("cls_qr_regenerate") : v.sessionName}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

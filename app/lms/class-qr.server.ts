import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import QRCode from "qrcode";
import type { QrSheet, QrSheetAnswer, QrSheetsAnswer } from "../../contract/schemas/class-qr";
import type { QrSheetView } from "~/components/print/qr-sheet";
import { getLocale } from "~/i18n/i18next.server";
import { alsoFlags, contentFlag } from "~/registry/content.js";
import { switchesOf } from "~/registry/features.js";
import { REGISTRY_TYPES } from "~/registry/types.js";
import { requirePermission, requireSwitchesOn } from "./auth.server";
import { allows } from "./content-navigation.server";
import { dateFormats } from "./format";
import { sessionWhen } from "~/components/class/session-text";
import { invariantResponse, idParam } from "./invariant";
import { dash } from "./paths";
import { zoneOffset } from "./zone.server";

/**
 * The server half of a class's QR sheets (docs/decisions/042 "QR code"): the print page and its
 * PDF read the same sheets (GET class/{id}/checkin/{sessionid?}/qr/), guarded by the class's
 * view flag, and turn each into what QrSheet shows — the check-in address the code encodes, the
 * code as SVG, the dates formatted in the page's language and the organisation's zone.
 */
type Args = LoaderFunctionArgs | ActionFunctionArgs;
const CLASS = REGISTRY_TYPES.find((t) => t.key === "class")!;

/** The check-in page of a token: `{origin}/dashboard/checkin/{token}`, origin PUBLIC_ORIGIN or the request's own. */
export function checkinUrl(request: Request, token: string): string {
  const origin = (process.env.PUBLIC_ORIGIN?.trim() || new URL(request.url).origin).replace(/\/+$/, "");
  return `${origin}${dash(`checkin/${encodeURIComponent(token)}`)}`;
}

/** The QR code of a text as inline SVG (error correction M, a 2-module quiet zone). */
export const qrSvg = (text: string) => QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });

/** The URL's class and, when given, its session (checkinid): digits, else 404. */
export function printTarget(params: Args["params"]) {
  return {
    classId: idParam(params.classid),
    sessionId: params.checkinid === undefined ? null : idParam(params.checkinid),
  };
}

/** The signed-in user who may see the class's sheets (its view flag; the class's switches on). */
export async function requireClassFlag(args: Args, action: "view" | "change") {
  await requireSwitchesOn(args, switchesOf(CLASS));
  return requirePermission(args, contentFlag(CLASS, action), alsoFlags(CLASS, action));
}

/** The sheets of the URL's class (all its sessions, or the one named), ready to show; 404 for another class's session. */
export async function loadQrSheets(args: LoaderFunctionArgs) {
  const user = await requireClassFlag(args, "view");
  const { classId, sessionId } = printTarget(args.params);
  const api = user.api;
  const path = `dashboard/class/${classId}/checkin/${sessionId === null ? "" : `${sessionId}/`}qr/`;
  const res = await api.get<QrSheetsAnswer | QrSheetAnswer>(path, { accept: [404] });
  invariantResponse(res.status === 200, "Not Found", { status: 404, headers: api.headers() });
  const klass = res.data.class;
  const sheets: QrSheet[] = "results" in res.data ? res.data.results : [res.data];
  const [language, zone] = await Promise.all([getLocale(args.request), zoneOffset()]);
  const dates = dateFormats(language, zone);
  const views = await Promise.all(
    sheets.map(async ({ token, qr_version, session: s }): Promise<QrSheetView> => {
      const url = checkinUrl(args.request, token);
      return {
        sessionId: s.id,
        url,
        svg: await qrSvg(url),
        qrVersion: qr_version,
        className: klass.name,
        classCode: klass.code,
        sessionName: s.name,
        sessionType: s.type,
        dateText: dates.day(s.date),
        whenText: sessionWhen(dates, s),
        start: s.start_time,
        end: s.end_time,
        location: s.location?.name ?? null,
        room: s.room?.name ?? null,
        instructors: s.instructor_list.map((i) => i.name),
      };
    }),
  );
  // "Allow change QR" off: the codes stay as printed (docs/decisions/046), as the API insists.
  const canRegenerate = allows(CLASS, user.permission, "change") && !klass.is_cancelled && klass.is_allow_change_qr;
  return { api, language, klass, classId, sessionId, views, canRegenerate };
}

/** The print page's and PDF's own addresses (the PDF's is recorded in docs/decisions/042); `sessionBase` the sessions' sheets are under. */
export const printPaths = (classId: number, sessionId: number | null) => {
  const tail = sessionId === null ? "" : `/${sessionId}`;
  const sessionBase = dash(`print/portrait/class/${classId}/qrcode`);
  return { page: `${sessionBase}${tail}`, pdf: dash(`print/portrait/class/${classId}/qrcode-pdf${tail}`), sessionBase };
};
/** A session's regenerate page, which asks to confirm (routes/print.class-qrcode-regenerate.tsx, docs/decisions/077). */
export const regeneratePath = (sessionBase: string, sessionId: number) => `${sessionBase}/${sessionId}/regenerate`;

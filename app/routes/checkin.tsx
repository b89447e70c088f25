import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { MSG } from "../../contract/messages";
import type { QrCheckinAnswer, QrScanAnswer, QrWindowRefusal } from "../../contract/schemas/class-qr";
import { CLASS_MSG } from "../../contract/class-codes";
import { sessionWhen } from "~/components/class/session-text";
import { AuthCard } from "~/components/auth-card";
import { CsrfInput } from "~/components/form-basics";
import { useDates } from "~/components/use-dates";
import { useSubmitting } from "~/components/use-submitting";
import { lms, type Lms } from "~/lms/api.server";
import { getProfile, signInUrl } from "~/lms/auth.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm } from "~/lms/read-form.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["class"] };

/**
 * A class session's check-in address, what its printed QR code opens (docs/decisions/042 "QR
 * code"): any signed-in account — learners have no dashboard permission, and sign-in keeps their
 * session for this page alone (app/lms/sign-in.server.ts); signed out → sign-in with next. The GET
 * only shows the class, the session and where the learner stands (GET class/checkin/?code=); the
 * one button is a POST form (source 0 web) that checks in, or out on a check-in-and-out class.
 * An invalid or expired code, or a learner not in the class, is said plainly (the API's message);
 * a good code before its session's check-in opens, or after it closes, names the session and
 * says when check-in opens or closed (docs/decisions/077).
 */
type Shown = { answer: QrCheckinAnswer | null; refused: string | null; outside: QrWindowRefusal | null };

/** A refusal's message, and the session and window when the code was only early or late. */
function refusalOf(body: unknown): Omit<Shown, "answer"> {
  const b = (body ?? {}) as Partial<QrWindowRefusal>;
  const refused = typeof b.detail === "string" ? b.detail : MSG.qr_code_expired_or_invalid;
  const timed =
    (refused === CLASS_MSG.checkin_not_open || refused === CLASS_MSG.checkin_closed) &&
    b.session &&
    b.opens &&
    b.closes;
  return { refused, outside: timed ? (b as QrWindowRefusal) : null };
}

/** What the API says of the code for this account: the page's content, or why not (400 / 403, kept signed in). */
async function readCode(api: Lms, code: string): Promise<Shown> {
  const res = await api.get<QrCheckinAnswer | QrWindowRefusal>("class/checkin/", {
    query: { code },
    accept: [400, 403],
  });
  if (res.status === 200) return { answer: res.data as QrCheckinAnswer, refused: null, outside: null };
  return { answer: null, ...refusalOf(res.data) };
}

async function signedIn(args: LoaderFunctionArgs | ActionFunctionArgs) {
  const api = lms(args);
  if (!(await getProfile(api))) throw api.redirect(signInUrl(args.request));
  return api;
}

export async function loader(args: LoaderFunctionArgs) {
  const api = await signedIn(args);
  const shown = await readCode(api, args.params.code ?? "");
  return data(shown, { headers: api.headers() });
}

export async function action(args: ActionFunctionArgs) {
  const api = await signedIn(args);
  const { form, refusal } = await readForm(args.request);
  if (!form)
    return data(
      { scan: null, refused: refusal.message, outside: null },
      { status: refusal.status, headers: api.headers() },
    );
  await requireCsrf(api, form);
  // The web page is source 0; the code is the address's, never a posted one.
  const res = await api.post<QrScanAnswer | QrWindowRefusal>(
    "class/checkin/",
    { code: args.params.code ?? "", source: 0 },
    { accept: [400, 403] },
  );
  if (res.status === 200)
    return data({ scan: res.data as QrScanAnswer, refused: null, outside: null }, { headers: api.headers() });
  return data({ scan: null, ...refusalOf(res.data) }, { status: res.status, headers: api.headers() });
}

export default function Checkin() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { t } = useTranslation();
  const refused = posted ? posted.refused : loaded.refused;
  const outside = posted ? posted.outside : loaded.outside;
  const answer: QrCheckinAnswer | null = posted?.scan ?? loaded.answer;
  return (
    <AuthCard title={t("cls_scan_title")}>
      {outside ? (
        <NotOpen refusal={outside} />
      ) : refused ? (
        <div role="alert" className="rounded border border-red-300 bg-red-50 p-3 text-red-900">
          <p className="font-semibold">{t("cls_scan_invalid_title")}</p>
          <p className="mt-1">{t(refused)}</p>
          {refused === MSG.qr_code_expired_or_invalid ? (
            <p className="mt-1 text-sm">{t("cls_scan_invalid_hint")}</p>
          ) : null}
        </div>
      ) : answer ? (
        <Session answer={answer} scan={posted?.scan ?? null} />
      ) : null}
    </AuthCard>
  );
}

/** A good code outside its session's check-in window: which session, when it runs, when check-in opens or closed. */
function NotOpen({ refusal }: { refusal: QrWindowRefusal }) {
  const { t } = useTranslation();
  const dates = useDates();
  const early = refusal.detail === CLASS_MSG.checkin_not_open;
  return (
    <div role="alert" className="space-y-2 rounded border border-amber-300 bg-amber-50 p-3 text-amber-950">
      <p className="font-semibold">{t(early ? "cls_scan_not_open_title" : "cls_scan_closed_title")}</p>
      <p>
        <span className="font-medium">{refusal.session.name}</span> · {sessionWhen(dates, refusal.session)}
      </p>
      <p>
        {early
          ? t("cls_scan_opens_at", { when: dates.dateTime(refusal.opens) })
          : t("cls_scan_closed_at", { when: dates.dateTime(refusal.closes) })}
      </p>
    </div>
  );
}

/** The class and session, what the scan did (after a POST), and the button for what is left to do. */
function Session({ answer, scan }: { answer: QrCheckinAnswer; scan: QrScanAnswer | null }) {
  const { t } = useTranslation();
  const dates = useDates();
  const busy = useSubmitting();
  const s = answer.session;
  const place = [s.location?.name, s.room?.name].filter(Boolean).join(" · ");
  const a = answer.attendance;
  // Nothing left to do: checked in (a check-in class) or in and out (check-in type 1).
  const done =
    answer.class.check_in_type === 1
      ? t("cls_scan_already_out")
      : t("cls_scan_already_in", { time: dates.time(a?.datetime_checkin) });
  let outcome: string | null = null;
  if (scan?.action === "in") outcome = t("cls_scan_checked_in_at", { time: dates.time(a?.datetime_checkin) });
  else if (scan?.action === "out") outcome = t("cls_scan_checked_out_at", { time: dates.time(a?.datetime_checkout) });
  else if (scan?.already) outcome = done;
  return (
    <div className="space-y-4">
      <div>
        <p className="text-sm text-slate-600">{answer.class.name}</p>
        <h2 className="text-lg font-semibold text-slate-900">{s.name}</h2>
        <p className="text-slate-700">{sessionWhen(dates, s)}</p>
        {place ? <p className="text-sm text-slate-600">{place}</p> : null}
      </div>
      {outcome ? (
        <p
          role="status"
          className={`rounded border p-3 font-medium ${scan?.already ? "border-slate-300 bg-slate-50 text-slate-800" : "border-emerald-300 bg-emerald-50 text-emerald-900"}`}
        >
          {outcome}
        </p>
      ) : a?.datetime_checkin ? (
        <p className="text-slate-700">
          {answer.next_action ? t("cls_scan_status_in", { time: dates.time(a.datetime_checkin) }) : done}
        </p>
      ) : null}
      {answer.next_action && !scan?.already ? (
        <Form method="post">
          <CsrfInput />
          <button
            type="submit"
            disabled={busy}
            className="w-full rounded bg-primary px-4 py-3 text-lg font-semibold text-primary-fg disabled:opacity-60"
          >
            {answer.next_action === "in" ? t("cls_scan_check_in") : t("cls_scan_check_out")}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

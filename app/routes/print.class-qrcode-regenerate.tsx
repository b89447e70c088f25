import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { QrSheetAnswer } from "../../contract/schemas/class-qr";
import { AuthCard } from "~/components/auth-card";
import { CsrfInput } from "~/components/form-basics";
import { useSubmitting } from "~/components/use-submitting";
import { loadQrSheets, printPaths, printTarget, requireClassFlag } from "~/lms/class-qr.server";
import { requireCsrf } from "~/lms/csrf.server";
import { invariantResponse } from "~/lms/invariant";
import { readForm } from "~/lms/read-form.server";
import { redirectWithToast } from "~/lms/toast.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["class"] };

/**
 * Regenerating a session's check-in QR code, confirmed on a page of its own (issue 33 §12,
 * docs/decisions/077): it kills every printed sheet of the session, so one click on the print
 * page only leads here, where the page names the session and says so; the plain POST form (intent
 * regenerate, the class's change flag, as the API asks) works without JavaScript. Then back to
 * the session's sheet, to print it again. A class whose codes may not change, a cancelled one or
 * a session checked in by hand has nothing to regenerate: 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireClassFlag(args, "change");
  const q = await loadQrSheets(args);
  const sheet = q.views[0];
  invariantResponse(q.sessionId !== null && sheet && q.canRegenerate, "Not Found", {
    status: 404,
    headers: q.api.headers(),
  });
  return data(
    {
      className: q.klass.name,
      sessionName: sheet.sessionName,
      when: sheet.whenText,
      back: printPaths(q.classId, q.sessionId).page,
    },
    { headers: q.api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const user = await requireClassFlag(args, "change");
  const { form, refusal } = await readForm(args.request);
  if (!form) return new Response(refusal.message, { status: refusal.status, headers: user.api.headers() });
  await requireCsrf(user.api, form);
  invariantResponse(form.get("intent") === "regenerate", "Bad Request");
  const { classId, sessionId } = printTarget(args.params);
  invariantResponse(sessionId !== null, "Not Found", { status: 404 });
  const res = await user.api.post<QrSheetAnswer>(
    `dashboard/class/${classId}/checkin/${sessionId}/qr/`,
    {},
    { accept: [400, 404] },
  );
  const back = printPaths(classId, sessionId).page;
  if (res.status !== 200) {
    const detail = (res.data as unknown as { detail?: string }).detail ?? "invalid";
    return redirectWithToast(
      back,
      { type: "error", message: res.status === 404 ? "not_found" : detail },
      { headers: user.api.headers() },
    );
  }
  return redirectWithToast(
    back,
    { type: "success", message: "cls_qr_regenerated", values: { name: res.data.session.name } },
    { headers: user.api.headers() },
  );
}

export default function RegenerateQr() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const busy = useSubmitting();
  return (
    <AuthCard title={t("cls_qr_regenerate_title")}>
      <div className="space-y-4">
        <div>
          <p className="text-sm text-slate-600">{d.className}</p>
          <p className="text-lg font-semibold text-slate-900">{d.sessionName}</p>
          <p className="text-slate-700">{d.when}</p>
        </div>
        <p className="rounded border border-amber-300 bg-amber-50 p-3 text-amber-950">{t("cls_qr_regenerate_hint")}</p>
        <Form method="post" className="flex flex-wrap justify-end gap-2">
          <CsrfInput />
          <input type="hidden" name="intent" value="regenerate" />
          <a href={d.back} className="rounded border border-slate-300 px-4 py-2 text-sm">
            {t("cls_qr_regenerate_keep")}
          </a>
          <button
            type="submit"
            disabled={busy}
            className="rounded bg-amber-700 px-4 py-2 text-sm font-medium text-white hover:bg-amber-800 disabled:opacity-60"
          >
            {t("cls_qr_regenerate_confirm")}
          </button>
        </Form>
      </div>
    </AuthCard>
  );
}

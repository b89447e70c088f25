import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { StaffScanAnswer } from "../../../contract/schemas/class-options";
import { CsrfInput, ErrorList } from "~/components/form-basics";
import { useSubmitting } from "~/components/use-submitting";

type ScanPosted = {
  scan: StaffScanAnswer | null;
  scanErrors: { fields: Record<string, string[]>; form: string[] } | null;
};

/**
 * Staff scanning a learner's personal code at a session (qr_code_holder 0, docs/decisions/046): a
 * handheld scanner types the code into the field and presses Enter, or staff type it. A plain POST
 * form (intent `scan`), so it works without JavaScript; the answer says whom it checked in or out.
 * The field is emptied and focused again after each scan, ready for the next learner.
 */
export function ScanForm() {
  const { t } = useTranslation();
  const busy = useSubmitting();
  const posted = useActionData() as Partial<ScanPosted> | undefined;
  const scan = posted?.scan ?? null;
  const errors = [
    ...(posted?.scanErrors?.fields.code ?? []),
    ...(posted?.scanErrors?.fields.source ?? []),
    ...(posted?.scanErrors?.form ?? []),
  ].map((e) => t(e));
  const who = scan ? scan.account.name || scan.account.username : "";
  const outcome = !scan
    ? null
    : scan.already
      ? t("cls_scan_staff_already", { name: who })
      : scan.action === "out"
        ? t("cls_scan_staff_out", { name: who })
        : t("cls_scan_staff_in", { name: who });
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2 rounded border border-slate-200 bg-white p-3">
      <CsrfInput />
      <input type="hidden" name="intent" value="scan" />
      <div className="min-w-64 flex-1">
        <label htmlFor="scan-code" className="block text-sm font-medium text-slate-800">
          {t("cls_scan_staff_label")}
        </label>
        <input
          key={scan ? `${scan.enrollment_id}-${scan.action}-${scan.already}` : "scan"}
          id="scan-code"
          name="code"
          type="text"
          autoComplete="off"
          autoFocus
          aria-invalid={errors.length ? true : undefined}
          aria-describedby={errors.length ? "scan-code-errors" : "scan-code-hint"}
          className="mt-1 w-full rounded border border-slate-300 px-3 py-1.5 font-mono text-sm"
        />
        <p id="scan-code-hint" className="mt-1 text-xs text-slate-600">
          {t("cls_scan_staff_hint")}
        </p>
        <ErrorList id="scan-code-errors" errors={errors} />
      </div>
      <button
        type="submit"
        disabled={busy}
        className="rounded bg-primary px-4 py-1.5 text-sm font-medium text-primary-fg disabled:opacity-60"
      >
        {t("cls_scan_staff_submit")}
      </button>
      {outcome ? (
        <p
          role="status"
          className={`w-full rounded border p-2 text-sm font-medium ${scan?.already ? "border-slate-300 bg-slate-50 text-slate-800" : "border-emerald-300 bg-emerald-50 text-emerald-900"}`}
        >
          {outcome}
        </p>
      ) : null}
    </Form>
  );
}

import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, useBlocker, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CsrfInput, ErrorList } from "~/components/forms";
import type { Option } from "~/lms/content.server";

type Field = { name: string; labelKey: string; kind: string; source?: string };
type Constraint = Record<string, { required?: boolean; maxLength?: number; minLength?: number; pattern?: string; multiple?: boolean }>;
type Props = {
  id: string;
  fields: Field[];
  options: Record<string, Option[]>;
  constraint: Constraint;
  defaultValue: Record<string, unknown>;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
  /** Shown but not editable (the user may view, not change). */
  readOnly?: boolean;
};

/** Up to this many options a multi-choice is a list of checkboxes; more become a multi-select. */
const CHECKBOX_LIMIT = 12;

/**
 * The generic content form: one column, labels above fields, the registry's fields, validated on
 * the server only (zod stays out of the client; the browser gets the schema's constraints). With
 * JavaScript, leaving with unsaved changes asks first.
 */
export function ContentForm({ id, fields, options, constraint, defaultValue, lastResult, submitLabel, readOnly = false }: Props) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [form, meta] = useForm({ id, lastResult, constraint, defaultValue: defaultValue as Record<string, string>, shouldValidate: "onSubmit" });
  const dirty = form.dirty && !busy;
  useLeaveConfirmation(dirty, t("leave_unsaved"));
  const tr = (errors?: string[]) => errors?.map((e) => t(e));
  return (
    <Form method="post" {...getFormProps(form)} className="max-w-2xl space-y-5 rounded border border-slate-200 bg-white p-5 [&>input[type=hidden]]:hidden">
      <CsrfInput />
      <ErrorList id={form.errorId} errors={tr(form.errors)} />
      <fieldset disabled={readOnly} className="space-y-5">
      {fields.map((f) => {
        const m = meta[f.name as keyof typeof meta] as unknown as Parameters<typeof getInputProps>[0];
        const label = t(f.labelKey);
        const described = m.errors?.length ? m.errorId : undefined;
        if (f.kind === "checkbox") {
          return (
            <div key={f.name} className="flex items-start gap-2">
              <input {...getInputProps(m, { type: "checkbox" })} className="mt-1 h-4 w-4" />
              <label htmlFor={m.id} className="text-sm text-slate-800">
                {label}
              </label>
              <ErrorList id={m.errorId} errors={tr(m.errors)} />
            </div>
          );
        }
        if (f.kind === "multiselect" && (options[f.name]?.length ?? 0) <= CHECKBOX_LIMIT) {
          const chosen = new Set(((m.initialValue as string[] | string | undefined) ?? []).toString().split(",").filter(Boolean));
          return (
            <fieldset key={f.name} aria-describedby={described}>
              <legend className="mb-1 text-sm font-medium text-slate-700">{label}</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-1">
                {(options[f.name] ?? []).map((o) => (
                  <label key={o.value} className="flex items-center gap-1.5 text-sm">
                    <input type="checkbox" name={f.name} value={o.value} defaultChecked={chosen.has(o.value)} className="h-4 w-4" />
                    {o.label}
                  </label>
                ))}
              </div>
              <ErrorList id={m.errorId} errors={tr(m.errors)} />
            </fieldset>
          );
        }
        return (
          <div key={f.name}>
            <label htmlFor={m.id} className="mb-1 block text-sm font-medium text-slate-700">
              {label}
              {constraint[f.name]?.required ? <span aria-hidden="true" className="text-red-700"> *</span> : null}
            </label>
            {f.kind === "textarea" ? (
              <textarea {...getTextareaProps(m)} rows={6} className={inputClass} />
            ) : f.kind === "select" || f.kind === "multiselect" ? (
              <select {...getSelectProps(m, { value: false })} multiple={f.kind === "multiselect"} defaultValue={selectDefault(m.initialValue, f.kind === "multiselect")} className={inputClass}>
                {f.kind === "select" ? <option value="">{t("choose")}</option> : null}
                {(options[f.name] ?? []).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input {...getInputProps(m, { type: "text" })} className={inputClass} />
            )}
            {constraint[f.name]?.maxLength && f.kind !== "select" ? (
              <p className="mt-1 text-xs text-slate-600">{t("max_characters", { n: constraint[f.name]!.maxLength })}</p>
            ) : null}
            <ErrorList id={m.errorId} errors={tr(m.errors)} />
          </div>
        );
      })}
      </fieldset>
      <div className="flex justify-end" hidden={readOnly}>
        <button type="submit" disabled={busy} className="rounded bg-primary px-5 py-2 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60">
          {submitLabel}
        </button>
      </div>
    </Form>
  );
}

const inputClass =
  "block w-full rounded border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 aria-[invalid]:border-red-600";

function selectDefault(v: unknown, multiple: boolean) {
  if (multiple) return Array.isArray(v) ? v.map(String) : v ? String(v).split(",") : [];
  return v == null ? "" : String(v);
}

/** Ask before leaving a form with unsaved changes (in-app navigation and closing the tab). */
function useLeaveConfirmation(dirty: boolean, message: string) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (blocker.state !== "blocked" || asked) return;
    setAsked(true);
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
    setAsked(false);
  }, [blocker, asked, message]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
}

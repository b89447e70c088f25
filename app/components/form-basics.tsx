import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CSRF_FIELD } from "~/lms/csrf-field";
import type { FormResult } from "~/lms/form-result";

/**
 * The form kit's parts that need no conform (app/components/forms.tsx re-exports them): a form
 * that only posts a button, or shows an action's form-level errors, imports them from here and
 * so does not bring conform to its page (issue 14 §3).
 */
export type Errors = (string | null | undefined)[] | null | undefined;

/** Error messages under a field, announced by screen readers. */
export function ErrorList({ id, errors }: { id?: string; errors?: Errors }) {
  const list = (errors ?? []).filter(Boolean);
  if (!list.length) return null;
  return (
    // The alert role sits on a wrapper: on the <ul> itself it would hide the list from assistive technology.
    <div id={id} className="mt-1 text-sm text-red-700" role="alert">
      <ul className="space-y-0.5">
        {list.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The hidden anti-forgery field every dashboard form carries: the token comes from the root
 * loader through remix-utils' provider (the `token` prop of older call sites is ignored).
 */
export function CsrfInput(_props: { token?: string | null }) {
  return <AuthenticityTokenInput name={CSRF_FIELD} />;
}

/**
 * The form-level errors of an action's answer, translated by the caller's `t`: for pages whose
 * forms have no error spot of their own (a post that was no readable form, app/lms/read-form.server.ts).
 */
export function FormErrors({ result, t }: { result?: FormResult; t: (key: string) => string }) {
  // The form's own errors ("" in the answer) read here, not with form-result.ts's errorsAt: that
  // module would bring its other readers (sub-forms' values) to every page with a form (decision 087).
  return <ErrorList errors={result?.error?.[""]?.map((e) => t(e))} />;
}

/** The look of a form's main button (save, create, reset). */
export const PRIMARY_BUTTON =
  "rounded bg-primary px-5 py-2 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60";

/** A form's save button, at the end of the form on the right; disabled while the form is being sent. */
export function SaveBar({ busy, children }: { busy: boolean; children: React.ReactNode }) {
  return (
    <div className="flex justify-end">
      <button type="submit" disabled={busy} className={PRIMARY_BUTTON}>
        {children}
      </button>
    </div>
  );
}

import { useId } from "react";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CSRF_FIELD } from "~/lms/csrf-field";
import { errorsAt, type FormResult } from "~/lms/form-result";

/** Error messages under a field, announced by screen readers. */
export function ErrorList({ id, errors }: { id?: string; errors?: (string | null | undefined)[] | null }) {
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

type FieldProps = {
  label: string;
  inputProps: React.InputHTMLAttributes<HTMLInputElement> & { name: string };
  errors?: (string | null | undefined)[] | null;
  className?: string;
};

/** A labelled input with its errors wired through aria-invalid / aria-describedby. */
export function Field({ label, inputProps, errors, className }: FieldProps) {
  const fallback = useId();
  const id = inputProps.id ?? fallback;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        {...inputProps}
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className="block w-full rounded border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 aria-[invalid]:border-red-600"
      />
      <ErrorList id={errorId} errors={errors} />
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
  return <ErrorList errors={errorsAt(result, "")?.map((e) => t(e))} />;
}

import type { FormMetadata, SubmissionResult } from "@conform-to/react";
import { startTransition, useEffect, useId, useMemo, useState } from "react";

/**
 * The dashboard's forms on the client: conform's `useForm` as far as we use it, without its client
 * runtime (docs/decisions/048). Every form here is validated on the server only — zod stays out of
 * the browser, and the browser's own constraint messages would not be translated — so what the
 * page needs is what conform derives from the server's answer (`submission.reply()`): each field's
 * id, name, initial value, errors and constraint attributes, which conform's own `getFormProps`,
 * `getInputProps`, `getSelectProps` and `getTextareaProps` then turn into props. The ids, names and
 * value serialisation follow conform's (@conform-to/dom `flatten`/`serialize`, @conform-to/react
 * `getMetadata`), so pages render the same markup. What conform's runtime did that we keep:
 * focusing the first field with an error after a failed submit, and `dirty` for the leave
 * confirmation. The server keeps conform whole (`parseWithZod`, `submission.reply()`).
 */

type Constraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
  multiple?: boolean;
  accept?: string;
};

type Options = {
  id?: string;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: unknown;
  constraint?: Record<string, Constraint>;
  /** Accepted for conform's signature; validation is the server's (see above). */
  shouldValidate?: "onSubmit" | "onBlur" | "onInput";
  shouldRevalidate?: "onSubmit" | "onBlur" | "onInput";
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Fieldset<Schema extends Record<string, any>> = ReturnType<FormMetadata<Schema, string[]>["getFieldset"]>;

/** A value as conform puts it into a form control (@conform-to/dom's `serialize`). */
function serialize(value: unknown): unknown {
  if (typeof value === "string" || value === null) return value;
  if (typeof value === "boolean") return value ? "on" : null;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString().slice(0, -1);
  if (Array.isArray(value)) {
    const items = value.map(serialize);
    return items.every((i) => typeof i === "string") ? items : undefined;
  }
  return undefined;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object" && Object.getPrototypeOf(v) === Object.prototype;

/** A tree of values as a dictionary of field names (`a.b`, `a[0]`), as conform's `flatten` does. */
export function flattenValues(data: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const walk = (value: unknown, prefix: string) => {
    const s = serialize(value);
    if (s !== undefined && s !== null) out[prefix] = s;
    if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${prefix}[${i}]`));
    else if (isPlainObject(value)) for (const [k, v] of Object.entries(value)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  if (data) walk(data, "");
  return out;
}

/** What a form would post now, as one comparable string (files by name and size). */
function snapshot(form: HTMLFormElement): string {
  return [...new FormData(form)].map(([k, v]) => `${k}=${typeof v === "string" ? v : `${v.name}:${v.size}`}`).join("&");
}

/**
 * The metadata conform's helpers (and the form kit, app/components/forms.tsx) read, for one name
 * ("" is the form itself). Conform's `value`, `dirty` per field and its `default…` shorthands are
 * left out: nothing here reads them.
 */
function metadata(
  formId: string,
  name: string,
  initial: Record<string, unknown>,
  errors: Record<string, string[] | null>,
  constraint: Record<string, Constraint>,
) {
  const id = name ? `${formId}-${name}` : formId;
  const initialValue = initial[name];
  const fieldErrors = errors[name] ?? undefined;
  return {
    id,
    name,
    formId,
    errorId: `${id}-error`,
    descriptionId: `${id}-description`,
    initialValue,
    errors: fieldErrors,
    valid: !fieldErrors,
    key: undefined,
    ...constraint[name],
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useForm<Schema extends Record<string, any> = Record<string, any>>(
  options: Options,
): [FormMetadata<Schema, string[]>, Fieldset<Schema>] {
  const fallbackId = useId();
  const formId = options.id ?? fallbackId;
  const { lastResult, constraint = {} } = options;
  const defaults = useMemo(() => flattenValues(options.defaultValue), [options.defaultValue]);
  // After a refused post the form shows what was sent (the server's `initialValue`), as conform does.
  const initial = (lastResult?.initialValue as Record<string, unknown> | undefined) ?? defaults;
  const errors = useMemo(() => (lastResult?.error ?? {}) as Record<string, string[] | null>, [lastResult]);
  // Compared by content: the loaders run again after every post, a refused one included, and the
  // form is only clean again once what it was drawn from has changed (a save went through).
  const dirty = useDirty(
    formId,
    useMemo(() => JSON.stringify(defaults), [defaults]),
  );

  // A failed submit puts the focus on the first field it names, as conform's runtime did.
  useEffect(() => {
    if (lastResult?.status !== "error") return;
    const form = document.forms.namedItem(formId);
    const first =
      form &&
      [...form.elements].find(
        (e): e is HTMLInputElement =>
          "name" in e && !!(e as HTMLInputElement).name && !!errors[(e as HTMLInputElement).name]?.length,
      );
    first?.focus();
  }, [lastResult, errors, formId]);

  const form = {
    ...metadata(formId, "", initial, errors, {}),
    status: lastResult?.status,
    dirty,
    noValidate: true,
    onSubmit: undefined,
  };
  const fields = new Proxy({} as Record<string, unknown>, {
    get: (_, name) => (typeof name === "string" ? metadata(formId, name, initial, errors, constraint) : undefined),
  });
  return [form as unknown as FormMetadata<Schema, string[]>, fields as unknown as Fieldset<Schema>];
}

/**
 * Whether the form differs from what it held when it was drawn, or when its defaults last changed
 * (a save went through): read from the form element, so every control counts.
 */
function useDirty(formId: string, defaultsKey: string): boolean {
  const [dirty, setDirty] = useState(false);
  useEffect(() => {
    const form = document.forms.namedItem(formId);
    if (!form) return;
    const clean = snapshot(form);
    setDirty(false);
    // A transition: typing before a lazy field inside the form has hydrated (the account picker)
    // must not reach its Suspense boundary as an urgent update — React would throw the boundary's
    // server markup away and report error #421 (issue 33 item 15). A transition waits for it.
    const check = () => startTransition(() => setDirty(snapshot(form) !== clean));
    // A reset event comes before the controls are reset.
    const afterReset = () => setTimeout(check);
    form.addEventListener("input", check);
    form.addEventListener("change", check);
    form.addEventListener("reset", afterReset);
    return () => {
      form.removeEventListener("input", check);
      form.removeEventListener("change", check);
      form.removeEventListener("reset", afterReset);
    };
  }, [formId, defaultsKey]);
  return dirty;
}

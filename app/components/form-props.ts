/**
 * conform's `getFormProps`, `getInputProps`, `getSelectProps` and `getTextareaProps`, as the
 * dashboard uses them (options `type` and `value` only), over the metadata app/components/use-form.ts
 * derives. The same props in the same order, so the markup is conform's; conform's own build is
 * transpiled for old browsers (a spread helper in every call) and ships what the dashboard never
 * uses, which made it a kilobyte of every form page's JavaScript (docs/decisions/087). The server
 * keeps conform whole (`parseWithZod`, `submission.reply()`).
 */

/** What these helpers read of conform's field (or form) metadata. */
type Meta = {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  errors?: string[];
  initialValue?: unknown;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  pattern?: string;
  multiple?: boolean;
  accept?: string;
  onSubmit?: unknown;
  noValidate?: boolean;
};

/** conform's `value` option: false leaves the initial value out (a controlled or multi-valued control). */
type ValueOption = { value?: string | boolean };

/** The props without the ones left undefined, as conform's `simplify`. */
function defined<T extends Record<string, unknown>>(props: T): T {
  for (const k in props) if (props[k] === undefined) delete props[k];
  return props;
}

/** `aria-invalid` (controls only) and `aria-describedby` (the error list's id) when there are errors. */
const aria = (m: Meta, control: boolean) => {
  const invalid = m.errors !== undefined;
  return { "aria-invalid": (control && invalid) || undefined, "aria-describedby": invalid ? m.errorId : undefined };
};

/** What every control gets: key (none), required, id, name, form, aria. */
const controlProps = (m: Meta) => ({
  key: undefined,
  required: m.required || undefined,
  id: m.id,
  name: m.name,
  form: m.formId,
  ...aria(m, true),
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- conform's metadata types are generic over the schema
type AnyMeta = any;

export function getFormProps(form: AnyMeta) {
  const m = form as Meta;
  return defined({
    id: m.id,
    onSubmit: m.onSubmit as React.FormEventHandler<HTMLFormElement> | undefined,
    noValidate: m.noValidate,
    ...aria(m, false),
  });
}

export function getInputProps(field: AnyMeta, options: ValueOption & { type: React.HTMLInputTypeAttribute }) {
  const m = field as Meta;
  const props: Record<string, unknown> = {
    ...controlProps(m),
    type: options.type,
    minLength: m.minLength,
    maxLength: m.maxLength,
    min: m.min,
    max: m.max,
    step: m.step,
    pattern: m.pattern,
    multiple: m.multiple,
    accept: m.accept,
  };
  if (options.value === undefined || options.value) {
    if (options.type === "checkbox" || options.type === "radio") {
      props.value = typeof options.value === "string" ? options.value : "on";
      props.defaultChecked = Array.isArray(m.initialValue)
        ? m.initialValue.includes(options.value)
        : m.initialValue === props.value;
    } else if (typeof m.initialValue === "string") props.defaultValue = m.initialValue;
  }
  return defined(props) as React.InputHTMLAttributes<HTMLInputElement> & { key?: string };
}

export function getSelectProps(field: AnyMeta, options: ValueOption = {}) {
  const m = field as Meta;
  const props: Record<string, unknown> = { ...controlProps(m), multiple: m.multiple };
  if (options.value === undefined || options.value) {
    props.defaultValue = Array.isArray(m.initialValue)
      ? m.initialValue.map((item) => `${item ?? ""}`)
      : (m.initialValue as { toString(): string } | undefined)?.toString();
  }
  return defined(props) as React.SelectHTMLAttributes<HTMLSelectElement> & { key?: string };
}

export function getTextareaProps(field: AnyMeta, options: ValueOption = {}) {
  const m = field as Meta;
  const props: Record<string, unknown> = { ...controlProps(m), minLength: m.minLength, maxLength: m.maxLength };
  if (options.value === undefined || options.value)
    props.defaultValue = (m.initialValue as { toString(): string } | undefined)?.toString();
  return defined(props) as React.TextareaHTMLAttributes<HTMLTextAreaElement> & { key?: string };
}

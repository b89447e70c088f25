import type { FieldMetadata } from "@conform-to/react";
import { getInputProps, getSelectProps, getTextareaProps } from "~/components/form-props";
import { useId, type ReactNode } from "react";
import { ErrorList, type Errors } from "./form-basics";

// The kit is one import: the parts a form without conform needs live in form-basics.tsx, so pages
// that only post a button (list rows, the shell's menus) do not load conform.
export { CsrfInput, ErrorList, FormErrors } from "./form-basics";

/**
 * The form kit: every labelled control of the dashboard (input, textarea, select, checkbox,
 * multi-select, radio group) wires its label `htmlFor`, `aria-invalid` (only with errors), `aria-describedby`
 * (the error list's id, then the help text's) and its error list here, so no page does it by hand.
 * Each takes conform's field metadata (`meta`: id, name, constraints, initial value) or an
 * explicit `id` / `name`, and the errors already translated (`errors`). Plain controls: they post
 * with a real <form>, JavaScript or not.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, any>;
/** `group`: the option's <optgroup> label, in a select that asks for groups (`grouped`). */
export type ChoiceOption = { value: string; label: ReactNode; group?: string };

/** The look of a text input, textarea or select. */
export const controlClass =
  "block w-full rounded border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 aria-[invalid]:border-red-600";
const labelClass = "mb-1 block text-sm font-medium text-slate-700";
/** Up to this many options a multiple choice is a set of checkboxes; more become a multi-select. */
export const CHECKBOX_LIMIT = 12;

type Wiring = {
  label: ReactNode;
  /** conform's metadata of the field; its errors still come, translated, through `errors`. */
  meta?: Meta;
  id?: string;
  name?: string;
  errors?: Errors;
  /** Help text under the control, referenced by aria-describedby. */
  help?: ReactNode;
  /** The help text's id (default `{id}-hint`). */
  helpId?: string;
  /** A red asterisk after the label (not the `required` attribute). */
  requiredMark?: boolean;
  /** Class of the wrapper. */
  className?: string;
  labelClassName?: string;
  controlClassName?: string;
};

type Wired = {
  id: string;
  errorId?: string;
  helpId?: string;
  aria: { "aria-invalid"?: true; "aria-describedby"?: string };
};

function useWiring(id: string | undefined, p: Wiring): Wired {
  const fallback = useId();
  const fieldId = id ?? p.meta?.id ?? fallback;
  const errorId = (p.errors ?? []).some(Boolean) ? `${fieldId}-error` : undefined;
  const helpId = p.help != null && p.help !== false ? (p.helpId ?? `${fieldId}-hint`) : undefined;
  const describedBy = [errorId, helpId].filter(Boolean).join(" ") || undefined;
  return {
    id: fieldId,
    errorId,
    helpId,
    aria: { "aria-invalid": errorId ? true : undefined, "aria-describedby": describedBy },
  };
}

/** conform's props of a control, its `key` apart (React wants it passed on its own). */
function fromMeta<T extends { key?: unknown }>(meta: Meta | undefined, derive: (m: Meta) => T) {
  if (!meta) return { key: undefined, props: {} as Omit<T, "key"> };
  const { key, ...props } = derive(meta);
  return { key: key as string | undefined, props };
}

/** Under the control: its help text, then its errors. */
function Feedback({ w, p }: { w: Wired; p: Wiring }) {
  return (
    <>
      {w.helpId ? (
        <p id={w.helpId} className="mt-1 text-xs text-slate-600">
          {p.help}
        </p>
      ) : null}
      <ErrorList id={w.errorId} errors={p.errors} />
    </>
  );
}

function RequiredMark({ on }: { on?: boolean }) {
  return on ? (
    <span aria-hidden="true" className="text-red-700">
      {" "}
      *
    </span>
  ) : null;
}

/** Label above, control (and its suffix), help text, errors. */
function Stacked({
  w,
  p,
  suffix,
  before,
  children,
}: {
  w: Wired;
  p: Wiring;
  suffix?: ReactNode;
  before?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={p.className}>
      <label htmlFor={w.id} className={p.labelClassName ?? labelClass}>
        {p.label}
        <RequiredMark on={p.requiredMark} />
      </label>
      {before}
      {suffix ? (
        <div className="flex items-center gap-2">
          {children}
          {suffix}
        </div>
      ) : (
        children
      )}
      <Feedback w={w} p={p} />
    </div>
  );
}

/** Shown after the control on its row (a unit: "days"), and between label and control. */
type Extras = { suffix?: ReactNode; before?: ReactNode };
const named = (name: string | undefined) => (name ? { name } : {});

/** A labelled input (text, number, date, password, file…). */
export function Field({
  inputProps = {},
  suffix,
  before,
  ...p
}: Wiring & Extras & { inputProps?: React.InputHTMLAttributes<HTMLInputElement> }) {
  const w = useWiring(inputProps.id ?? p.id, p);
  const { key, props } = fromMeta(p.meta, (m) => getInputProps(m, { type: (inputProps.type ?? "text") as "text" }));
  return (
    <Stacked w={w} p={p} suffix={suffix} before={before}>
      <input
        key={key}
        {...props}
        {...named(p.name)}
        {...inputProps}
        id={w.id}
        {...w.aria}
        className={p.controlClassName ?? controlClass}
      />
    </Stacked>
  );
}

/** A labelled textarea. */
export function TextareaField({
  textareaProps = {},
  ...p
}: Wiring & { textareaProps?: React.TextareaHTMLAttributes<HTMLTextAreaElement> }) {
  const w = useWiring(textareaProps.id ?? p.id, p);
  const { key, props } = fromMeta(p.meta, (m) => getTextareaProps(m));
  return (
    <Stacked w={w} p={p}>
      <textarea
        key={key}
        {...props}
        {...named(p.name)}
        {...textareaProps}
        id={w.id}
        {...w.aria}
        className={p.controlClassName ?? controlClass}
      />
    </Stacked>
  );
}

type SelectProps = Wiring &
  Extras & {
    options: ChoiceOption[];
    /** The label of a first, empty option ("Choose…"); none without it. */
    emptyOption?: ReactNode;
    selectProps?: React.SelectHTMLAttributes<HTMLSelectElement>;
    /** Options in <optgroup>s by their `group` (consecutive options of one group share one). */
    grouped?: boolean;
  };

const optionOf = (o: ChoiceOption) => (
  <option key={o.value} value={o.value}>
    {o.label}
  </option>
);

function Options({
  options,
  emptyOption,
  grouped,
}: {
  options: ChoiceOption[];
  emptyOption?: ReactNode;
  grouped?: boolean;
}) {
  const runs: { group?: string; options: ChoiceOption[] }[] = [];
  for (const o of options) {
    const last = runs[runs.length - 1];
    if (grouped && last && last.group === o.group) last.options.push(o);
    else runs.push({ group: grouped ? o.group : undefined, options: [o] });
  }
  return (
    <>
      {emptyOption != null ? <option value="">{emptyOption}</option> : null}
      {runs.map((r, i) =>
        r.group === undefined ? (
          r.options.map(optionOf)
        ) : (
          <optgroup key={`${i}-${r.group}`} label={r.group}>
            {r.options.map(optionOf)}
          </optgroup>
        ),
      )}
    </>
  );
}

/** A labelled select. */
export function SelectField({ options, emptyOption, selectProps = {}, suffix, before, grouped, ...p }: SelectProps) {
  const w = useWiring(selectProps.id ?? p.id, p);
  const { key, props } = fromMeta(p.meta, (m) => getSelectProps(m));
  return (
    <Stacked w={w} p={p} suffix={suffix} before={before}>
      <select
        key={key}
        {...props}
        {...named(p.name)}
        {...selectProps}
        id={w.id}
        {...w.aria}
        className={p.controlClassName ?? controlClass}
      >
        <Options options={options} emptyOption={emptyOption} grouped={grouped} />
      </select>
    </Stacked>
  );
}

/** A checkbox with its label after it; help text and errors under the row. */
export function CheckboxField({
  inputProps = {},
  rowClassName,
  ...p
}: Wiring & { inputProps?: React.InputHTMLAttributes<HTMLInputElement>; rowClassName?: string }) {
  const w = useWiring(inputProps.id ?? p.id, p);
  const { key, props } = fromMeta(p.meta, (m) => getInputProps(m, { type: "checkbox" }));
  return (
    <div className={p.className}>
      <div className={rowClassName ?? "flex items-start gap-2"}>
        <input
          key={key}
          {...props}
          {...named(p.name)}
          {...inputProps}
          type="checkbox"
          id={w.id}
          {...w.aria}
          className={p.controlClassName ?? "mt-0.5 h-4 w-4"}
        />
        <label htmlFor={w.id} className={p.labelClassName ?? "text-sm text-slate-800"}>
          {p.label}
        </label>
      </div>
      <Feedback w={w} p={p} />
    </div>
  );
}

type MultiSelectProps = Wiring & {
  options: ChoiceOption[];
  /** The chosen values. */
  defaultValue?: string[];
  /** Up to this many options the choice is a set of checkboxes (default: always a multi-select). */
  checkboxLimit?: number;
  /** Checkboxes, and the multi-select with `grouped`, sit in a fieldset whose legend is the label. */
  grouped?: boolean;
  legendClassName?: string;
  /** Inside the fieldset, before the choices (a per-list operator…). */
  before?: ReactNode;
  /** Shown instead of the choices when there are none. */
  empty?: ReactNode;
  disabled?: boolean;
  /** More attributes of the <select multiple> (`size`…). */
  selectProps?: React.SelectHTMLAttributes<HTMLSelectElement>;
};

/**
 * A multiple choice posting one value per chosen option under the same name: a set of checkboxes
 * in a fieldset when there are few options, else a native <select multiple>.
 */
export function MultiSelectField(props: MultiSelectProps) {
  const {
    options,
    defaultValue,
    checkboxLimit = 0,
    grouped,
    legendClassName,
    before,
    empty,
    disabled,
    selectProps = {},
    ...p
  } = props;
  const w = useWiring(p.id, p);
  const name = p.name ?? p.meta?.name ?? "";
  const chosen = defaultValue ?? [];
  const boxes = options.length <= checkboxLimit;
  const { key, props: base } = fromMeta(p.meta, (m) => getSelectProps(m, { value: false }));
  const select = (
    <select
      key={key}
      {...base}
      name={name}
      {...selectProps}
      id={w.id}
      multiple
      defaultValue={chosen}
      disabled={disabled}
      {...w.aria}
      className={p.controlClassName ?? controlClass}
    >
      <Options options={options} />
    </select>
  );
  if (!boxes && !grouped)
    return (
      <Stacked w={w} p={p}>
        {select}
      </Stacked>
    );
  const choices =
    options.length === 0 && empty != null ? (
      empty
    ) : boxes ? (
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              defaultChecked={chosen.includes(o.value)}
              disabled={disabled}
              aria-invalid={w.aria["aria-invalid"]}
              className="h-4 w-4"
            />
            {o.label}
          </label>
        ))}
      </div>
    ) : (
      <>
        <label htmlFor={w.id} className="sr-only">
          {p.label}
        </label>
        {select}
      </>
    );
  return (
    <fieldset aria-describedby={boxes ? w.aria["aria-describedby"] : undefined} className={p.className}>
      <legend className={legendClassName ?? "mb-1 text-sm font-medium text-slate-700"}>
        {p.label}
        <RequiredMark on={p.requiredMark} />
      </legend>
      {before}
      {choices}
      <Feedback w={w} p={p} />
    </fieldset>
  );
}

type RadioGroupProps = Wiring & {
  options: ChoiceOption[];
  /** The checked value. */
  defaultValue?: string;
  legendClassName?: string;
  /** Class of the row of choices, of each choice's label, of each radio. */
  rowClassName?: string;
  optionClassName?: string;
  /** Inside the fieldset, between the legend and the choices (an introduction…). */
  before?: ReactNode;
};

/** One choice among a few: radios in a fieldset whose legend is the label. */
export function RadioGroupField({
  options,
  defaultValue,
  legendClassName,
  rowClassName,
  optionClassName,
  before,
  ...p
}: RadioGroupProps) {
  const w = useWiring(p.id, p);
  const name = p.name ?? p.meta?.name ?? "";
  return (
    <fieldset aria-describedby={w.aria["aria-describedby"]} className={p.className}>
      <legend className={legendClassName ?? "mb-1 text-sm font-medium text-slate-700"}>{p.label}</legend>
      {before}
      <div className={rowClassName ?? "flex flex-wrap gap-x-5 gap-y-1"}>
        {options.map((o) => (
          <label key={o.value} className={optionClassName ?? "flex items-center gap-1.5 text-sm"}>
            <input
              type="radio"
              name={name}
              value={o.value}
              defaultChecked={defaultValue === o.value}
              aria-invalid={w.aria["aria-invalid"]}
              className={p.controlClassName ?? "h-4 w-4"}
            />
            {o.label}
          </label>
        ))}
      </div>
      <Feedback w={w} p={p} />
    </fieldset>
  );
}

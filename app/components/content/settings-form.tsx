import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms";
import { errorsAt, shownValue, type FormResult } from "~/lms/form-result";

/**
 * The fields of a settings form of any content (enrollment, identification…), grouped in
 * sections: one column, labels above fields, a unit after a number (days, minutes), a hint under
 * a field. Names may be nested (`content_period_cancel.type`), as conform reads them. Values come
 * from the last refused submission, else the saved ones; errors from the submission by full name.
 * Only the fields: the page supplies the <Form>, its anti-forgery field and its button.
 */
export type SettingField = {
  name: string;
  label: string;
  kind: "checkbox" | "number" | "select" | "radio" | "datetime" | "date" | "text";
  options?: { value: string; label: string }[];
  min?: number;
  max?: number;
  /** Shown after a number (e.g. "days"). */
  unit?: string;
  hint?: string;
  required?: boolean;
};
export type SettingSection = { id: string; title: string; intro?: string; fields: SettingField[] };

export const fieldId = (name: string) => `f-${name.replace(/[^A-Za-z0-9]+/g, "-")}`;
export const inputClass =
  "block w-full rounded border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 aria-[invalid]:border-red-600";

/** One field; `idPrefix` keeps ids unique when two forms on a page have the same fields. */
export function SettingInput({ field, saved, result, idPrefix = "" }: { field: SettingField; saved: unknown; result: FormResult; idPrefix?: string }) {
  const { t } = useTranslation();
  const id = fieldId(`${idPrefix}${field.name}`);
  const errors = errorsAt(result, field.name)?.map((e) => t(e));
  const errorId = errors ? `${id}-error` : undefined;
  const hintId = field.hint ? `${id}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  const invalid = errorId ? true : undefined;
  const hint = field.hint ? (
    <p id={hintId} className="mt-1 text-xs text-slate-600">
      {field.hint}
    </p>
  ) : null;
  if (field.kind === "checkbox") {
    return (
      <div>
        <div className="flex items-start gap-2">
          <input id={id} type="checkbox" name={field.name} defaultChecked={shownValue(result, field.name, saved, "checkbox") as boolean} aria-invalid={invalid} aria-describedby={describedBy} className="mt-0.5 h-4 w-4" />
          <label htmlFor={id} className="text-sm text-slate-800">
            {field.label}
          </label>
        </div>
        {hint}
        <ErrorList id={errorId} errors={errors} />
      </div>
    );
  }
  const value = shownValue(result, field.name, saved) as string;
  if (field.kind === "radio") {
    return (
      <fieldset aria-describedby={describedBy}>
        <legend className="mb-1 text-sm font-medium text-slate-700">{field.label}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-1">
          {(field.options ?? []).map((o) => (
            <label key={o.value} className="flex items-center gap-1.5 text-sm">
              <input type="radio" name={field.name} value={o.value} defaultChecked={value === o.value} aria-invalid={invalid} className="h-4 w-4" />
              {o.label}
            </label>
          ))}
        </div>
        {hint}
        <ErrorList id={errorId} errors={errors} />
      </fieldset>
    );
  }
  const type = field.kind === "datetime" ? "datetime-local" : field.kind === "number" ? "number" : field.kind === "date" ? "date" : "text";
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {field.label}
        {field.required ? <span aria-hidden="true" className="text-red-700"> *</span> : null}
      </label>
      <div className="flex items-center gap-2">
        {field.kind === "select" ? (
          <select id={id} name={field.name} defaultValue={value} aria-invalid={invalid} aria-describedby={describedBy} className={inputClass}>
            {(field.options ?? []).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={id}
            name={field.name}
            type={type}
            inputMode={field.kind === "number" ? "numeric" : undefined}
            min={field.min}
            max={field.max}
            step={field.kind === "number" ? 1 : undefined}
            defaultValue={value}
            aria-invalid={invalid}
            aria-describedby={describedBy}
            className={`${inputClass} ${field.kind === "number" ? "max-w-[10rem]" : ""}`}
          />
        )}
        {field.unit ? <span className="text-sm text-slate-600">{field.unit}</span> : null}
      </div>
      {hint}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** Sections of fields; `values` holds the saved value of each field by its full name. */
export function SettingSections({ sections, values, result }: { sections: SettingSection[]; values: Record<string, unknown>; result: FormResult }) {
  return (
    <div className="space-y-5">
      {sections.map((s) => (
        <fieldset key={s.id} className="rounded border border-slate-200 bg-white p-5">
          <legend className="px-1 text-base font-semibold text-slate-900">{s.title}</legend>
          {s.intro ? <p className="mb-3 text-sm text-slate-600">{s.intro}</p> : null}
          <div className="space-y-4">
            {s.fields.map((f) => (
              <SettingInput key={f.name} field={f} saved={values[f.name]} result={result} />
            ))}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

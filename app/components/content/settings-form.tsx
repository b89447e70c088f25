import { useTranslation } from "~/i18n/react";
import {
  CHECKBOX_LIMIT,
  CheckboxField,
  controlClass,
  Field,
  MultiSelectField,
  RadioGroupField,
  SelectField,
  TextareaField,
} from "~/components/forms";
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
  kind: "checkbox" | "number" | "select" | "radio" | "datetime" | "date" | "text" | "multiselect" | "textarea";
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
export const inputClass = controlClass;

/** One field; `idPrefix` keeps ids unique when two forms on a page have the same fields. */
export function SettingInput({
  field,
  saved,
  result,
  idPrefix = "",
}: {
  field: SettingField;
  saved: unknown;
  result: FormResult;
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const id = fieldId(`${idPrefix}${field.name}`);
  const errors = errorsAt(result, field.name)?.map((e) => t(e));
  const wiring = { id, name: field.name, label: field.label, errors, help: field.hint };
  if (field.kind === "checkbox") {
    return (
      <CheckboxField
        {...wiring}
        inputProps={{ defaultChecked: shownValue(result, field.name, saved, "checkbox") as boolean }}
      />
    );
  }
  const value = shownValue(result, field.name, saved) as string;
  // Several choices (a step's approvers): checkboxes when few, a multi-select otherwise; `saved` a list or "1,2".
  if (field.kind === "multiselect") {
    const chosen = value ? value.split(",") : Array.isArray(saved) ? saved.map(String) : [];
    return (
      <MultiSelectField
        {...wiring}
        grouped
        requiredMark={field.required}
        options={field.options ?? []}
        defaultValue={chosen}
        checkboxLimit={CHECKBOX_LIMIT}
      />
    );
  }
  if (field.kind === "textarea")
    return <TextareaField {...wiring} requiredMark={field.required} textareaProps={{ defaultValue: value, rows: 4 }} />;
  if (field.kind === "radio") return <RadioGroupField {...wiring} options={field.options ?? []} defaultValue={value} />;
  const suffix = field.unit ? <span className="text-sm text-slate-600">{field.unit}</span> : null;
  if (field.kind === "select") {
    return (
      <SelectField
        {...wiring}
        requiredMark={field.required}
        suffix={suffix}
        options={field.options ?? []}
        selectProps={{ defaultValue: value }}
      />
    );
  }
  const type =
    field.kind === "datetime"
      ? "datetime-local"
      : field.kind === "number"
        ? "number"
        : field.kind === "date"
          ? "date"
          : "text";
  const number = field.kind === "number";
  return (
    <Field
      {...wiring}
      requiredMark={field.required}
      suffix={suffix}
      controlClassName={`${inputClass} ${number ? "max-w-[10rem]" : ""}`}
      inputProps={{
        type,
        inputMode: number ? "numeric" : undefined,
        min: field.min,
        max: field.max,
        step: number ? 1 : undefined,
        defaultValue: value,
      }}
    />
  );
}

/** A long text of a settings form (a description, a note), in a card of its own. */
export function SettingTextarea({
  name,
  label,
  saved,
  result,
}: {
  name: string;
  label: string;
  saved: string | null | undefined;
  result: FormResult;
}) {
  const { t } = useTranslation();
  return (
    <TextareaField
      id={fieldId(name)}
      name={name}
      label={label}
      errors={errorsAt(result, name)?.map((e) => t(e))}
      className="rounded border border-slate-200 bg-white p-5"
      textareaProps={{ rows: 4, defaultValue: shownValue(result, name, saved) as string }}
    />
  );
}

/** Sections of fields; `values` holds the saved value of each field by its full name. */
export function SettingSections({
  sections,
  values,
  result,
}: {
  sections: SettingSection[];
  values: Record<string, unknown>;
  result: FormResult;
}) {
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

import { useTranslation } from "~/i18n/react";
import {
  CHECKBOX_LIMIT,
  CheckboxField,
  controlClass as inputClass,
  Field,
  MultiSelectField,
  RadioGroupField,
  SelectField,
} from "~/components/forms";
import { errorsAt, shownValue, valueAt, type FormResult } from "~/lms/form-result";
import { fieldId } from "./settings-form";

/**
 * The condition editor of any content (spec 001 §3 "Condition forms"): lists of ids to choose
 * (each optionally with its own operator and a switch about it: departments with or without
 * their sub-departments), numeric ranges `{name}_gte` / `{name}_lte` where -1
 * (unset) shows as an empty field, and date bounds. A short list is a set of checkboxes, a long
 * one a multi-select; every field posts under its own name, so the page's schema parses it
 * (repeated names become a list). Only the fields: the page supplies the <Form>, its anti-forgery
 * field and its button. Values come from the last refused submission, else the saved ones.
 */
export type ConditionOption = { value: string; label: string };
export type ConditionList = {
  name: string;
  label: string;
  options: ConditionOption[];
  /** A per-list operator field and its choices (lists that have one). */
  operator?: { name: string; options: ConditionOption[] };
  /** A switch about the list, shown with it (departments: include their sub-departments). */
  check?: { name: string; label: string };
};
export type ConditionRange = { name: string; label: string; unit?: string };
/** A typed list of values, posted as one text (comma- or line-separated). */
export type ConditionText = { name: string; label: string };
export type ConditionDates = { gte: string; lte: string; label: string };
export type ConditionEditorProps = {
  /** The operator of the whole condition (how its criteria combine). */
  operator?: { name: string; label: string; options: ConditionOption[] };
  lists?: ConditionList[];
  texts?: ConditionText[];
  ranges?: ConditionRange[];
  dates?: ConditionDates[];
  /** Saved values by field name: id lists as arrays, bounds as numbers (-1 unset), dates as text or null. */
  values: Record<string, unknown>;
  result: FormResult;
};

export const UNSET_BOUND = -1;

const asList = (v: unknown): string[] => {
  if (v === undefined || v === null || v === "") return [];
  if (Array.isArray(v)) return v.map(String);
  return String(v).split(",").filter(Boolean);
};

function useErrors(result: FormResult, name: string) {
  const { t } = useTranslation();
  return translatedErrors(t, result, name);
}
/** A field's errors, translated with the caller's `t`. */
const translatedErrors = (t: (key: string) => string, result: FormResult, name: string) =>
  errorsAt(result, name)?.map((e) => t(e));

/** The value a field shows: the refused submission's, else the saved one. */
function shown(result: FormResult, name: string, saved: unknown): unknown {
  return result?.initialValue ? valueAt(result, name) : saved;
}

function ListField({
  list,
  values,
  result,
}: {
  list: ConditionList;
  values: Record<string, unknown>;
  result: FormResult;
}) {
  const { t } = useTranslation();
  const errors = useErrors(result, list.name);
  const op = list.operator;
  const check = list.check;
  return (
    <MultiSelectField
      id={fieldId(list.name)}
      name={list.name}
      label={list.label}
      errors={errors}
      options={list.options}
      defaultValue={asList(shown(result, list.name, values[list.name]))}
      checkboxLimit={CHECKBOX_LIMIT}
      selectProps={{ size: Math.min(8, list.options.length) }}
      grouped
      className="rounded border border-slate-200 p-3"
      legendClassName="px-1 text-sm font-medium text-slate-800"
      help={list.options.length > CHECKBOX_LIMIT ? t("condition_multi_hint") : undefined}
      empty={<p className="text-sm text-slate-600">{t("condition_no_options")}</p>}
      before={
        op || check ? (
          <>
            {op ? (
              <SelectField
                id={fieldId(op.name)}
                name={op.name}
                label={t("condition_operator_of", { name: list.label })}
                labelClassName="sr-only"
                className="mb-2"
                controlClassName={`${inputClass} max-w-xs`}
                options={op.options}
                selectProps={{
                  defaultValue: String(shown(result, op.name, values[op.name]) ?? op.options[0]?.value ?? ""),
                }}
              />
            ) : null}
            {check ? (
              <CheckboxField
                id={fieldId(check.name)}
                name={check.name}
                label={check.label}
                errors={translatedErrors(t, result, check.name)}
                className="mb-2 border-b border-slate-100 pb-2"
                labelClassName="text-sm font-medium text-slate-800"
                inputProps={{
                  defaultChecked: shownValue(result, check.name, values[check.name], "checkbox") as boolean,
                }}
              />
            ) : null}
          </>
        ) : null
      }
    />
  );
}

/** A bound as the field shows it: -1 (unset) is empty. */
const boundText = (v: unknown) =>
  v === undefined || v === null || v === UNSET_BOUND || v === String(UNSET_BOUND) ? "" : String(v);
const smallLabel = "mb-1 block text-xs font-medium text-slate-700";

/** One bound of a range (a whole number, -1 unset) or of a date span. */
function Bound({
  name,
  label,
  saved,
  result,
  date,
}: {
  name: string;
  label: string;
  saved: unknown;
  result: FormResult;
  date?: boolean;
}) {
  const v = shown(result, name, saved);
  return (
    <Field
      id={fieldId(name)}
      name={name}
      label={label}
      errors={useErrors(result, name)}
      labelClassName={smallLabel}
      controlClassName={`${inputClass} ${date ? "max-w-[12rem]" : "max-w-[8rem]"}`}
      inputProps={
        date
          ? { type: "date", defaultValue: v ? String(v) : "" }
          : { type: "number", inputMode: "numeric", min: 0, step: 1, defaultValue: boundText(v) }
      }
    />
  );
}

/** A typed list: its values shown comma-separated (the refused text as it was typed). */
function TextListField({
  list,
  values,
  result,
}: {
  list: ConditionText;
  values: Record<string, unknown>;
  result: FormResult;
}) {
  const { t } = useTranslation();
  const v = shown(result, list.name, values[list.name]);
  return (
    <Field
      id={fieldId(list.name)}
      name={list.name}
      label={list.label}
      errors={useErrors(result, list.name)}
      help={t("condition_text_hint")}
      labelClassName="mb-1 block text-sm font-medium text-slate-800"
      controlClassName={inputClass}
      inputProps={{ type: "text", defaultValue: Array.isArray(v) ? v.join(", ") : v ? String(v) : "" }}
    />
  );
}

export function ConditionEditor({
  operator,
  lists = [],
  texts = [],
  ranges = [],
  dates = [],
  values,
  result,
}: ConditionEditorProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-5">
      {operator ? (
        <RadioGroupField
          name={operator.name}
          label={operator.label}
          errors={errorsAt(result, operator.name)?.map((e) => t(e))}
          options={operator.options}
          defaultValue={String(shown(result, operator.name, values[operator.name]) ?? operator.options[0]?.value)}
          className="rounded border border-slate-200 bg-white p-4"
          legendClassName="px-1 text-sm font-semibold text-slate-900"
        />
      ) : null}
      {lists.length ? (
        <section
          aria-label={t("condition_lists")}
          className="grid gap-4 rounded border border-slate-200 bg-white p-4 lg:grid-cols-2"
        >
          {lists.map((l) => (
            <ListField key={l.name} list={l} values={values} result={result} />
          ))}
        </section>
      ) : null}
      {texts.length ? (
        <fieldset className="rounded border border-slate-200 bg-white p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t("condition_texts")}</legend>
          <div className="grid gap-4 lg:grid-cols-3">
            {texts.map((l) => (
              <TextListField key={l.name} list={l} values={values} result={result} />
            ))}
          </div>
        </fieldset>
      ) : null}
      {ranges.length ? (
        <fieldset className="rounded border border-slate-200 bg-white p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t("condition_ranges")}</legend>
          <p className="mb-3 text-xs text-slate-600">{t("condition_ranges_hint")}</p>
          <div className="space-y-3">
            {ranges.map((r) => (
              <div
                key={r.name}
                role="group"
                aria-labelledby={`${fieldId(r.name)}-label`}
                className="grid items-start gap-3 sm:grid-cols-[12rem_10rem_10rem]"
              >
                <span id={`${fieldId(r.name)}-label`} className="pt-6 text-sm font-medium text-slate-800">
                  {r.label}
                  {r.unit ? <span className="ml-1 font-normal text-slate-600">({r.unit})</span> : null}
                </span>
                <Bound
                  name={`${r.name}_gte`}
                  label={t("condition_from", { name: r.label })}
                  saved={values[`${r.name}_gte`]}
                  result={result}
                />
                <Bound
                  name={`${r.name}_lte`}
                  label={t("condition_to", { name: r.label })}
                  saved={values[`${r.name}_lte`]}
                  result={result}
                />
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}
      {dates.length ? (
        <fieldset className="rounded border border-slate-200 bg-white p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t("condition_dates")}</legend>
          <div className="space-y-3">
            {dates.map((d) => (
              <div
                key={d.gte}
                role="group"
                aria-label={d.label}
                className="grid items-start gap-3 sm:grid-cols-[12rem_10rem_10rem]"
              >
                <span className="pt-6 text-sm font-medium text-slate-800">{d.label}</span>
                <Bound
                  date
                  name={d.gte}
                  label={t("condition_from", { name: d.label })}
                  saved={values[d.gte]}
                  result={result}
                />
                <Bound
                  date
                  name={d.lte}
                  label={t("condition_to", { name: d.label })}
                  saved={values[d.lte]}
                  result={result}
                />
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}

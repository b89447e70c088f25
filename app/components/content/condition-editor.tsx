import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms";
import { errorsAt, valueAt, type FormResult } from "~/lms/form-result";
import { fieldId, inputClass } from "./settings-form";

/**
 * The condition editor of any content (spec 001 §3 "Condition forms"): lists of ids to choose
 * (each optionally with its own operator), numeric ranges `{name}_gte` / `{name}_lte` where -1
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
};
export type ConditionRange = { name: string; label: string; unit?: string };
export type ConditionDates = { gte: string; lte: string; label: string };
export type ConditionEditorProps = {
  /** The operator of the whole condition (how its criteria combine). */
  operator?: { name: string; label: string; options: ConditionOption[] };
  lists?: ConditionList[];
  ranges?: ConditionRange[];
  dates?: ConditionDates[];
  /** Saved values by field name: id lists as arrays, bounds as numbers (-1 unset), dates as text or null. */
  values: Record<string, unknown>;
  result: FormResult;
};

/** Up to this many options a list is a set of checkboxes; more become a multi-select. */
const CHECKBOX_LIMIT = 12;
export const UNSET_BOUND = -1;

const asList = (v: unknown): string[] => {
  if (v === undefined || v === null || v === "") return [];
  if (Array.isArray(v)) return v.map(String);
  return String(v).split(",").filter(Boolean);
};

function useField(result: FormResult, name: string) {
  const { t } = useTranslation();
  const errors = errorsAt(result, name)?.map((e) => t(e));
  const id = fieldId(name);
  return { id, errors, errorId: errors ? `${id}-error` : undefined };
}

/** The value a field shows: the refused submission's, else the saved one. */
function shown(result: FormResult, name: string, saved: unknown): unknown {
  return result?.initialValue ? valueAt(result, name) : saved;
}

function ListField({ list, values, result }: { list: ConditionList; values: Record<string, unknown>; result: FormResult }) {
  const { t } = useTranslation();
  const { id, errors, errorId } = useField(result, list.name);
  const chosen = new Set(asList(shown(result, list.name, values[list.name])));
  const op = list.operator;
  return (
    <fieldset aria-describedby={errorId} className="rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-800">{list.label}</legend>
      {op ? (
        <div className="mb-2">
          <label htmlFor={fieldId(op.name)} className="sr-only">
            {t("condition_operator_of", { name: list.label })}
          </label>
          <select id={fieldId(op.name)} name={op.name} defaultValue={String(shown(result, op.name, values[op.name]) ?? op.options[0]?.value ?? "")} className={`${inputClass} max-w-xs`}>
            {op.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {list.options.length === 0 ? (
        <p className="text-sm text-slate-600">{t("condition_no_options")}</p>
      ) : list.options.length <= CHECKBOX_LIMIT ? (
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {list.options.map((o) => (
            <label key={o.value} className="flex items-center gap-1.5 text-sm">
              <input type="checkbox" name={list.name} value={o.value} defaultChecked={chosen.has(o.value)} aria-invalid={errorId ? true : undefined} className="h-4 w-4" />
              {o.label}
            </label>
          ))}
        </div>
      ) : (
        <>
          <label htmlFor={id} className="sr-only">
            {list.label}
          </label>
          <select id={id} name={list.name} multiple size={Math.min(8, list.options.length)} defaultValue={[...chosen]} aria-invalid={errorId ? true : undefined} className={inputClass}>
            {list.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-slate-600">{t("condition_multi_hint")}</p>
        </>
      )}
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}

/** A bound as the field shows it: -1 (unset) is empty. */
const boundText = (v: unknown) => (v === undefined || v === null || v === UNSET_BOUND || v === String(UNSET_BOUND) ? "" : String(v));

function Bound({ name, label, saved, result }: { name: string; label: string; saved: unknown; result: FormResult }) {
  const { id, errors, errorId } = useField(result, name);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        defaultValue={boundText(shown(result, name, saved))}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={`${inputClass} max-w-[8rem]`}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

function DateBound({ name, label, saved, result }: { name: string; label: string; saved: unknown; result: FormResult }) {
  const { id, errors, errorId } = useField(result, name);
  const v = shown(result, name, saved);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700">
        {label}
      </label>
      <input id={id} name={name} type="date" defaultValue={v ? String(v) : ""} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} className={`${inputClass} max-w-[12rem]`} />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function ConditionEditor({ operator, lists = [], ranges = [], dates = [], values, result }: ConditionEditorProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-5">
      {operator ? (
        <fieldset className="rounded border border-slate-200 bg-white p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{operator.label}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-1">
            {operator.options.map((o) => (
              <label key={o.value} className="flex items-center gap-1.5 text-sm">
                <input type="radio" name={operator.name} value={o.value} defaultChecked={String(shown(result, operator.name, values[operator.name]) ?? operator.options[0]?.value) === o.value} className="h-4 w-4" />
                {o.label}
              </label>
            ))}
          </div>
          <ErrorList errors={errorsAt(result, operator.name)?.map((e) => t(e))} />
        </fieldset>
      ) : null}
      {lists.length ? (
        <section aria-label={t("condition_lists")} className="grid gap-4 rounded border border-slate-200 bg-white p-4 lg:grid-cols-2">
          {lists.map((l) => (
            <ListField key={l.name} list={l} values={values} result={result} />
          ))}
        </section>
      ) : null}
      {ranges.length ? (
        <fieldset className="rounded border border-slate-200 bg-white p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t("condition_ranges")}</legend>
          <p className="mb-3 text-xs text-slate-600">{t("condition_ranges_hint")}</p>
          <div className="space-y-3">
            {ranges.map((r) => (
              <div key={r.name} role="group" aria-labelledby={`${fieldId(r.name)}-label`} className="grid items-start gap-3 sm:grid-cols-[12rem_10rem_10rem]">
                <span id={`${fieldId(r.name)}-label`} className="pt-6 text-sm font-medium text-slate-800">
                  {r.label}
                  {r.unit ? <span className="ml-1 font-normal text-slate-600">({r.unit})</span> : null}
                </span>
                <Bound name={`${r.name}_gte`} label={t("condition_from", { name: r.label })} saved={values[`${r.name}_gte`]} result={result} />
                <Bound name={`${r.name}_lte`} label={t("condition_to", { name: r.label })} saved={values[`${r.name}_lte`]} result={result} />
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
              <div key={d.gte} role="group" aria-label={d.label} className="grid items-start gap-3 sm:grid-cols-[12rem_10rem_10rem]">
                <span className="pt-6 text-sm font-medium text-slate-800">{d.label}</span>
                <DateBound name={d.gte} label={t("condition_from", { name: d.label })} saved={values[d.gte]} result={result} />
                <DateBound name={d.lte} label={t("condition_to", { name: d.label })} saved={values[d.lte]} result={result} />
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  );
}

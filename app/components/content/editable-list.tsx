import { useTranslation } from "~/i18n/react";
import { SubFormList, type SubField, type SubItem } from "~/components/content/sub-form-list";
import { ErrorList } from "~/components/forms";
import { errorsAt, valueAt, type FormResult } from "~/lms/form-result";
import { REMOVE_FIELD } from "~/lms/editable-list";

/**
 * A list of sub-forms the user may grow and shrink inside one form (budget records, any list of
 * rows saved whole): the rows as sub-forms (SubFormList), each with a "remove" box the server
 * honours when saving (app/lms/editable-list.ts), and an "add a row" submit button (intent
 * `add-row`) after which the page comes back with what was typed plus one empty row. No
 * JavaScript needed. The page's <Form> holds it; put the save button before the add button so
 * Enter saves.
 */
export type EditableRow = { id: number; title: string; subtitle?: string; values: Record<string, unknown> };

export function EditableList({
  name,
  rows,
  fields,
  newRow,
  result,
  extraRows = 0,
  rowTitle,
  empty,
  removeLabel,
}: {
  name: string;
  /** The saved rows. */
  rows: EditableRow[];
  fields: SubField[];
  /** The values of a new row (its defaults). */
  newRow: Record<string, unknown>;
  /** The last submission (a refusal or an add-row), whose rows are shown instead of the saved ones. */
  result: FormResult;
  /** Empty rows to add after them. */
  extraRows?: number;
  rowTitle: (index: number) => string;
  empty: string;
  removeLabel: string;
}) {
  const { t } = useTranslation();
  const submitted = result?.initialValue ? valueAt(result, name) : undefined;
  const submittedCount = Array.isArray(submitted) ? submitted.length : result?.initialValue ? 0 : null;
  // After a refusal or an added row, the rows are the submitted ones (their values come from the submission).
  const base: SubItem[] =
    submittedCount === null
      ? rows
      : Array.from({ length: submittedCount }, (_, i) => ({ id: -(i + 1), title: rowTitle(i), values: {} }));
  const items: SubItem[] = [
    ...base.map((r, i) => ({ ...r, title: rowTitle(i) })),
    ...Array.from({ length: extraRows }, (_, k) => ({
      id: -(base.length + k + 1),
      title: rowTitle(base.length + k),
      values: newRow,
    })),
  ];
  const withRemove: SubField[] = [...fields, { name: REMOVE_FIELD, label: removeLabel, kind: "checkbox" }];
  return (
    <div className="space-y-3">
      <ErrorList errors={errorsAt(result, name)?.map((e) => t(e))} />
      {items.length ? (
        <SubFormList name={name} items={items} fields={withRemove} result={result} />
      ) : (
        <p className="rounded border border-dashed border-slate-300 bg-white p-4 text-center text-sm text-slate-600">
          {empty}
        </p>
      )}
    </div>
  );
}

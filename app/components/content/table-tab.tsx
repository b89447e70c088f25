import type { SubmissionResult } from "@conform-to/react";
import { Form, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CsrfInput, ErrorList } from "~/components/forms";
import { DataTable, type DataColumn } from "~/components/content/data-table";
import { ConfirmDelete, WarningDialog } from "~/components/content/dialogs";
import { SettingInput, type SettingField } from "~/components/content/settings-form";
import { errorsAt, type FormResult } from "~/lms/form-result";
import { withParam } from "~/lms/list-query";
import { useSubmitting } from "~/components/use-submitting";
import { useItemWritable } from "./item-writable";
import { IdempotencyInput } from "~/components/idempotency-input";

/**
 * The table tab of a content item (its competencies, surveys, gamification criteria… —
 * docs/decisions/012): the rows, an "add" form, an inline edit form for the row named by
 * `?edit={id}`, and removal with a confirmation step (`?remove={id}`) — plain links and POST forms
 * (intents create / update / delete), so it all works without JavaScript. A refusal comes back
 * onto the form it came from; a refused removal shows the warning dialog. Without `canChange`
 * it is a read-only table.
 */
export type TableTabAnswer =
  | { form: "add" | "edit"; id?: number; result: SubmissionResult<string[]>; details?: Record<string, unknown> }
  | { warning: string };

type Props<R extends { id: number }> = {
  /** Heading of the tab (an h2). */
  title: string;
  intro?: string;
  rows: R[];
  columns: DataColumn<R>[];
  /** How a row is named to people (aria labels, the confirmation). */
  rowName: (row: R) => string;
  canChange: boolean;
  /**
   * The add form; null when there is nothing left to add. `idempotencyKey`: the page's key for
   * it (docs/decisions/094), where the API's create takes one.
   */
  add: {
    title: string;
    fields: SettingField[];
    submitLabel: string;
    defaults?: Record<string, unknown>;
    idempotencyKey?: string;
  } | null;
  /**
   * What can be edited of a row; omitted: rows are only added and removed. `aside`: shown beside
   * the edit form (forms of its own, such as the row's picture: forms do not nest).
   */
  edit?: {
    /** The edit form's fields; per row when they depend on it (a path content's choices leave itself out). */
    fields: SettingField[] | ((row: R) => SettingField[]);
    values: (row: R) => Record<string, unknown>;
    aside?: (row: R) => React.ReactNode;
  };
  /** Label of the remove link and the confirmation text of a row. */
  remove: { label: string; text: (row: R) => string };
  answer?: TableTabAnswer | null;
  empty: string;
  /** Shown when nothing can be added (e.g. everything is already there). */
  nothingToAdd?: string;
};

const button = "rounded bg-primary px-4 py-2 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60";

/** `idPrefix`: the edit form's fields are the add form's, on the same page: their ids must differ. */
function FormFields({
  fields,
  values,
  result,
  idPrefix,
}: {
  fields: SettingField[];
  values: Record<string, unknown>;
  result: FormResult;
  idPrefix?: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map((f) => (
        <SettingInput key={f.name} field={f} saved={values[f.name]} result={result} idPrefix={idPrefix} />
      ))}
    </div>
  );
}

export function TableTab<R extends { id: number }>({
  title,
  intro,
  rows,
  columns,
  rowName,
  canChange: mayChange,
  add,
  edit,
  remove,
  answer,
  empty,
  nothingToAdd,
}: Props<R>) {
  // The flag and the item: a read-only item (a cancelled class) shows its rows only.
  const writable = useItemWritable();
  const canChange = mayChange && writable;
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const busy = useSubmitting();
  const numberParam = (key: string) => (/^\d{1,12}$/.test(params.get(key) ?? "") ? Number(params.get(key)) : null);
  const editing = canChange && edit ? (rows.find((r) => r.id === numberParam("edit")) ?? null) : null;
  const removing = canChange ? (rows.find((r) => r.id === numberParam("remove")) ?? null) : null;
  const warning = answer && "warning" in answer ? answer.warning : null;
  const formAnswer = answer && "form" in answer ? answer : null;
  const addResult = formAnswer?.form === "add" ? formAnswer.result : null;
  const editResult = formAnswer?.form === "edit" && formAnswer.id === editing?.id ? formAnswer.result : null;
  const tr = (list?: string[]) => list?.map((e) => t(e));

  const actions: DataColumn<R> = {
    key: "_actions",
    label: t("actions"),
    className: "whitespace-nowrap text-right",
    render: (row) => (
      <span className="inline-flex gap-3">
        {edit ? (
          <a
            href={withParam(params, "edit", String(row.id))}
            className="text-primary hover:underline"
            aria-label={t("ext_edit_named", { name: rowName(row) })}
          >
            {t("ext_edit")}
          </a>
        ) : null}
        <a
          href={withParam(params, "remove", String(row.id))}
          className="text-red-700 hover:underline"
          aria-label={`${remove.label}: ${rowName(row)}`}
        >
          {remove.label}
        </a>
      </span>
    ),
  };

  return (
    <section aria-labelledby="table-tab-title" className="space-y-4">
      <div>
        <h2 id="table-tab-title" className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {intro ? <p className="text-sm text-slate-600">{intro}</p> : null}
      </div>
      <DataTable columns={canChange ? [...columns, actions] : columns} rows={rows} caption={title} empty={empty} />

      {editing && edit ? (
        <section aria-labelledby="table-tab-edit-title" className="rounded border border-primary/40 bg-white p-4">
          <h3 id="table-tab-edit-title" className="mb-3 text-base font-semibold">
            {t("ext_edit_named", { name: rowName(editing) })}
          </h3>
          <div className={edit.aside ? "grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_22rem]" : undefined}>
            <Form method="post" noValidate className="space-y-4">
              <CsrfInput />
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="id" value={editing.id} />
              <ErrorList errors={tr(errorsAt(editResult, ""))} />
              <FormFields
                fields={typeof edit.fields === "function" ? edit.fields(editing) : edit.fields}
                values={edit.values(editing)}
                result={editResult}
                idPrefix="edit-"
              />
              <div className="flex justify-end gap-2">
                <a href={withParam(params, "edit", null)} className="rounded border border-slate-300 px-4 py-2 text-sm">
                  {t("cancel")}
                </a>
                <button type="submit" disabled={busy} className={button}>
                  {t("action_save")}
                </button>
              </div>
            </Form>
            {edit.aside?.(editing)}
          </div>
        </section>
      ) : null}

      {canChange && add ? (
        <section aria-labelledby="table-tab-add-title" className="rounded border border-slate-200 bg-white p-4">
          <h3 id="table-tab-add-title" className="mb-3 text-base font-semibold">
            {add.title}
          </h3>
          {/* A new row remounts the form, so it starts empty again with JavaScript too. */}
          <Form key={rows.map((r) => r.id).join(",")} method="post" noValidate className="space-y-4">
            <CsrfInput />
            <input type="hidden" name="intent" value="create" />
            {add.idempotencyKey ? <IdempotencyInput value={add.idempotencyKey} /> : null}
            <ErrorList errors={tr(errorsAt(addResult, ""))} />
            <FormFields fields={add.fields} values={add.defaults ?? {}} result={addResult} />
            <div className="flex justify-end">
              <button type="submit" disabled={busy} className={button}>
                {add.submitLabel}
              </button>
            </div>
          </Form>
        </section>
      ) : canChange && nothingToAdd ? (
        <p className="text-sm text-slate-600">{nothingToAdd}</p>
      ) : null}

      {removing && !warning ? (
        <ConfirmDelete
          item={{ id: removing.id, name: rowName(removing) }}
          param="remove"
          intent="delete"
          text={remove.text(removing)}
        />
      ) : null}
      {warning ? <WarningDialog messageKey={warning} drop={["remove", "edit"]} /> : null}
    </section>
  );
}

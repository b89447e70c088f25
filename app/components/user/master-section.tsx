import type { SubmissionResult } from "@conform-to/react";
import { getFormProps, getInputProps } from "~/components/form-props";
import { useForm } from "~/components/use-form";
import { Form, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { MasterRow } from "../../../contract/schemas/organisation";
import { ConfirmDelete, WarningDialog } from "~/components/content/dialogs";
import { CsrfInput, ErrorList, controlClass } from "~/components/forms";
import { useSubmitting } from "~/components/use-submitting";
import { IdempotencyInput } from "~/components/idempotency-input";
import { withParam } from "~/lms/list-query";

/** What the page's action answered, and for which form (`{kind}-create`, `{kind}-edit`, `{kind}-delete`). */
export type MasterAnswer = { form: string; result?: SubmissionResult<string[]>; warning?: string };
type Values = { name: string; code: string };

/** conform's props of an input, without the React `key` (passed on its own: a spread key warns). */
const bare = <T extends { key?: unknown }>({ key: _key, ...props }: T) => props;

const small = "rounded border border-slate-300 bg-white px-2 py-1 text-xs hover:bg-slate-50";
const cell = "px-3 py-2 align-middle";
/** An edited row's cells: errors may grow one, so the row reads from the top. */
const editCell = "px-3 py-2 align-top";

/**
 * One table of named, coded rows (levels or positions, spec 000 §2.11 /user/level) with its
 * forms inline, all working without JavaScript: a row's Edit link (`?edit-{kind}=id`) turns it
 * into inputs bound to a form in its last cell (the `form` attribute), Delete opens the
 * confirmation step (`?delete-{kind}=id`) and a refusal (424, people hold it or a rule names it)
 * the warning dialog with the API's reason; the add form sits under the table.
 */
export function MasterSection(p: {
  kind: "level" | "position";
  title: string;
  intro: string;
  rows: MasterRow[];
  can: { add: boolean; change: boolean; delete: boolean };
  limits: { text: number; code: number };
  answer?: MasterAnswer | null;
  /** The add form's idempotency key (docs/decisions/094), one per table: each posts to its own address. */
  idempotencyKey: string;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const busy = useSubmitting();
  const { kind } = p;
  const mine = (form: string) => (p.answer?.form === `${kind}-${form}` ? p.answer : null);
  const editing = p.can.change ? p.rows.find((r) => String(r.id) === params.get(`edit-${kind}`)) : undefined;
  const deleting = p.can.delete ? p.rows.find((r) => String(r.id) === params.get(`delete-${kind}`)) : undefined;
  const [createForm, create] = useForm<Values>({
    id: `${kind}-create`,
    lastResult: mine("create")?.result ?? null,
    shouldValidate: "onSubmit",
  });
  const [editForm, edit] = useForm<Values>({
    id: `${kind}-edit`,
    lastResult: mine("edit")?.result ?? null,
    defaultValue: editing ? { name: editing.name, code: editing.code ?? "" } : undefined,
    shouldValidate: "onSubmit",
  });
  const tr = (errors?: string[]) => errors?.map((e) => t(e));
  const warning = mine("delete")?.warning;
  return (
    <section aria-labelledby={`${kind}-title`} className="space-y-3">
      <div>
        <h2 id={`${kind}-title`} className="text-lg font-semibold">
          {p.title}
        </h2>
        <p className="text-sm text-slate-600">{p.intro}</p>
      </div>
      <div className="overflow-x-auto rounded border border-slate-200 bg-white">
        <table className="min-w-full text-sm">
          <caption className="sr-only">{p.title}</caption>
          <thead className="bg-slate-50 text-left text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("col_name")}
              </th>
              <th scope="col" className="px-3 py-2">
                {t("col_code")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("user_col_people")}
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                {t("actions")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {p.rows.length ? null : (
              <tr>
                <td colSpan={4} className="px-3 py-6 text-center text-slate-600">
                  {t("user_master_empty")}
                </td>
              </tr>
            )}
            {p.rows.map((r) =>
              editing?.id === r.id ? (
                <tr key={r.id} className="bg-amber-50/50">
                  <td className={editCell}>
                    <label htmlFor={edit.name.id} className="sr-only">
                      {t("field_name")}
                    </label>
                    <input
                      key={edit.name.key}
                      {...bare(getInputProps(edit.name, { type: "text" }))}
                      maxLength={p.limits.text}
                      required
                      className={controlClass}
                    />
                    <ErrorList id={edit.name.errorId} errors={tr(edit.name.errors)} />
                  </td>
                  <td className={editCell}>
                    <label htmlFor={edit.code.id} className="sr-only">
                      {t("field_code")}
                    </label>
                    <input
                      key={edit.code.key}
                      {...bare(getInputProps(edit.code, { type: "text" }))}
                      maxLength={p.limits.code}
                      className={controlClass}
                    />
                    <ErrorList id={edit.code.errorId} errors={tr(edit.code.errors)} />
                  </td>
                  <td className={`${editCell} text-right tabular-nums`}>{r.count_account}</td>
                  <td className={`${editCell} text-right`}>
                    <Form method="post" {...getFormProps(editForm)} className="inline-flex items-center gap-2">
                      <CsrfInput />
                      <input type="hidden" name="intent" value={`update-${kind}`} />
                      <input type="hidden" name="id" value={r.id} />
                      <button
                        type="submit"
                        disabled={busy}
                        className="rounded bg-primary px-3 py-1 text-xs font-medium text-primary-fg disabled:opacity-60"
                      >
                        {t("action_save")}
                      </button>
                      <a href={withParam(params, `edit-${kind}`, null)} className={small}>
                        {t("cancel")}
                      </a>
                    </Form>
                    <ErrorList id={editForm.errorId} errors={tr(editForm.errors)} />
                  </td>
                </tr>
              ) : (
                <tr key={r.id} className="hover:bg-slate-50">
                  <td className={cell}>{r.name}</td>
                  <td className={`${cell} font-mono text-xs`}>{r.code ?? "—"}</td>
                  <td className={`${cell} text-right tabular-nums`}>{r.count_account}</td>
                  <td className={`${cell} whitespace-nowrap text-right`}>
                    <span className="inline-flex gap-2">
                      {p.can.change ? (
                        <a
                          href={withParam(params, `edit-${kind}`, String(r.id))}
                          className={small}
                          aria-label={t("user_edit_named", { name: r.name })}
                        >
                          {t("user_edit")}
                        </a>
                      ) : null}
                      {p.can.delete ? (
                        <a
                          href={withParam(params, `delete-${kind}`, String(r.id))}
                          className={`${small} text-red-800`}
                          aria-label={t("action_delete_named", { name: r.name })}
                        >
                          {t("action_delete")}
                        </a>
                      ) : null}
                    </span>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
      {p.can.add ? (
        <Form
          method="post"
          {...getFormProps(createForm)}
          className="flex flex-wrap items-start gap-3 rounded border border-slate-200 bg-white p-3"
          aria-label={t(`user_${kind}_add`)}
        >
          <CsrfInput />
          <input type="hidden" name="intent" value={`create-${kind}`} />
          <IdempotencyInput value={p.idempotencyKey} />
          <div className="min-w-[10rem] flex-1">
            <label htmlFor={create.name.id} className="mb-1 block text-xs font-medium text-slate-700">
              {t("field_name")}
              <span aria-hidden="true" className="text-red-700">
                {" "}
                *
              </span>
            </label>
            <input
              key={create.name.key}
              {...bare(getInputProps(create.name, { type: "text" }))}
              maxLength={p.limits.text}
              required
              className={controlClass}
            />
            <ErrorList id={create.name.errorId} errors={tr(create.name.errors)} />
          </div>
          <div className="w-28">
            <label htmlFor={create.code.id} className="mb-1 block text-xs font-medium text-slate-700">
              {t("field_code")}
            </label>
            <input
              key={create.code.key}
              {...bare(getInputProps(create.code, { type: "text" }))}
              maxLength={p.limits.code}
              className={controlClass}
            />
            <ErrorList id={create.code.errorId} errors={tr(create.code.errors)} />
          </div>
          <button
            type="submit"
            disabled={busy}
            className="mt-5 shrink-0 rounded bg-primary px-4 py-2 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60"
          >
            {t(`user_${kind}_add`)}
          </button>
          <ErrorList id={createForm.errorId} errors={tr(createForm.errors)} />
        </Form>
      ) : null}
      {deleting && !warning ? (
        <ConfirmDelete
          item={{ id: deleting.id, name: deleting.name }}
          param={`delete-${kind}`}
          intent={`delete-${kind}`}
        />
      ) : null}
      {warning ? <WarningDialog messageKey={warning} drop={[`delete-${kind}`]} /> : null}
    </section>
  );
}

import { Form, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { INSPECTOR_KIND } from "../../../contract/activity-codes";
import type { InspectorRow } from "../../../contract/schemas/activity";
import { OrderedTable } from "~/components/content/ordered-groups";
import { PostButton } from "~/components/content/row-actions";
import { SettingInput } from "~/components/content/settings-form";
import { CsrfInput, ErrorList, Field, SelectField } from "~/components/forms";
import { errorsAt, shownValue, type FormResult } from "~/lms/form-result";
import { FormSubmit } from "./form-submit";

type Option = { value: string; label: string };
export type InspectorChoicesData = { groups: Option[]; accounts: Option[]; moreAccounts: boolean; find: string };

/** Who an inspector rule names: the learner's direct manager, a group, or one account. */
export function inspectorTarget(row: InspectorRow, t: (key: string, o?: Record<string, unknown>) => string): string {
  if (row.kind === INSPECTOR_KIND.group) return row.group?.name ?? "—";
  if (row.kind === INSPECTOR_KIND.account) return row.account ? `${row.account.name} (${row.account.username})` : "—";
  return t("act_target_direct_manager");
}

/**
 * A checklist's inspector rules: the kind and whom it names, with a remove button each when the
 * user may change the activity (intent remove-inspector with the rule's and checklist's ids).
 */
export function InspectorRules({
  rows,
  canChange,
  caption,
}: {
  rows: InspectorRow[];
  canChange: boolean;
  caption: string;
}) {
  const { t } = useTranslation();
  return (
    <OrderedTable
      rows={rows}
      caption={caption}
      empty={t("act_inspector_empty")}
      actionsLabel={t("actions")}
      columns={[
        { key: "kind", label: t("act_col_inspector_kind"), className: "w-40", render: (r) => t(`act_kind_${r.kind}`) },
        { key: "target", label: t("act_col_inspector_target"), render: (r) => inspectorTarget(r, t) },
      ]}
      actions={
        canChange
          ? (r) => (
              <PostButton
                intent="remove-inspector"
                fields={{ id: r.id, checklist: r.checklist_id }}
                label={t("ext_action_remove")}
                ariaLabel={t("act_inspector_remove_named", { name: inspectorTarget(r, t) })}
              />
            )
          : undefined
      }
    />
  );
}

/**
 * Add an inspector rule (spec 001 §3 "Inspector flags: direct manager, group, account"): the
 * checklist (when the page is not one checklist's), the kind, then the group or the account. With
 * a browser that supports :has() only the target of the chosen kind shows; without it both do,
 * and the server sends only the chosen one. The account list is narrowed by a GET search (`find`)
 * whose box sits in the form but belongs to a form of its own. Works without JavaScript.
 */
export function InspectorForm({
  checklists,
  checklistId,
  choices,
  result,
}: {
  checklists?: Option[];
  checklistId?: number;
  choices: InspectorChoicesData;
  result: FormResult;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const kinds = Object.values(INSPECTOR_KIND).map((k) => ({ value: String(k), label: t(`act_inspector_kind_${k}`) }));
  const accountErrors = errorsAt(result, "account")?.map((e) => t(e));
  const findForm = "inspector-find";
  return (
    <section aria-labelledby="inspector-add-title" className="rounded border border-slate-200 bg-white p-4">
      <h3 id="inspector-add-title" className="mb-3 text-base font-semibold">
        {t("act_inspector_add")}
      </h3>
      {/* The account search: its box and button sit in the form below (form="…"). */}
      <Form id={findForm} method="get">
        {[...params]
          .filter(([k]) => k !== "find")
          .map(([k, v]) => (
            <input key={`${k}=${v}`} type="hidden" name={k} value={v} />
          ))}
      </Form>
      <Form
        method="post"
        noValidate
        className="max-w-xl space-y-4 [&:has(input[name=kind][value='2']:not(:checked))_.kind-2]:hidden [&:has(input[name=kind][value='3']:not(:checked))_.kind-3]:hidden"
      >
        <CsrfInput />
        <input type="hidden" name="intent" value="add-inspector" />
        {checklistId ? <input type="hidden" name="checklist" value={checklistId} /> : null}
        <ErrorList errors={errorsAt(result, "")?.map((e) => t(e))} />
        {checklists ? (
          <SettingInput
            field={{
              name: "checklist",
              label: t("act_col_checklist"),
              kind: "select",
              required: true,
              options: [{ value: "", label: t("choose") }, ...checklists],
            }}
            saved={params.get("checklist") ?? ""}
            result={result}
            idPrefix="inspector-"
          />
        ) : null}
        <SettingInput
          field={{ name: "kind", label: t("act_field_inspector_kind"), kind: "radio", options: kinds }}
          saved={choices.find ? String(INSPECTOR_KIND.account) : String(INSPECTOR_KIND.direct_manager)}
          result={result}
          idPrefix="inspector-"
        />
        <div className="kind-2">
          <SettingInput
            field={{
              name: "group",
              label: t("act_field_group"),
              kind: "select",
              options: [{ value: "", label: t("choose") }, ...choices.groups],
            }}
            saved=""
            result={result}
            idPrefix="inspector-"
          />
        </div>
        <div className="kind-3 space-y-2">
          <Field
            id="inspector-find-box"
            label={t("act_account_find")}
            inputProps={{ form: findForm, type: "search", name: "find", defaultValue: choices.find }}
            suffix={
              <button
                type="submit"
                form={findForm}
                className="shrink-0 rounded border border-slate-300 bg-white px-4 py-2 text-sm hover:bg-slate-50"
              >
                {t("search")}
              </button>
            }
          />
          {choices.accounts.length ? (
            <SelectField
              id="inspector-account"
              name="account"
              label={t("act_field_account")}
              errors={accountErrors}
              emptyOption={t("choose")}
              help={choices.moreAccounts ? t("act_account_more") : undefined}
              options={choices.accounts}
              selectProps={{ defaultValue: shownValue(result, "account", "") as string }}
            />
          ) : (
            <>
              <p className="text-sm text-slate-600">{t("act_account_none")}</p>
              <ErrorList errors={accountErrors} />
            </>
          )}
        </div>
        <FormSubmit label={t("act_inspector_add_submit")} />
      </Form>
    </section>
  );
}

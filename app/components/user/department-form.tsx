import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "~/components/form-props";
import { useForm } from "~/components/use-form";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CsrfInput, ErrorList, Field, SelectField } from "~/components/forms";
import { SaveBar } from "~/components/form-basics";
import { useSubmitting } from "~/components/use-submitting";

type Values = { name: string; code: string; parent: string };

/**
 * A department's name, code and parent (no parent: a top-level department), as one plain form:
 * the create page's and the department page's, where changing the parent moves the department
 * with everything under it. Validated on the server (contract departmentSchemas, then the API:
 * a parent inside its own subtree comes back on the parent field as department_cycle).
 */
export function DepartmentForm(p: {
  id: string;
  intent?: string;
  defaultValue: Values;
  parents: { value: string; label: string }[];
  lastResult?: SubmissionResult<string[]> | null;
  limits: { text: number; code: number };
  submitLabel: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const busy = useSubmitting();
  const [form, fields] = useForm<Values>({
    id: p.id,
    lastResult: p.lastResult ?? null,
    defaultValue: p.defaultValue,
    shouldValidate: "onSubmit",
  });
  const tr = (errors?: string[]) => errors?.map((e) => t(e));
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="flex max-w-2xl flex-col gap-5 rounded border border-slate-200 bg-white p-5"
    >
      <CsrfInput />
      {p.intent ? <input type="hidden" name="intent" value={p.intent} /> : null}
      <ErrorList id={form.errorId} errors={tr(form.errors)} />
      <fieldset disabled={p.readOnly} className="space-y-5">
        <Field
          label={t("field_name")}
          requiredMark
          errors={tr(fields.name.errors)}
          help={t("max_characters", { n: p.limits.text })}
          meta={fields.name}
          inputProps={{ maxLength: p.limits.text, required: true }}
        />
        <Field
          label={t("field_code")}
          errors={tr(fields.code.errors)}
          help={t("user_code_help", { n: p.limits.code })}
          meta={fields.code}
          inputProps={{ maxLength: p.limits.code }}
        />
        <SelectField
          label={t("user_department_parent")}
          errors={tr(fields.parent.errors)}
          help={t("user_department_parent_help")}
          options={p.parents}
          emptyOption={t("user_department_top")}
          meta={fields.parent}
        />
      </fieldset>
      {p.readOnly ? null : <SaveBar busy={busy}>{p.submitLabel}</SaveBar>}
    </Form>
  );
}

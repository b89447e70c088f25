import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SettingInput, type SettingField } from "~/components/content/settings-form";
import { CsrfInput, ErrorList } from "~/components/forms";
import { SaveBar } from "~/components/form-basics";
import { WritableFields } from "~/components/content/item-writable";
import { useSubmitting } from "~/components/use-submitting";
import { errorsAt } from "~/lms/form-result";
import { translateError } from "./form-kit";

/**
 * A saved record's fields as one plain form (a test's settings, a section, a question): its
 * intent and hidden fields, form-level errors (counted ones with their count), the fields read-only
 * without the change flag, and the save button. Re-keyed by the saved values, so a save shows them.
 */
export function SavedFieldsForm({
  intent,
  hidden = {},
  fields,
  saved,
  result,
  canChange,
  labelledBy,
}: {
  intent: string;
  hidden?: Record<string, string | number>;
  fields: SettingField[];
  saved: Record<string, unknown>;
  result: SubmissionResult<string[]> | null;
  canChange: boolean;
  labelledBy?: string;
}) {
  const { t } = useTranslation();
  const busy = useSubmitting();
  return (
    <Form key={JSON.stringify(saved)} method="post" noValidate aria-labelledby={labelledBy} className="space-y-5">
      <WritableFields>
        <CsrfInput />
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <ErrorList errors={errorsAt(result, "")?.map((e) => translateError(t, e))} />
        <fieldset disabled={!canChange} className="space-y-5">
          {fields.map((f) => (
            <SettingInput key={f.name} field={f} saved={saved[f.name]} result={result} />
          ))}
        </fieldset>
        {canChange ? <SaveBar busy={busy}>{t("action_save")}</SaveBar> : null}
      </WritableFields>
    </Form>
  );
}

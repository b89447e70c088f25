import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ConfigDict } from "../../contract/config";
import { IDENTIFICATION_METHOD_CODES, LOCK_METHOD_CODES } from "../../contract/codes";
import type { EnrollmentIdentification, LockMinimums } from "../../contract/schemas/content-enrollment";
import { minutesToSeconds, secondsToMinutes } from "../../contract/units";
import { SettingSections, type SettingSection } from "~/components/content/settings-form";
import { CsrfInput, ErrorList } from "~/components/forms";
import { SaveBar } from "~/components/form-basics";
import { apiFieldErrors } from "~/lms/content-form.server";
import { itemId, requireContent } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm, refusalAnswer } from "~/lms/read-form.server";
import { errorsAt } from "~/lms/form-result";
import { enrollmentIdentificationSchema, parseWithZod } from "~/lms/schemas.server";
import { redirectWithToast } from "~/lms/toast.server";
import { invariantResponse } from "~/lms/invariant";
import { useSubmitting } from "~/components/use-submitting";
import { WritableFields } from "~/components/content/item-writable";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "access"] };

/**
 * The enrollment's identification (spec 001 §3 "Enrollment and section identification"): on or
 * off, the method, the lock method (default 1), attempts and the lock duration — typed in
 * minutes, stored in seconds — at least the configured minimums.
 */
const minimumsOf = (config: ConfigDict): LockMinimums => ({
  attempt: Math.max(1, Number(config["iden-lock-attempt-minimum"]?.value ?? 1) || 1),
  durationSeconds: Math.max(60, Number(config["iden-lock-duration-minimum"]?.value ?? 60) || 60),
});

export async function loader(args: LoaderFunctionArgs) {
  const { api, type, config } = await requireContent(args, "enrollment");
  const id = itemId(type, args.params);
  const { data: s } = await api.get<EnrollmentIdentification>(`${type.api}${id}/enrollment/identification/`);
  const min = minimumsOf(config);
  return data(
    {
      values: {
        is_enabled: s.is_enabled,
        identification: String(s.identification),
        lock_method: String(s.lock_method),
        attempt: String(s.attempt),
        duration_lock: s.duration_lock === null ? "" : String(secondsToMinutes(s.duration_lock)),
      },
      min: { attempt: min.attempt, minutes: Math.ceil(min.durationSeconds / 60) },
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { api, type, config } = await requireContent(args, "enrollment");
  const id = itemId(type, args.params);
  const { form, refusal } = await readForm(args.request);
  if (!form) return refusalAnswer(refusal);
  await requireCsrf(api, form);
  invariantResponse(String(form.get("intent") ?? "save") === "save", "Bad Request");
  const submission = parseWithZod(form, { schema: enrollmentIdentificationSchema(minimumsOf(config), "form") });
  if (submission.status !== "success")
    return data({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  const body = { ...submission.value, duration_lock: minutesToSeconds(submission.value.duration_lock) };
  const res = await api.call<Record<string, unknown>>("PUT", `${type.api}${id}/enrollment/identification/`, {
    body,
    accept: [400],
  });
  if (res.status === 400)
    return data(
      { result: submission.reply(apiFieldErrors(res.data)) as SubmissionResult<string[]> },
      { status: 400, headers: api.headers() },
    );
  return redirectWithToast(
    new URL(args.request.url).pathname,
    { type: "success", message: "acc_toast_identification_saved" },
    { headers: api.headers() },
  );
}

export default function EnrollmentIdentificationTab() {
  const { values, min } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useSubmitting();
  const { t } = useTranslation();
  const result = (answer?.result ?? null) as SubmissionResult<string[]> | null;
  const sections: SettingSection[] = [
    {
      id: "identification",
      title: t("acc_iden_title"),
      intro: t("acc_iden_intro"),
      fields: [
        { name: "is_enabled", label: t("acc_iden_field_is_enabled"), kind: "checkbox" },
        {
          name: "identification",
          label: t("acc_iden_field_identification"),
          kind: "select",
          options: IDENTIFICATION_METHOD_CODES.map((m) => ({ value: String(m), label: t(`acc_iden_method_${m}`) })),
        },
        {
          name: "lock_method",
          label: t("acc_iden_field_lock_method"),
          kind: "radio",
          options: LOCK_METHOD_CODES.map((m) => ({ value: String(m), label: t(`acc_lock_method_${m}`) })),
        },
        {
          name: "attempt",
          label: t("acc_iden_field_attempt"),
          kind: "number",
          min: min.attempt,
          hint: t("acc_iden_hint_minimum", { n: min.attempt }),
        },
        {
          name: "duration_lock",
          label: t("acc_iden_field_duration_lock"),
          kind: "number",
          min: min.minutes,
          unit: t("acc_unit_minutes"),
          hint: t("acc_iden_hint_duration", { n: min.minutes }),
        },
      ],
    },
  ];
  return (
    <Form method="post" noValidate className="max-w-2xl space-y-5">
      <WritableFields>
        <CsrfInput />
        <input type="hidden" name="intent" value="save" />
        <ErrorList errors={errorsAt(result, "")?.map((e) => t(e))} />
        <SettingSections sections={sections} values={values} result={result} />
        <SaveBar busy={busy}>{t("action_save")}</SaveBar>
      </WritableFields>
    </Form>
  );
}

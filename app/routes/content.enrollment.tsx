import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import { RETRAIN_UNIT, TYPE_ACCESS, TYPE_WAITING } from "../../contract/codes";
import type { EnrollmentSettings } from "../../contract/schemas/content-enrollment";
import type { FilterOption } from "../../contract/http";
import { daysToSeconds, secondsToDays } from "../../contract/units";
import { SettingSections, type SettingSection } from "~/components/content/settings-form";
import { CsrfInput, ErrorList } from "~/components/forms";
import { SaveBar } from "~/components/form-basics";
import { apiFieldErrors } from "~/lms/content-form.server";
import { itemId, requireContent } from "~/lms/content.server";
import { cancelKindOf, itemCancelKind } from "~/registry/content-features.js";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm, refusalAnswer } from "~/lms/read-form.server";
import { errorsAt } from "~/lms/form-result";
import { enrollmentSchema, parseWithZod } from "~/lms/schemas.server";
import { fromLocalInput, toLocalInput } from "~/lms/time";
import { zoneOffset } from "~/lms/zone.server";
import { redirectWithToast } from "~/lms/toast.server";
import { invariantResponse } from "~/lms/invariant";
import { useSubmitting } from "~/components/use-submitting";
import { WritableFields } from "~/components/content/item-writable";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "access"] };

/**
 * The enrollment tab (spec 001 §3 "Enrollment settings", §4 cancel types, §5 validation): access
 * and waiting, the enrollment form learners answer before they are enrolled (docs/decisions/074),
 * capacity, session rules, the enrollment period, cancelling (the types the content
 * allows; type 7 typed in days, stored in seconds), learning duration and retraining. Validated
 * with the contract's schema in form units, sent whole (PUT), API refusals mapped back.
 */

/** Saved settings → what each field shows (days, local times, numbers as text). */
function formValues(s: EnrollmentSettings, offset: number): Record<string, unknown> {
  const text = (n: number | null) => (n === null ? "" : String(n));
  return {
    form: s.form === null ? "" : String(s.form),
    capacity: String(s.capacity),
    is_overlap_time: s.is_overlap_time,
    is_session_reserved: s.is_session_reserved,
    is_session_enrollment: s.is_session_enrollment,
    minimum_session_enrollment: String(s.minimum_session_enrollment),
    maximum_session_enrollment: String(s.maximum_session_enrollment),
    type_access: String(s.type_access),
    enrollment_required: s.enrollment_required,
    type_waiting: String(s.type_waiting),
    "content_period_enroll.datetime_start": toLocalInput(s.content_period_enroll.datetime_start, offset),
    "content_period_enroll.datetime_end": toLocalInput(s.content_period_enroll.datetime_end, offset),
    "content_period_cancel.type": String(s.content_period_cancel.type),
    "content_period_cancel.duration": text(secondsToDays(s.content_period_cancel.duration)),
    is_allow_change_session_enrollment: s.is_allow_change_session_enrollment,
    is_user_canceled: s.is_user_canceled,
    is_rejected_able_re_enroll: s.is_rejected_able_re_enroll,
    duration_expire: text(secondsToDays(s.duration_expire)),
    is_retrain: s.is_retrain,
    retrain_count: String(s.retrain_count),
    retrain_unit: String(s.retrain_unit),
  };
}

export async function loader(args: LoaderFunctionArgs) {
  const { api, type } = await requireContent(args, "enrollment");
  const id = itemId(type, args.params);
  const [{ data: settings }, offset, { data: forms }] = await Promise.all([
    api.get<EnrollmentSettings>(`${type.api}${id}/enrollment/`),
    zoneOffset(),
    api.get<{ results: FilterOption[] }>(`${type.api}${id}/enrollment/form/`),
  ]);
  return data(
    {
      values: formValues(settings, offset),
      choices: settings.cancel_type_choices,
      saved: settings.datetime_update !== null,
      forms: forms.results.map((f) => ({ value: String(f.id), label: f.code ? `${f.name} (${f.code})` : f.name })),
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { api, type } = await requireContent(args, "enrollment");
  const id = itemId(type, args.params);
  const { form, refusal } = await readForm(args.request);
  if (!form) return refusalAnswer(refusal);
  await requireCsrf(api, form);
  invariantResponse(String(form.get("intent") ?? "save") === "save", "Bad Request");
  const rule = cancelKindOf(type);
  // A type whose items differ (a learning path's kind) reads the item's field first.
  const item = typeof rule === "string" ? null : (await api.get<Record<string, unknown>>(`${type.api}${id}/`)).data;
  const submission = parseWithZod(form, { schema: enrollmentSchema(itemCancelKind(rule, item), "form") });
  if (submission.status !== "success")
    return data({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  const v = submission.value;
  const offset = await zoneOffset();
  const instant = (local: string | null) => (local === null ? null : fromLocalInput(local, offset));
  const body = {
    ...v,
    content_period_enroll: {
      datetime_start: instant(v.content_period_enroll.datetime_start),
      datetime_end: instant(v.content_period_enroll.datetime_end),
    },
    content_period_cancel: {
      type: v.content_period_cancel.type,
      duration: daysToSeconds(v.content_period_cancel.duration),
      datetime_start: instant(v.content_period_cancel.datetime_start),
      datetime_end: instant(v.content_period_cancel.datetime_end),
    },
    duration_expire: daysToSeconds(v.duration_expire),
  };
  const res = await api.call<Record<string, unknown>>("PUT", `${type.api}${id}/enrollment/`, { body, accept: [400] });
  if (res.status === 400)
    return data(
      { result: submission.reply(apiFieldErrors(res.data)) as SubmissionResult<string[]> },
      { status: 400, headers: api.headers() },
    );
  return redirectWithToast(
    new URL(args.request.url).pathname,
    { type: "success", message: "acc_toast_enrollment_saved" },
    { headers: api.headers() },
  );
}

const options = (table: Record<string, number>, prefix: string, t: (k: string) => string) =>
  Object.values(table).map((n) => ({ value: String(n), label: t(`${prefix}${n}`) }));

export default function EnrollmentTab() {
  const { values, choices, saved, forms } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useSubmitting();
  const { t } = useContentTranslation();
  const result = (answer?.result ?? null) as SubmissionResult<string[]> | null;
  const days = t("acc_unit_days");
  const sections: SettingSection[] = [
    {
      id: "access",
      title: t("acc_section_access"),
      fields: [
        {
          name: "type_access",
          label: t("acc_field_type_access"),
          kind: "select",
          options: options(TYPE_ACCESS, "acc_type_access_", t),
        },
        {
          name: "type_waiting",
          label: t("acc_field_type_waiting"),
          kind: "radio",
          options: options(TYPE_WAITING, "acc_type_waiting_", t),
          hint: t("acc_hint_type_waiting"),
        },
        {
          name: "form",
          label: t("acc_field_form"),
          kind: "select",
          options: [{ value: "", label: t("acc_form_none") }, ...forms],
          hint: t("acc_hint_form"),
        },
        {
          name: "capacity",
          label: t("acc_field_capacity"),
          kind: "number",
          min: 0,
          unit: t("acc_unit_seats"),
          hint: t("acc_hint_capacity"),
        },
        { name: "enrollment_required", label: t("acc_field_enrollment_required"), kind: "checkbox" },
        { name: "is_rejected_able_re_enroll", label: t("acc_field_is_rejected_able_re_enroll"), kind: "checkbox" },
      ],
    },
    {
      id: "session",
      title: t("acc_section_session"),
      fields: [
        { name: "is_session_enrollment", label: t("acc_field_is_session_enrollment"), kind: "checkbox" },
        {
          name: "minimum_session_enrollment",
          label: t("acc_field_minimum_session_enrollment"),
          kind: "number",
          min: 0,
          unit: t("acc_unit_learners"),
        },
        {
          name: "maximum_session_enrollment",
          label: t("acc_field_maximum_session_enrollment"),
          kind: "number",
          min: 1,
          unit: t("acc_unit_learners"),
        },
        { name: "is_session_reserved", label: t("acc_field_is_session_reserved"), kind: "checkbox" },
        { name: "is_overlap_time", label: t("acc_field_is_overlap_time"), kind: "checkbox" },
        {
          name: "is_allow_change_session_enrollment",
          label: t("acc_field_is_allow_change_session_enrollment"),
          kind: "checkbox",
        },
      ],
    },
    {
      id: "period",
      title: t("acc_section_enroll_period"),
      intro: t("acc_intro_enroll_period"),
      fields: [
        { name: "content_period_enroll.datetime_start", label: t("acc_field_enroll_start"), kind: "datetime" },
        { name: "content_period_enroll.datetime_end", label: t("acc_field_enroll_end"), kind: "datetime" },
      ],
    },
    {
      id: "cancel",
      title: t("acc_section_cancel"),
      fields: [
        { name: "is_user_canceled", label: t("acc_field_is_user_canceled"), kind: "checkbox" },
        {
          name: "content_period_cancel.type",
          label: t("acc_field_cancel_type"),
          kind: "radio",
          options: choices.map((c) => ({ value: String(c), label: t(`acc_cancel_type_${c}`) })),
        },
        {
          name: "content_period_cancel.duration",
          label: t("acc_field_cancel_duration"),
          kind: "number",
          min: 1,
          unit: days,
          hint: t("acc_hint_cancel_duration"),
        },
      ],
    },
    {
      id: "learning",
      title: t("acc_section_learning"),
      fields: [
        {
          name: "duration_expire",
          label: t("acc_field_duration_expire"),
          kind: "number",
          min: 1,
          unit: days,
          hint: t("acc_hint_duration_expire"),
        },
        { name: "is_retrain", label: t("acc_field_is_retrain"), kind: "checkbox" },
        { name: "retrain_count", label: t("acc_field_retrain_count"), kind: "number", min: 1 },
        {
          name: "retrain_unit",
          label: t("acc_field_retrain_unit"),
          kind: "select",
          options: options(RETRAIN_UNIT, "acc_retrain_unit_", t),
        },
      ],
    },
  ];
  return (
    <section aria-labelledby="enrollment-title" className="max-w-2xl space-y-4">
      <div>
        <h2 id="enrollment-title" className="text-lg font-semibold">
          {t("acc_enrollment_title")}
        </h2>
        <p className="text-sm text-slate-600">{saved ? t("acc_enrollment_intro") : t("acc_enrollment_defaults")}</p>
      </div>
      <Form method="post" noValidate className="space-y-5">
        <WritableFields>
          <CsrfInput />
          <input type="hidden" name="intent" value="save" />
          <ErrorList errors={errorsAt(result, "")?.map((e) => t(e))} />
          <SettingSections sections={sections} values={values} result={result} />
          <SaveBar busy={busy}>{t("action_save")}</SaveBar>
        </WritableFields>
      </Form>
    </section>
  );
}

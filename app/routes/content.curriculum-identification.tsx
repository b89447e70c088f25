import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ConfigDict } from "../../contract/config";
import { IDENTIFICATION_METHOD_CODES, LOCK_METHOD_CODES } from "../../contract/codes";
import { MAX_LOCK_ATTEMPT } from "../../contract/curriculum-codes";
import type {
  CurriculumIdentification,
  IdentificationMinimums,
  IdentificationSettings,
} from "../../contract/schemas/curriculum";
import { secondsToTimeText } from "../../contract/units";
import { SubFormList, type SubField, type SubItem } from "~/components/content/sub-form-list";
import { CsrfInput, ErrorList } from "~/components/forms";
import { SaveBar } from "~/components/form-basics";
import { apiFieldErrors } from "~/lms/content-form.server";
import { itemId, requireContent } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm, refusalAnswer } from "~/lms/read-form.server";
import { errorsAt } from "~/lms/form-result";
import { dash } from "~/lms/paths";
import { curriculumIdentificationSchema, parseWithZod } from "~/lms/schemas.server";
import { redirectWithToast } from "~/lms/toast.server";
import { invariantResponse } from "~/lms/invariant";
import { useSubmitting } from "~/components/use-submitting";
import { WritableFields } from "~/components/content/item-writable";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "curriculum"] };

/**
 * The curriculum's identification settings (spec 001 §3 "Identification", §5): per section and
 * per material, identification on or off, the method (0 otp, 1 random alert, 2 photo), the lock
 * method (default 1), attempts and the lock duration — typed as "HH:MM", stored in seconds
 * (docs/decisions/009) — and, per material, random alerts. One form of sub-forms, saved whole.
 */
const minimumsOf = (config: ConfigDict): IdentificationMinimums => ({
  attempt: Number(config["iden-lock-attempt-minimum"]?.value ?? 1) || 0,
  duration: Number(config["iden-lock-duration-minimum"]?.value ?? 60) || 0,
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, type } = await requireContent(request, "change");
  const id = itemId(type, params);
  const { data: settings } = await api.get<CurriculumIdentification>(`${type.api}${id}/curriculum/identification/`);
  return data({ settings, curriculumHref: dash(`${type.segment}/${id}/curriculum`) }, { headers: api.headers() });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api, type, config } = await requireContent(request, "change");
  const id = itemId(type, params);
  const { form, refusal } = await readForm(request);
  if (!form) return refusalAnswer(refusal);
  await requireCsrf(api, form);
  invariantResponse(String(form.get("intent") ?? "save") === "save", "Bad Request");
  const submission = parseWithZod(form, { schema: curriculumIdentificationSchema(minimumsOf(config), { form: true }) });
  if (submission.status !== "success")
    return data({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  const res = await api.call<Record<string, unknown>>("PUT", `${type.api}${id}/curriculum/identification/`, {
    body: submission.value,
    accept: [400],
  });
  if (res.status === 400)
    return data(
      { result: submission.reply(apiFieldErrors(res.data)) as SubmissionResult<string[]> },
      { status: 400, headers: api.headers() },
    );
  return redirectWithToast(
    new URL(request.url).pathname,
    { type: "success", message: "curriculum_toast_identification_saved" },
    { headers: api.headers() },
  );
}

/** Saved settings → the values the fields show (the duration as "HH:MM"). */
const valuesOf = (s: IdentificationSettings & { random?: boolean }) => ({
  is_enabled: s.is_enabled,
  identification: String(s.identification),
  lock_method: String(s.lock_method),
  attempt: String(s.attempt),
  duration_lock: secondsToTimeText(s.duration_lock),
  random: s.random ?? false,
});

export default function CurriculumIdentificationTab() {
  const { settings, curriculumHref } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useSubmitting();
  const { t } = useTranslation();
  const result = (answer?.result ?? null) as SubmissionResult<string[]> | null;
  const fields: SubField[] = [
    { name: "is_enabled", label: t("curriculum_iden_field_is_enabled"), kind: "checkbox" },
    {
      name: "identification",
      label: t("curriculum_iden_field_identification"),
      kind: "select",
      options: IDENTIFICATION_METHOD_CODES.map((m) => ({ value: String(m), label: t(`curriculum_iden_method_${m}`) })),
    },
    {
      name: "lock_method",
      label: t("curriculum_iden_field_lock_method"),
      kind: "select",
      options: LOCK_METHOD_CODES.map((m) => ({ value: String(m), label: t(`curriculum_lock_method_${m}`) })),
    },
    {
      name: "attempt",
      label: t("curriculum_iden_field_attempt"),
      kind: "number",
      min: settings.minimum.attempt,
      max: MAX_LOCK_ATTEMPT,
    },
    { name: "duration_lock", label: t("curriculum_iden_field_duration_lock"), kind: "text", placeholder: "00:05" },
  ];
  const items: SubItem[] = settings.item_list.map((item) => ({
    id: item.id,
    title: item.name,
    values: valuesOf(item),
    children: item.slot_list.map((slot) => ({
      id: slot.id,
      title: slot.content_name,
      subtitle: t(`curriculum_slot_${slot.content_type}`),
      values: valuesOf(slot),
    })),
  }));
  return (
    <section aria-labelledby="identification-title" className="space-y-4">
      <div>
        <h2 id="identification-title" className="text-lg font-semibold">
          {t("curriculum_iden_title")}
        </h2>
        <p className="text-sm text-slate-600">{t("curriculum_iden_intro")}</p>
        <p className="text-xs text-slate-600">
          {t("curriculum_iden_minimums", {
            attempt: settings.minimum.attempt,
            duration: secondsToTimeText(settings.minimum.duration),
          })}
        </p>
      </div>
      {items.length ? (
        <Form method="post" noValidate className="space-y-4">
          <WritableFields>
            <CsrfInput />
            <input type="hidden" name="intent" value="save" />
            <ErrorList errors={errorsAt(result, "")?.map((e) => t(e))} />
            <SubFormList
              name="item_list"
              items={items}
              fields={fields}
              result={result}
              childName="slot_list"
              childFields={[...fields, { name: "random", label: t("curriculum_iden_field_random"), kind: "checkbox" }]}
              childrenLabel={t("curriculum_iden_slots")}
            />
            <SaveBar busy={busy}>{t("curriculum_iden_save")}</SaveBar>
          </WritableFields>
        </Form>
      ) : (
        <p className="rounded border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          {t("curriculum_iden_empty")}{" "}
          <a href={curriculumHref} className="text-primary underline">
            {t("curriculum_title")}
          </a>
        </p>
      )}
    </section>
  );
}

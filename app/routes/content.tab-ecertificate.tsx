import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import type { Certificate } from "../../contract/schemas/extras";
import {
  CERTIFICATE_COMPLETE,
  CERTIFICATE_ISSUED_DATE,
  CERTIFICATE_TEMPLATE,
  CERTIFICATE_TYPE,
  DOWNLOAD_DAYS_MAX,
  parseDaysText,
} from "../../contract/extras-codes";
import { MSG } from "../../contract/messages";
import { SettingSections, SettingTextarea } from "~/components/content/settings-form";
import { CsrfInput, ErrorList } from "~/components/forms";
import { PRIMARY_BUTTON } from "~/components/form-basics";
import { allows } from "~/lms/content-navigation.server";
import { apiFieldErrors } from "~/lms/content-form.server";
import { itemId, requireContent } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm, refusalAnswer } from "~/lms/read-form.server";
import { certificateSchemas, parseWithZod } from "~/lms/extras.server";
import { errorsAt } from "~/lms/form-result";
import { offeredLanguages } from "~/lms/store.server";
import { redirectWithToast } from "~/lms/toast.server";
import { invariantResponse } from "~/lms/invariant";
import { useSubmitting } from "~/components/use-submitting";
import { WritableFields } from "~/components/content/item-writable";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras"] };

/**
 * The e-certificate tab (spec 001 §3 "Certificate"; docs/decisions/012): name, description,
 * language, template, type, the download period (typed in days; the API answers "{n} days"),
 * when it is earned and which date it carries, and a background picture. Anyone who may view the
 * content sees it; saving needs the certificate flag ({module}_certificate_{module}).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, type, permission } = await requireContent(args, "view");
  const id = itemId(type, args.params);
  const [{ data: certificate }, languages] = await Promise.all([
    api.get<Certificate>(`${type.api}${id}/certificate/`),
    offeredLanguages(),
  ]);
  return data(
    { certificate, languages, canChange: allows(type, permission, "certificate") },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { api, type, config } = await requireContent(args, "certificate");
  const id = itemId(type, args.params);
  const here = new URL(args.request.url).pathname;
  const limit = Number(config["image-size-limit"]?.value ?? 10485760);
  const { form, refusal } = await readForm(args.request, { maxPartSize: limit });
  if (refusal?.tooLarge) return redirectWithToast(here, { type: "error", message: MSG.file_too_large, status: 413 });
  if (!form) return refusalAnswer(refusal);
  await requireCsrf(api, form);
  const path = `${type.api}${id}/certificate/`;
  const intent = String(form.get("intent") ?? "save");
  if (intent === "upload-image") {
    const file = form.get("image");
    if (!(file instanceof File) || file.size === 0)
      return redirectWithToast(here, { type: "error", message: MSG.required });
    const body = new FormData();
    body.set("image", file, file.name);
    const res = await api.upload<Record<string, string[]>>(`${path}image/`, body, { accept: [400] });
    if (res.status === 400)
      return redirectWithToast(
        here,
        { type: "error", message: Object.values(res.data).flat()[0] ?? MSG.invalid, status: 400 },
        { headers: api.headers() },
      );
    return redirectWithToast(here, { type: "success", message: "ext_toast_picture_saved" }, { headers: api.headers() });
  }
  if (intent === "remove-image") {
    await api.delete(`${path}image/`);
    return redirectWithToast(
      here,
      { type: "success", message: "ext_toast_picture_removed" },
      { headers: api.headers() },
    );
  }
  invariantResponse(intent === "save", "Bad Request");
  const submission = parseWithZod(form, { schema: certificateSchemas().full });
  if (submission.status !== "success")
    return data({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  const res = await api.patch<Record<string, unknown>>(path, submission.value, { accept: [400] });
  if (res.status === 400)
    return data(
      { result: submission.reply(apiFieldErrors(res.data)) as SubmissionResult<string[]> },
      { status: 400, headers: api.headers() },
    );
  return redirectWithToast(here, { type: "success", message: "toast_saved" }, { headers: api.headers() });
}

export default function CertificateTab() {
  const { certificate: c, languages, canChange } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useSubmitting();
  const { t } = useContentTranslation();
  const result = answer?.result ?? null;
  const choices = (table: Record<string, number>, prefix: string) =>
    Object.entries(table).map(([key, value]) => ({ value: String(value), label: t(`${prefix}_${key}`) }));
  const days = parseDaysText(c.content_period_download);
  const values = {
    name: c.name,
    language: c.language,
    type_template: String(c.type_template),
    certificate_type: String(c.certificate_type),
    type_complete: String(c.type_complete),
    type_issued_date: String(c.type_issued_date),
    date_issued: c.date_issued ?? "",
    content_period_download: days == null ? "" : String(days),
  };
  const button = PRIMARY_BUTTON;
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,42rem)_1fr]">
      <section aria-labelledby="certificate-title" className="space-y-4">
        <div>
          <h2 id="certificate-title" className="text-lg font-semibold text-slate-900">
            {t("tab_ecertificate")}
          </h2>
          <p className="text-sm text-slate-600">
            {c.is_set ? t("ext_certificate_intro") : t("ext_certificate_not_set")}
          </p>
        </div>
        <Form key={c.datetime_update ?? "new"} method="post" noValidate className="space-y-5">
          <WritableFields>
            <CsrfInput />
            <input type="hidden" name="intent" value="save" />
            <ErrorList errors={errorsAt(result, "")?.map((e) => t(e))} />
            <fieldset disabled={!canChange} className="space-y-5">
              <SettingSections
                sections={[
                  {
                    id: "about",
                    title: t("ext_certificate_about"),
                    fields: [
                      { name: "name", label: t("ext_field_certificate_name"), kind: "text", required: true },
                      {
                        name: "language",
                        label: t("ext_field_language"),
                        kind: "select",
                        options: languages.map((l) => ({ value: l, label: t(`ext_language_${l}`) })),
                      },
                      {
                        name: "type_template",
                        label: t("ext_field_type_template"),
                        kind: "radio",
                        options: choices(CERTIFICATE_TEMPLATE, "ext_template"),
                      },
                      {
                        name: "certificate_type",
                        label: t("ext_field_certificate_type"),
                        kind: "radio",
                        options: choices(CERTIFICATE_TYPE, "ext_certificate_type"),
                      },
                    ],
                  },
                ]}
                values={values}
                result={result}
              />
              <SettingTextarea name="desc" label={t("field_desc")} saved={c.desc} result={result} />
              <SettingSections
                sections={[
                  {
                    id: "rules",
                    title: t("ext_certificate_rules"),
                    fields: [
                      {
                        name: "type_complete",
                        label: t("ext_field_type_complete"),
                        kind: "radio",
                        options: choices(CERTIFICATE_COMPLETE, "ext_complete"),
                      },
                      {
                        name: "type_issued_date",
                        label: t("ext_field_type_issued_date"),
                        kind: "radio",
                        options: choices(CERTIFICATE_ISSUED_DATE, "ext_issued"),
                      },
                      {
                        name: "date_issued",
                        label: t("ext_field_date_issued"),
                        kind: "date",
                        hint: t("ext_hint_date_issued"),
                      },
                      {
                        name: "content_period_download",
                        label: t("ext_field_download_period"),
                        kind: "number",
                        min: 1,
                        max: DOWNLOAD_DAYS_MAX,
                        unit: t("ext_unit_days"),
                        hint: t("ext_hint_download_period"),
                      },
                    ],
                  },
                ]}
                values={values}
                result={result}
              />
            </fieldset>
            {canChange ? (
              <div className="flex justify-end">
                <button type="submit" disabled={busy} className={button}>
                  {t("action_save")}
                </button>
              </div>
            ) : null}
          </WritableFields>
        </Form>
      </section>

      <section
        aria-labelledby="certificate-picture"
        className="h-fit space-y-3 rounded border border-slate-200 bg-white p-5"
      >
        <h3 id="certificate-picture" className="text-base font-semibold">
          {t("ext_certificate_picture")}
        </h3>
        {c.image ? (
          <img
            src={c.image}
            alt={t("ext_certificate_picture")}
            width={400}
            height={283}
            className="w-full max-w-sm rounded border object-cover"
          />
        ) : (
          <p className="text-sm text-slate-600">{t("ext_certificate_no_picture")}</p>
        )}
        {canChange ? (
          <>
            <Form method="post" encType="multipart/form-data" className="space-y-2">
              <WritableFields>
                <CsrfInput />
                <input type="hidden" name="intent" value="upload-image" />
                <label htmlFor="certificate-image" className="block text-sm font-medium text-slate-700">
                  {t("choose_image")}
                </label>
                <input
                  id="certificate-image"
                  type="file"
                  name="image"
                  accept=".jpg,.jpeg,.png,.gif"
                  className="block text-sm"
                />
                <button
                  type="submit"
                  disabled={busy}
                  className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
                >
                  {t("upload_image")}
                </button>
              </WritableFields>
            </Form>
            {c.image ? (
              <Form method="post">
                <WritableFields>
                  <CsrfInput />
                  <input type="hidden" name="intent" value="remove-image" />
                  <button type="submit" disabled={busy} className="text-sm text-red-700 underline">
                    {t("ext_certificate_remove_picture")}
                  </button>
                </WritableFields>
              </Form>
            ) : null}
          </>
        ) : null}
      </section>
    </div>
  );
}

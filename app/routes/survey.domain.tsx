import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { SurveyDomain } from "../../contract/schemas/survey";
import { SettingInput } from "~/components/content/settings-form";
import { CsrfInput, ErrorList } from "~/components/forms";
import { SaveBar } from "~/components/form-basics";
import { WritableFields } from "~/components/content/item-writable";
import { useSubmitting } from "~/components/use-submitting";
import { allows } from "~/lms/content-navigation.server";
import { apiFieldErrors } from "~/lms/content-form.server";
import { itemId, optionsFor, requireContent } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm, refusalAnswer } from "~/lms/read-form.server";
import { errorsAt } from "~/lms/form-result";
import { invariantResponse } from "~/lms/invariant";
import { redirectWithToast } from "~/lms/toast.server";
import { parseWithZod, surveyDomainSchema } from "~/lms/survey.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the survey's own come with its URL. */
export const handle = { i18n: ["content"] };

/**
 * A survey's domain (spec 000 §2.8 /survey/{surveyid}/domain; docs/decisions/062): what it asks
 * about (spec 001 §4 target types), the instructors it evaluates when it asks about instructors,
 * and the courses and classes that use it, each linked to its survey tab. Saved whole (PATCH) with
 * the survey's change flag; a plain form, so it works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, type, permission } = await requireContent(args, "view");
  const [{ data: domain }, targets, instructors] = await Promise.all([
    api.get<SurveyDomain>(`${type.api}${itemId(type, args.params)}/domain/`),
    optionsFor(api, "code:survey_target", "target_type"),
    optionsFor(api, "instructor", "instructor_list"),
  ]);
  return data(
    { domain, targets, instructors, canChange: allows(type, permission, "change") },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { api, type } = await requireContent(args, "change");
  const { form, refusal } = await readForm(args.request);
  if (!form) return refusalAnswer(refusal);
  await requireCsrf(api, form);
  invariantResponse(String(form.get("intent") ?? "save") === "save", "Bad Request");
  const submission = parseWithZod(form, { schema: surveyDomainSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  const res = await api.patch<Record<string, unknown>>(
    `${type.api}${itemId(type, args.params)}/domain/`,
    submission.value,
    { accept: [400] },
  );
  if (res.status === 400)
    return data(
      { result: submission.reply(apiFieldErrors(res.data)) as SubmissionResult<string[]> },
      { status: 400, headers: api.headers() },
    );
  return redirectWithToast(
    new URL(args.request.url).pathname,
    { type: "success", message: "svy_domain_saved" },
    { headers: api.headers() },
  );
}

export default function SurveyDomainTab() {
  const { domain, targets, instructors, canChange } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useSubmitting();
  const { t } = useTranslation();
  const result = answer?.result ?? null;
  const saved = {
    target_type: String(domain.target_type),
    instructor_list: domain.instructor_list.map((i) => String(i.id)),
  };
  return (
    <section aria-labelledby="domain-title" className="max-w-2xl space-y-6">
      <div>
        <h2 id="domain-title" className="text-lg font-semibold text-slate-900">
          {t("svy_tab_domain")}
        </h2>
        <p className="text-sm text-slate-600">{t("svy_domain_intro")}</p>
      </div>
      <Form key={JSON.stringify(saved)} method="post" noValidate className="space-y-5">
        <WritableFields>
          <CsrfInput />
          <input type="hidden" name="intent" value="save" />
          <ErrorList errors={errorsAt(result, "")?.map((e) => t(e))} />
          <fieldset disabled={!canChange} className="space-y-5">
            <SettingInput
              field={{
                name: "target_type",
                label: t("svy_field_target_type"),
                kind: "select",
                options: targets.map((o) => ({ value: o.value, label: t(o.labelKey ?? o.label) })),
              }}
              saved={saved.target_type}
              result={result}
            />
            <SettingInput
              field={{
                name: "instructor_list",
                label: t("svy_field_instructor_list"),
                kind: "multiselect",
                options: instructors,
                hint: t("svy_help_instructor_list"),
              }}
              saved={saved.instructor_list}
              result={result}
            />
          </fieldset>
          {canChange ? <SaveBar busy={busy}>{t("action_save")}</SaveBar> : null}
        </WritableFields>
      </Form>
      <div>
        <h3 className="text-base font-semibold text-slate-900">{t("svy_domain_used_by")}</h3>
        {domain.content_list.length ? (
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
            {domain.content_list.map((c) => (
              <li key={`${c.content_type}-${c.id}`}>
                {t(`svy_content_type_${c.content_type}`)}:{" "}
                <a
                  href={`/dashboard/${c.content_type.replace("_", "-")}/${c.id}/survey`}
                  className="text-primary hover:underline"
                >
                  {c.name}
                </a>{" "}
                <span className="text-slate-500">
                  ({c.code}){c.is_required ? ` · ${t("svy_domain_required")}` : ""}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">{t("svy_domain_used_by_empty")}</p>
        )}
      </div>
    </section>
  );
}

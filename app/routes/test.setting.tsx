import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { TestSetting } from "../../contract/schemas/test";
import type { SettingField } from "~/components/content/settings-form";
import { resultOf, type TestAnswer } from "~/components/test/form-kit";
import { SavedFieldsForm } from "~/components/test/saved-fields-form";
import { itemPage } from "~/lms/item-page.server";
import { done, sendForm, testPost, testSettingSchema } from "~/lms/test.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the test's own come with its URL. */
export const handle = { i18n: ["content"] };

/**
 * A test's setting tab and its term page (spec 000 §2.8 `setting (prerequisite, term)`;
 * docs/decisions/064): is_template, the result setting (0 automatic summary, 1 an administrator
 * approves), attempts (0 = unlimited) and duration in minutes (0 = no limit); the term page the
 * term learners accept. One PATCH of the whole setting: the page not shown keeps its saved values.
 */
const isTerm = (request: Request) => /\/setting\/term\/?$/.test(new URL(request.url).pathname);

export async function loader(args: LoaderFunctionArgs) {
  const { api, apiBase, can } = await itemPage(args, "view");
  const { data: setting } = await api.get<TestSetting>(`${apiBase}setting/`);
  return data({ setting, term: isTerm(args.request), canChange: can("change") }, { headers: api.headers() });
}

export async function action(args: ActionFunctionArgs) {
  const { page, form, here, refused } = await testPost(args);
  if (refused) return refused;
  const { data: saved } = await page.api.get<TestSetting>(`${page.apiBase}setting/`);
  // The other page's values, as saved, complete the form.
  const whole = new FormData();
  const term = isTerm(args.request);
  const keep: Record<string, string> = {
    is_template: saved.is_template ? "on" : "",
    term: saved.term,
    result_setting: String(saved.result_setting),
    attempt: String(saved.attempt),
    duration: String(saved.duration),
  };
  for (const [k, v] of Object.entries(keep))
    whole.set(k, (term ? k !== "term" : k === "term") ? v : String(form.get(k) ?? ""));
  const { refused: bad } = await sendForm(
    "setting",
    whole,
    testSettingSchema,
    (v) => page.api.patch(`${page.apiBase}setting/`, v, { accept: [400] }),
    page,
  );
  return bad ?? done(page, here, "tst_toast_setting_saved");
}

export default function TestSettingTab() {
  const { setting, term, canChange } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as TestAnswer | undefined;
  const { t } = useTranslation();
  const result = resultOf(answer, "setting");
  const fields: SettingField[] = term
    ? [{ name: "term", label: t("tst_field_term"), kind: "textarea", hint: t("tst_help_term") }]
    : [
        { name: "is_template", label: t("tst_field_is_template"), kind: "checkbox" },
        {
          name: "result_setting",
          label: t("tst_field_result_setting"),
          kind: "radio",
          options: [0, 1].map((v) => ({ value: String(v), label: t(`tst_result_setting_${v}`) })),
        },
        { name: "attempt", label: t("tst_field_attempt"), kind: "number", min: 0, hint: t("tst_help_attempt") },
        {
          name: "duration",
          label: t("tst_field_duration"),
          kind: "number",
          min: 0,
          unit: t("tst_unit_minutes"),
          hint: t("tst_help_duration"),
        },
      ];
  const saved: Record<string, unknown> = {
    ...setting,
    result_setting: String(setting.result_setting),
    attempt: String(setting.attempt),
    duration: String(setting.duration),
  };
  return (
    <section aria-labelledby="setting-title" className="max-w-2xl space-y-6">
      <div>
        <h2 id="setting-title" className="text-lg font-semibold text-slate-900">
          {t(term ? "tst_tab_term" : "tst_tab_setting")}
        </h2>
        <p className="text-sm text-slate-600">{t(term ? "tst_term_intro" : "tst_setting_intro")}</p>
      </div>
      <SavedFieldsForm intent="setting" fields={fields} saved={saved} result={result} canChange={canChange} />
    </section>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DRAW_METHODS, DRAW_RANDOMS, DRAW_SELECTS } from "../../contract/test-codes";
import type { TestDraw, TestDrawPreview, TestSection } from "../../contract/schemas/test";
import { DrawPreview } from "~/components/test/draw-preview";
import { SettingInput, type SettingField } from "~/components/content/settings-form";
import { CsrfInput, ErrorList, Field } from "~/components/forms";
import { SaveBar } from "~/components/form-basics";
import { WritableFields } from "~/components/content/item-writable";
import { ConfirmLink, useConfirming } from "~/components/test/confirm-link";
import { ConfirmDelete } from "~/components/content/dialogs";
import { fieldErrors, resultOf, translateError, type TestAnswer } from "~/components/test/form-kit";
import { useSubmitting } from "~/components/use-submitting";
import { errorsAt, shownValue } from "~/lms/form-result";
import { optionsFor } from "~/lms/content.server";
import { formId, itemPage } from "~/lms/item-page.server";
import { idParam, invariantResponse } from "~/lms/invariant";
import { done, drawSchema, sendForm, testPost } from "~/lms/test.server";

export const handle = { i18n: ["content"] };

/**
 * A section's draws from banks (spec 000 §2.8 `section/{sectionid}/testbank/{testbankid?}`, spec
 * 001 §3 "Question selection from a bank"; docs/decisions/064): its rules, one per bank, and the
 * form of one — bank, tags (any or all), random or selected, how many, and a range written like
 * `1-5, 8, 10-12`. A range naming questions the bank lacks, or more questions than it holds, is a
 * field error saying how many there are (the API checks it against the bank). A saved rule's page
 * shows which questions it would ask (its preview). Deleting a rule confirms first (`?delete=`
 * the bank's id; docs/decisions/076).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, apiBase, base, can } = await itemPage(args, "view");
  const sectionId = idParam(args.params.sectionid);
  const bankId = args.params.testbankid === undefined ? null : idParam(args.params.testbankid);
  const sectionApi = `${apiBase}section/${sectionId}/`;
  const [{ data: section }, { data: rules }, banks, tags] = await Promise.all([
    api.get<TestSection>(sectionApi),
    api.get<{ results: TestDraw[] }>(`${sectionApi}testbank/`),
    // The banks the account may see (without the bank view flag: none to choose).
    api.get<{ results: { id: number; name: string; code: string; count_question?: number }[] }>("dashboard/testbank/", {
      query: { page_size: 200, ordering: "name" },
      accept: [403],
    }),
    optionsFor(api, "tag/type/GENERAL", "tag_list"),
  ]);
  const rule = bankId === null ? null : (rules.results.find((r) => r.bank.id === bankId) ?? null);
  const bankList = banks.status === 200 ? banks.data.results : [];
  invariantResponse(bankId === null || rule || bankList.some((b) => b.id === bankId), "Not Found", { status: 404 });
  // What the saved rule would ask (docs/decisions/070), shown on its page.
  const preview = rule ? (await api.get<TestDrawPreview>(`${sectionApi}testbank/${rule.bank.id}/preview/`)).data : null;
  return data(
    {
      section,
      rules: rules.results,
      rule,
      preview,
      bankId,
      banks: bankList.map((b) => ({ value: String(b.id), label: `${b.name} (${b.code})` })),
      tags,
      url: `${base}/section/${sectionId}/testbank`,
      sectionUrl: `${base}/section/${sectionId}`,
      canChange: can("change"),
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { page, form, intent, refused } = await testPost(args);
  if (refused) return refused;
  const sectionApi = `${page.apiBase}section/${idParam(args.params.sectionid)}/`;
  const url = `${page.base}/section/${args.params.sectionid}/testbank`;
  if (intent === "delete") {
    await page.api.delete(`${sectionApi}testbank/${formId(form)}/`);
    return done(page, url, "tst_toast_draw_deleted");
  }
  invariantResponse(intent === "save", "Bad Request");
  const { refused: bad, sent } = await sendForm(
    "save",
    form,
    drawSchema,
    (v) => page.api.post(`${sectionApi}testbank/`, v, { accept: [400] }),
    page,
  );
  return bad ?? done(page, `${url}/${(sent.data as TestDraw).bank.id}`, "tst_toast_draw_saved");
}

export default function TestDrawPage() {
  const { section, rules, rule, preview, bankId, banks, tags, url, sectionUrl, canChange } =
    useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as TestAnswer | undefined;
  const { t } = useTranslation();
  const busy = useSubmitting();
  const result = resultOf(answer, "save");
  const confirming = useConfirming();
  const deleting = canChange ? rules.find((r) => r.bank.id === confirming) : undefined;
  const saved: Record<string, unknown> = rule
    ? {
        bank: String(rule.bank.id),
        tag_list: rule.tag_list.map(String),
        type_method: String(rule.type_method),
        type_random: String(rule.type_random),
        type_select: String(rule.type_select),
        number: String(rule.number),
        range: rule.range,
        question_list: rule.question_list.join(", "),
      }
    : {
        bank: bankId === null ? "" : String(bankId),
        tag_list: [],
        type_method: "0",
        type_random: "0",
        type_select: "0",
        number: "1",
        range: "",
        question_list: "",
      };
  const codes = (name: string, values: readonly number[]) =>
    values.map((v) => ({ value: String(v), label: t(`tst_${name}_${v}`) }));
  const selects: SettingField[] = [
    {
      name: "bank",
      label: t("tst_field_bank"),
      kind: "select",
      options: [{ value: "", label: t("tst_choose_bank") }, ...banks],
      required: true,
    },
    {
      name: "tag_list",
      label: t("tst_field_draw_tags"),
      kind: "multiselect",
      options: tags,
      hint: t("tst_help_draw_tags"),
    },
    {
      name: "type_select",
      label: t("tst_field_type_select"),
      kind: "select",
      options: codes("draw_select", DRAW_SELECTS),
    },
    {
      name: "type_method",
      label: t("tst_field_type_method"),
      kind: "select",
      options: codes("draw_method", DRAW_METHODS),
    },
    {
      name: "type_random",
      label: t("tst_field_type_random"),
      kind: "select",
      options: codes("draw_random", DRAW_RANDOMS),
    },
  ];
  const text = (name: string, label: string, help: string, type = "text") => (
    <Field
      id={`draw-${name}`}
      name={name}
      label={label}
      help={help}
      errors={fieldErrors(t, result, name)}
      inputProps={{ type, defaultValue: shownValue(result, name, saved[name]) as string, disabled: !canChange }}
    />
  );
  return (
    <section aria-labelledby="draw-title" className="space-y-6">
      <div>
        <p className="text-sm">
          <a href={sectionUrl} className="text-primary hover:underline">
            {t("tst_back_to_section", { name: section.name })}
          </a>
        </p>
        <h2 id="draw-title" className="text-lg font-semibold text-slate-900">
          {t("tst_draws_of", { name: section.name })}
        </h2>
        <p className="text-sm text-slate-600">{t("tst_draw_intro")}</p>
      </div>
      {rules.length ? (
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th className="py-2">{t("tst_field_bank")}</th>
              <th>{t("tst_field_type_method")}</th>
              <th>{t("tst_field_number")}</th>
              <th>{t("tst_field_range")}</th>
              <th>{t("tst_col_bank_questions")}</th>
              {canChange ? <th>{t("tst_col_actions")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {rules.map((r) => (
              <tr key={r.id} className="border-b border-slate-100">
                <td className="py-2">
                  <a href={`${url}/${r.bank.id}`} className="font-medium text-primary hover:underline">
                    {r.bank.name}
                  </a>
                </td>
                <td>{t(`tst_draw_method_${r.type_method}`)}</td>
                <td>{r.number || t("tst_all")}</td>
                <td>{r.range || "—"}</td>
                <td>{r.question_count}</td>
                {canChange ? (
                  <td>
                    <ConfirmLink
                      id={r.bank.id}
                      label={t("action_delete")}
                      ariaLabel={`${t("action_delete")}: ${r.bank.name}`}
                    />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-slate-600">{t("tst_draw_empty")}</p>
      )}
      {deleting ? (
        <ConfirmDelete
          item={{ id: deleting.bank.id, name: deleting.bank.name }}
          title={t("tst_delete_draw_title")}
          text={t("tst_delete_draw_text", { name: deleting.bank.name })}
        />
      ) : null}
      {rule && preview ? <DrawPreview preview={preview} bankName={rule.bank.name} /> : null}
      <Form
        key={JSON.stringify(saved)}
        method="post"
        noValidate
        aria-labelledby="draw-form-title"
        className="max-w-2xl space-y-5 rounded border border-slate-200 bg-white p-5"
      >
        <h3 id="draw-form-title" className="text-base font-semibold text-slate-900">
          {rule ? t("tst_draw_edit", { name: rule.bank.name }) : t("tst_draw_add")}
        </h3>
        <WritableFields>
          <CsrfInput />
          <input type="hidden" name="intent" value="save" />
          <ErrorList errors={errorsAt(result, "")?.map((e) => translateError(t, e))} />
          <fieldset disabled={!canChange} className="space-y-5">
            {selects.map((f) => (
              <SettingInput key={f.name} field={f} saved={saved[f.name]} result={result} />
            ))}
            {text("number", t("tst_field_number"), t("tst_help_number"), "number")}
            {text("range", t("tst_field_range"), t("tst_help_range"))}
            {text("question_list", t("tst_field_question_list"), t("tst_help_question_list"))}
          </fieldset>
          {canChange ? <SaveBar busy={busy}>{t("action_save")}</SaveBar> : null}
        </WritableFields>
      </Form>
    </section>
  );
}

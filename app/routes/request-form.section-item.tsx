import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { QUESTION_TYPE_CODES, hasChoices } from "../../contract/request-codes";
import type { Form, FormQuestion } from "../../contract/schemas/requests";
import type { SettingField } from "~/components/content/settings-form";
import { TableTab } from "~/components/content/table-tab";
import { MoveButtons } from "~/components/requests/move-buttons";
import { itemPage } from "~/lms/item-page.server";
import { rowsTabAction } from "~/lms/request-tabs.server";
import { formQuestionSchema } from "~/lms/request-schemas.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["requests", "requestTypes", "content", "extras"] };

/**
 * One section's questions (spec 000 §2.10 …/section/{sectionid}; docs/decisions/057): text, long
 * text, choice, multiple choice (choices one per line), number, date; required or not; in order.
 * A section of another form, or one gone, leads back to the sections.
 */
const sectionOf = (args: LoaderFunctionArgs) => Number(args.params.sectionid);

export async function loader(args: LoaderFunctionArgs) {
  const { api, apiBase, base, can } = await itemPage(args, "view");
  const { data: form } = await api.get<Form>(apiBase);
  const section = form.sections.find((s) => s.id === sectionOf(args));
  if (!section) throw redirect(`${base}/section`);
  return data({ section, count: form.sections.length, base, canChange: can("change") }, { headers: api.headers() });
}

export async function action(args: ActionFunctionArgs) {
  const section = sectionOf(args);
  return rowsTabAction(args, {
    rows: `section/${section}/question/`,
    schema: formQuestionSchema(),
    // A question's choices are lines of one text box.
    body: (v) => ({ ...v, choices: Array.isArray(v.choices) ? v.choices : [] }),
    toasts: { created: "req_toast_question_added", saved: "req_toast_question_saved", deleted: "req_toast_question_deleted", moved: "req_toast_moved" },
  });
}

export default function SectionQuestions() {
  const { section, base, canChange } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const fields: SettingField[] = [
    { name: "text", label: t("req_field_question_text"), kind: "text", required: true },
    { name: "type", label: t("req_field_question_type"), kind: "select", options: QUESTION_TYPE_CODES.map((c) => ({ value: String(c), label: t(`req_question_type_${c}`) })) },
    { name: "is_required", label: t("req_field_is_required"), kind: "checkbox" },
    { name: "choices", label: t("req_field_choices"), kind: "textarea", hint: t("req_help_choices") },
  ];
  const values = (q: FormQuestion) => ({ text: q.text, type: String(q.type), is_required: q.is_required, choices: q.choices.map((c) => c.text).join("\n") });
  return (
    <div className="space-y-4">
      <p className="text-sm">
        <a href={`${base}/section`} className="text-primary hover:underline">
          ← {t("req_back_to_sections")}
        </a>
      </p>
      <TableTab
        title={t("req_section_questions", { name: section.name })}
        intro={section.desc || t("req_question_intro")}
        rows={section.questions}
        rowName={(q: FormQuestion) => q.text}
        columns={[
          { key: "sort", label: "#", render: (q) => q.sort },
          { key: "text", label: t("req_field_question_text"), render: (q) => <span className="font-medium">{q.text}</span> },
          { key: "type", label: t("req_field_question_type"), render: (q) => t(`req_question_type_${q.type}`) },
          { key: "required", label: t("req_field_is_required"), render: (q) => (q.is_required ? t("req_yes") : t("req_no")) },
          { key: "choices", label: t("req_field_choices"), render: (q) => (hasChoices(q.type) ? q.choices.map((c) => c.text).join(", ") : "—") },
          ...(canChange ? [{ key: "move", label: t("req_col_order"), render: (q: FormQuestion) => <MoveButtons id={q.id} name={q.text} first={q.sort === 1} last={q.sort === section.questions.length} /> }] : []),
        ]}
        canChange={canChange}
        add={{ title: t("req_question_add"), submitLabel: t("req_question_add"), fields, defaults: { type: "1" } }}
        edit={{ fields, values }}
        remove={{ label: t("action_delete"), text: (q) => t("req_question_delete_text", { name: q.text }) }}
        answer={answer}
        empty={t("req_question_empty")}
      />
    </div>
  );
}

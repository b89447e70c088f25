import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { FormSection } from "../../contract/schemas/requests";
import type { SettingField } from "~/components/content/settings-form";
import { TableTab } from "~/components/content/table-tab";
import { MoveButtons } from "~/components/requests/move-buttons";
import { itemPage } from "~/lms/item-page.server";
import { rowsTabAction } from "~/lms/request-tabs.server";
import { formSectionSchema } from "~/lms/request-schemas.server";
import { newIdempotencyKey } from "~/lms/idempotency.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
// The type's own texts (a form kind's requestTypes, a survey's survey) come with its URL.
export const handle = { i18n: ["requests", "content", "extras"] };

/**
 * The form builder's first page (spec 000 §2.10 …/section; docs/decisions/057), the same for an
 * enrollment form, a request form and a survey (spec 000 §2.8, docs/decisions/062): the form's sections in order, each leading to its
 * questions (`section/{sectionid}`); added, renamed, moved and removed with plain forms.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, apiBase, base, can } = await itemPage(args, "view");
  // The builder's own list, which a survey answers too (its item is not a form; docs/decisions/062).
  const { data: list } = await api.get<{ results: FormSection[] }>(`${apiBase}section/`);
  return data(
    {
      sections: list.results,
      base,
      canChange: can("change"),
      survey: args.params.surveyid !== undefined,
      idempotencyKey: newIdempotencyKey(),
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  return rowsTabAction(args, {
    rows: "section/",
    schema: formSectionSchema(),
    toasts: {
      created: "req_toast_section_added",
      saved: "req_toast_section_saved",
      deleted: "req_toast_section_deleted",
      moved: "req_toast_moved",
    },
  });
}

export default function SectionTab() {
  const { sections, base, canChange, survey, idempotencyKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const fields: SettingField[] = [
    { name: "name", label: t("req_field_section_name"), kind: "text", required: true },
    { name: "desc", label: t("field_desc"), kind: "textarea" },
  ];
  return (
    <TableTab
      title={t(survey ? "svy_tab_section" : "req_tab_section")}
      intro={t("req_section_intro")}
      rows={sections}
      rowName={(s: FormSection) => s.name}
      columns={[
        { key: "sort", label: "#", render: (s) => s.sort },
        {
          key: "name",
          label: t("req_field_section_name"),
          render: (s) => (
            <a href={`${base}/section/${s.id}`} className="font-medium text-primary hover:underline">
              {s.name}
            </a>
          ),
        },
        {
          key: "questions",
          label: t(survey ? "svy_col_count_question" : "req_col_count_question"),
          render: (s) => s.questions.length,
        },
        ...(canChange
          ? [
              {
                key: "move",
                label: t("req_col_order"),
                render: (s: FormSection) => (
                  <MoveButtons id={s.id} name={s.name} first={s.sort === 1} last={s.sort === sections.length} />
                ),
              },
            ]
          : []),
      ]}
      canChange={canChange}
      add={{ title: t("req_section_add"), submitLabel: t("req_section_add"), fields, idempotencyKey }}
      edit={{ fields, values: (s) => ({ name: s.name, desc: s.desc }) }}
      remove={{ label: t("action_delete"), text: (s) => t("req_section_delete_text", { name: s.name }) }}
      answer={answer}
      empty={t("req_section_empty")}
    />
  );
}

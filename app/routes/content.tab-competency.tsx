import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import type { Paged } from "../../contract/http";
import type { ContentCompetency } from "../../contract/schemas/extras";
import { COMPETENCY_LEVEL_MAX } from "../../contract/extras-codes";
import { TableTab } from "~/components/content/table-tab";
import { allows } from "~/lms/content-navigation.server";
import { itemId, requireContent } from "~/lms/content.server";
import {
  contentCompetencyCreateSchema,
  contentCompetencyUpdateSchema,
  masterList,
  tableTabAction,
} from "~/lms/extras.server";
import { newIdempotencyKey } from "~/lms/idempotency.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras"] };

/**
 * The competency tab (issue 6 item 4): the competencies the content builds, each with the level
 * it requires (1 … the competency's highest level). Viewing needs the content's view flag,
 * changing its change flag.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, type, permission } = await requireContent(args, "view");
  const id = itemId(type, args.params);
  const [{ data: rows }, competencies] = await Promise.all([
    api.get<Paged<ContentCompetency>>(`${type.api}${id}/competency/`, { query: { page_size: 1000 } }),
    masterList<{ level: number }>(api, "competency"),
  ]);
  return data(
    {
      rows: rows.results,
      competencies,
      canChange: allows(type, permission, "change"),
      idempotencyKey: newIdempotencyKey(),
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  return tableTabAction(args, {
    path: "competency",
    create: contentCompetencyCreateSchema,
    update: contentCompetencyUpdateSchema,
    toasts: { create: "ext_toast_competency_added" },
  });
}

export default function CompetencyTab() {
  const { rows, competencies, canChange, idempotencyKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useContentTranslation();
  const taken = new Set(rows.map((r) => r.competency.id));
  const free = competencies.filter((c) => !taken.has(c.id));
  const level = {
    name: "level",
    label: t("ext_field_required_level"),
    kind: "number" as const,
    min: 1,
    max: COMPETENCY_LEVEL_MAX,
    hint: t("ext_hint_required_level"),
  };
  return (
    <TableTab
      title={t("tab_competency")}
      intro={t("ext_competency_intro")}
      rows={rows}
      rowName={(r) => r.competency.name}
      columns={[
        {
          key: "name",
          label: t("ext_col_competency"),
          render: (r) => <span className="font-medium">{r.competency.name}</span>,
        },
        {
          key: "code",
          label: t("col_code"),
          render: (r) => <span className="font-mono text-xs">{r.competency.code}</span>,
        },
        {
          key: "level",
          label: t("ext_col_required_level"),
          render: (r) => t("ext_level_of", { level: r.level, max: r.competency.level }),
        },
      ]}
      canChange={canChange}
      add={
        free.length
          ? {
              title: t("ext_competency_add"),
              submitLabel: t("ext_action_add"),
              fields: [
                {
                  name: "competency",
                  label: t("ext_col_competency"),
                  kind: "select",
                  required: true,
                  options: [
                    { value: "", label: t("choose") },
                    ...free.map((c) => ({
                      value: String(c.id),
                      label: t("ext_competency_option", { name: c.name, code: c.code, max: c.level }),
                    })),
                  ],
                },
                level,
              ],
              defaults: { level: "1" },
              idempotencyKey,
            }
          : null
      }
      nothingToAdd={t("ext_competency_all_added")}
      edit={{ fields: [level], values: (r) => ({ level: String(r.level) }) }}
      remove={{
        label: t("ext_action_remove"),
        text: (r) => t("ext_competency_remove_text", { name: r.competency.name }),
      }}
      answer={answer}
      empty={t("ext_competency_empty")}
    />
  );
}

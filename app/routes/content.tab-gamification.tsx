import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import type { Paged } from "../../contract/http";
import type { Criteria } from "../../contract/schemas/extras";
import { POINT_MAX } from "../../contract/extras-codes";
import { TableTab } from "~/components/content/table-tab";
import type { SettingField } from "~/components/content/settings-form";
import { allows } from "~/lms/content-navigation.server";
import { itemId, requireContent } from "~/lms/content.server";
import { criteriaSchemas, masterList, tableTabAction } from "~/lms/extras.server";
import { newIdempotencyKey } from "~/lms/idempotency.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras"] };

/**
 * The gamification tab (issue 6 item 4, spec 001 §3 "Gamification"): the content's criteria,
 * each rewarding points, an achievement and/or a challenge. A criterion a learner has earned is
 * in use: the API refuses to edit (400) or delete (424) it, and the page says why.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, type, permission } = await requireContent(args, "view");
  const id = itemId(type, args.params);
  const [{ data: rows }, achievements, challenges] = await Promise.all([
    api.get<Paged<Criteria>>(`${type.api}${id}/gamification/`, { query: { page_size: 1000 } }),
    masterList<{ multiplier: number }>(api, "achievement"),
    masterList(api, "challenge"),
  ]);
  return data(
    {
      rows: rows.results,
      achievements,
      challenges,
      canChange: allows(type, permission, "change"),
      idempotencyKey: newIdempotencyKey(),
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { create } = criteriaSchemas();
  // The edit form sends the whole criterion: it is parsed like a new one.
  return tableTabAction(args, {
    path: "gamification",
    create,
    update: create,
    toasts: { create: "ext_toast_criteria_added" },
  });
}

export default function GamificationTab() {
  const { rows, achievements, challenges, canChange, idempotencyKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useContentTranslation();
  const fmt = new Intl.NumberFormat(i18n.language === "th" ? "th-TH" : "en-GB");
  const none = { value: "", label: t("ext_none") };
  const fields: SettingField[] = [
    {
      name: "name",
      label: t("ext_field_criteria_name"),
      kind: "text",
      required: true,
      hint: t("ext_hint_criteria_name"),
    },
    { name: "point", label: t("ext_field_point"), kind: "number", min: 0, max: POINT_MAX },
    {
      name: "achievement",
      label: t("ext_field_achievement"),
      kind: "select",
      options: [
        none,
        ...achievements.map((a) => ({
          value: String(a.id),
          label: t("ext_achievement_option", { name: a.name, multiplier: a.multiplier }),
        })),
      ],
    },
    {
      name: "challenge",
      label: t("ext_field_challenge"),
      kind: "select",
      options: [none, ...challenges.map((c) => ({ value: String(c.id), label: c.name }))],
    },
  ];
  return (
    <TableTab
      title={t("tab_gamification")}
      intro={t("ext_gamification_intro")}
      rows={rows}
      rowName={(r) => r.name}
      columns={[
        {
          key: "name",
          label: t("ext_field_criteria_name"),
          render: (r) => <span className="font-medium">{r.name}</span>,
        },
        { key: "point", label: t("ext_field_point"), className: "text-right", render: (r) => fmt.format(r.point) },
        {
          key: "achievement",
          label: t("ext_field_achievement"),
          render: (r) =>
            r.achievement
              ? t("ext_achievement_option", { name: r.achievement.name, multiplier: r.achievement.multiplier })
              : "—",
        },
        { key: "challenge", label: t("ext_field_challenge"), render: (r) => r.challenge?.name ?? "—" },
        {
          key: "use",
          label: t("ext_col_use"),
          render: (r) =>
            r.is_in_use ? (
              <span className="rounded bg-amber-50 px-2 py-0.5 text-xs text-amber-900">
                {t("ext_in_use", { count: r.earned_count })}
              </span>
            ) : (
              <span className="rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{t("ext_not_in_use")}</span>
            ),
        },
      ]}
      canChange={canChange}
      add={{
        title: t("ext_criteria_add"),
        submitLabel: t("ext_action_add"),
        fields,
        defaults: { point: "0" },
        idempotencyKey,
      }}
      edit={{
        fields,
        values: (r) => ({
          name: r.name,
          point: String(r.point),
          achievement: r.achievement ? String(r.achievement.id) : "",
          challenge: r.challenge ? String(r.challenge.id) : "",
        }),
      }}
      remove={{ label: t("action_delete"), text: (r) => t("confirm_delete_text", { name: r.name }) }}
      answer={answer}
      empty={t("ext_gamification_empty")}
    />
  );
}

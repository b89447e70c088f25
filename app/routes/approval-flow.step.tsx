import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { FilterOption, Paged } from "../../contract/http";
import { LEVEL_LIST_TYPE, MAX_SUPERVISOR_LEVEL } from "../../contract/request-codes";
import type { ApprovalFlow, ApprovalStep } from "../../contract/schemas/requests";
import type { SettingField } from "~/components/content/settings-form";
import { TableTab } from "~/components/content/table-tab";
import { MoveButtons } from "~/components/requests/move-buttons";
import { itemPage } from "~/lms/item-page.server";
import { rowsTabAction } from "~/lms/request-tabs.server";
import { approvalStepSchema } from "~/lms/request-schemas.server";
import { newIdempotencyKey } from "~/lms/idempotency.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["requests", "requestTypes", "content", "extras"] };

/**
 * A flow's steps (spec 001 §3 "Approval step"; docs/decisions/056): in order, each with whose
 * decision it waits for (the learner's supervisor at a level or up to it, and/or named approvers —
 * only accounts that may decide are offered, and naming them is enough: docs/decisions/074),
 * notification and the days before a waiting request expires. Added, edited, moved and removed
 * with plain forms (the engine's TableTab); the API keeps the steps while requests wait in the flow.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, apiBase, type, can } = await itemPage(args, "view");
  const [{ data: flow }, { data: approvers }] = await Promise.all([
    api.get<ApprovalFlow>(apiBase),
    api.get<Paged<FilterOption & { code: string }>>(`${type.api}approver/`, { query: { page_size: 200 } }),
  ]);
  return data(
    {
      steps: flow.steps,
      approvers: approvers.results.map((a) => ({ value: String(a.id), label: `${a.name} (${a.code})` })),
      canChange: can("change"),
      idempotencyKey: newIdempotencyKey(),
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  return rowsTabAction(args, {
    rows: "step/",
    schema: approvalStepSchema,
    toasts: {
      created: "req_toast_step_added",
      saved: "req_toast_step_saved",
      deleted: "req_toast_step_deleted",
      moved: "req_toast_moved",
    },
  });
}

export default function StepTab() {
  const { steps, approvers, canChange, idempotencyKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const levels = Array.from({ length: MAX_SUPERVISOR_LEVEL + 1 }, (_, l) => ({
    value: String(l),
    label: l === 0 ? t("req_supervisor_none") : t("req_supervisor_level", { level: l }),
  }));
  const fields: SettingField[] = [
    { name: "step_supervisor", label: t("req_field_step_supervisor"), kind: "select", options: levels },
    {
      name: "level_list_type",
      label: t("req_field_level_list_type"),
      kind: "select",
      options: Object.values(LEVEL_LIST_TYPE).map((v) => ({ value: String(v), label: t(`req_level_list_type_${v}`) })),
    },
    {
      name: "approvers",
      label: t("req_field_approvers"),
      kind: "multiselect",
      options: approvers,
      hint: t("req_help_approvers"),
    },
    { name: "is_notification", label: t("req_field_is_notification"), kind: "checkbox" },
    {
      name: "duration_expire",
      label: t("req_field_duration_expire"),
      kind: "number",
      min: 0,
      max: 365,
      unit: t("req_unit_days"),
      hint: t("req_help_duration_expire"),
    },
  ];
  const values = (s: ApprovalStep) => ({
    step_supervisor: String(s.step_supervisor),
    level_list_type: String(s.level_list_type),
    approvers: s.approvers.map((a) => String(a.id)),
    is_notification: s.is_notification,
    duration_expire: String(s.duration_expire),
  });
  const who = (s: ApprovalStep) =>
    [
      s.step_supervisor
        ? t(s.level_list_type === LEVEL_LIST_TYPE.up_to ? "req_who_supervisor_up_to" : "req_who_supervisor", {
            level: s.step_supervisor,
          })
        : null,
      s.approvers.length ? s.approvers.map((a) => a.name).join(", ") : null,
    ]
      .filter(Boolean)
      .join(t("req_or"));
  const name = (s: ApprovalStep) => t("req_step_n", { n: s.sort });
  return (
    <TableTab
      title={t("req_tab_step")}
      intro={t("req_step_intro")}
      rows={steps}
      rowName={name}
      columns={[
        { key: "sort", label: t("req_col_step"), render: (s) => <span className="font-medium">{name(s)}</span> },
        { key: "who", label: t("req_col_who"), render: who },
        {
          key: "expire",
          label: t("req_field_duration_expire"),
          render: (s) => (s.duration_expire ? t("req_days", { count: s.duration_expire }) : t("req_never")),
        },
        {
          key: "notify",
          label: t("req_field_is_notification"),
          render: (s) => (s.is_notification ? t("req_yes") : t("req_no")),
        },
        ...(canChange
          ? [
              {
                key: "move",
                label: t("req_col_order"),
                render: (s: ApprovalStep) => (
                  <MoveButtons id={s.id} name={name(s)} first={s.sort === 1} last={s.sort === steps.length} />
                ),
              },
            ]
          : []),
      ]}
      canChange={canChange}
      add={{
        title: t("req_step_add"),
        submitLabel: t("req_step_add"),
        fields,
        defaults: { step_supervisor: "1", level_list_type: "0", duration_expire: "0" },
        idempotencyKey,
      }}
      edit={{ fields, values }}
      remove={{ label: t("action_delete"), text: (s) => t("req_step_delete_text", { name: name(s) }) }}
      answer={answer}
      empty={t("req_step_empty")}
    />
  );
}

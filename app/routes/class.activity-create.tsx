import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import { answerHolds } from "../../contract/permissions";
import type { ClassActivity } from "../../contract/schemas/class-session-pages";
import { TableTab, type TableTabAnswer } from "~/components/content/table-tab";
import { dash } from "~/lms/paths";
import { classOf, loadClass } from "~/lms/class-session.server";
import { ACTIVITY_ADD, classActivityAction } from "~/lms/class-session-pages.server";
import { newIdempotencyKey } from "~/lms/idempotency.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the class's own come with its URL. */
export const handle = { i18n: ["content"] };

/**
 * create-activity (spec 000 §2.4 "Curriculum sub-pages: create, create-activity…";
 * docs/decisions/045): an Activity — the content type with checklists and inspectors (decision
 * 023) — made from the class's curriculum, for what its learners do beside the sessions (a site
 * visit, a practical to verify). The form asks its name and code; category and provider are the
 * class's. Below, the class's activities, each opening its own pages; unlinking leaves the
 * activity. Creating needs the class's change flag and the activity add flag (without the latter
 * the page lists and says so); a cancelled class only lists.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await classOf(args, "change");
  const [klass, rows] = await Promise.all([
    loadClass(page),
    page.api.get<Paged<ClassActivity>>(`${page.apiBase}activity/`).then((r) => r.data.results),
  ]);
  const canChange = !klass.is_read_only;
  return data(
    {
      base: page.base,
      rows,
      canChange,
      canCreate: canChange && answerHolds(page.permission, ACTIVITY_ADD),
      idempotencyKey: newIdempotencyKey(),
    },
    { headers: page.api.headers() },
  );
}

export const action = (args: ActionFunctionArgs) => classActivityAction(args);

export default function ClassActivityCreate() {
  const { base, rows, canChange, canCreate, idempotencyKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as TableTabAnswer | undefined;
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <a href={`${base}/curriculum`} className="text-sm text-primary hover:underline">
        ‹ {t("tab_curriculum")}
      </a>
      <TableTab
        title={t("cls_activity_create")}
        intro={t("cls_activity_intro")}
        rows={rows}
        rowName={(r) => r.activity.name}
        columns={[
          {
            key: "name",
            label: t("col_name"),
            render: (r) => (
              <a
                href={dash(`activity/${r.activity.id}/information`)}
                className="font-medium text-primary hover:underline"
              >
                {r.activity.name}
              </a>
            ),
          },
          {
            key: "code",
            label: t("col_code"),
            render: (r) => <span className="font-mono text-xs">{r.activity.code}</span>,
          },
          {
            key: "checklists",
            label: t("cls_col_checklists"),
            className: "text-right",
            render: (r) => r.activity.checklist_count,
          },
          { key: "shown", label: t("cls_col_shown"), render: (r) => t(r.activity.is_display ? "cls_yes" : "cls_no") },
        ]}
        canChange={canChange}
        add={
          canCreate
            ? {
                title: t("cls_activity_new"),
                submitLabel: t("cls_activity_create_submit"),
                idempotencyKey,
                fields: [
                  { name: "name", label: t("field_name"), kind: "text", required: true },
                  {
                    name: "code",
                    label: t("field_code"),
                    kind: "text",
                    required: true,
                    hint: t("cls_activity_code_hint"),
                  },
                ],
              }
            : null
        }
        nothingToAdd={canChange ? t("cls_activity_no_add_flag") : undefined}
        remove={{
          label: t("cls_action_unlink"),
          text: (r) => t("cls_activity_unlink_text", { name: r.activity.name }),
        }}
        answer={answer ?? null}
        empty={t("cls_activity_empty")}
      />
    </div>
  );
}

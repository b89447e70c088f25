import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ClassActions } from "~/components/class/class-notice";
import { placeOf } from "~/components/class/session-text";
import { SessionLinks } from "~/components/class/session-links";
import { TableTab, type TableTabAnswer } from "~/components/content/table-tab";
import { useDates } from "~/components/use-dates";
import { classOf, classPost, deleteSession, loadClass, loadSessions } from "~/lms/class-session.server";
import { invariantResponse } from "~/lms/invariant";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the class's own come with its URL. */
export const handle = { i18n: ["content"] };

/**
 * The curriculum tab of a class (spec 000 §2.4): its sessions in time order — date, times, type,
 * place, capacity (0 = unlimited), shown or not — each opening its edit page; with the change flag
 * "add a session" (curriculum/create), delete with a confirmation step and the way to cancel the
 * class. A cancelled class's sessions are read-only (the API refuses every write). Plain links
 * and forms: works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await classOf(args, "view");
  const [klass, rows] = await Promise.all([loadClass(page), loadSessions(page)]);
  return data(
    { rows, base: page.base, canChange: page.can("change") && !klass.is_read_only },
    { headers: page.api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const post = await classPost(args);
  if (post.refused) return post.refused;
  invariantResponse(post.intent === "delete", "Bad Request");
  return deleteSession(post.page, post.form);
}

export default function CurriculumTab() {
  const { rows, base, canChange } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const dates = useDates();
  const warning = answer && "warning" in answer ? (answer as TableTabAnswer) : null;
  return (
    <div className="space-y-4">
      <ClassActions base={base} canChange={canChange} />
      <TableTab
        title={t("tab_curriculum")}
        intro={t("cls_sessions_intro")}
        rows={rows}
        rowName={(r) => r.name}
        columns={[
          {
            key: "name",
            label: t("cls_col_session"),
            render: (r) =>
              canChange ? (
                <a
                  href={`${base}/curriculum/${r.id}/edit`}
                  className="font-medium text-primary hover:underline"
                  aria-label={t("cls_edit_named", { name: r.name })}
                >
                  {r.name}
                </a>
              ) : (
                <span className="font-medium">{r.name}</span>
              ),
          },
          { key: "date", label: t("cls_col_date"), className: "whitespace-nowrap", render: (r) => dates.day(r.date) },
          {
            key: "time",
            label: t("cls_col_time"),
            className: "whitespace-nowrap",
            render: (r) => `${r.start_time}–${r.end_time}`,
          },
          { key: "type", label: t("cls_col_type"), render: (r) => t(`cls_session_type_${r.type}`) },
          { key: "place", label: t("cls_col_place"), render: (r) => placeOf(r) ?? t("cls_none") },
          {
            key: "capacity",
            label: t("cls_col_capacity"),
            className: "text-right",
            render: (r) => (r.capacity === 0 ? t("cls_capacity_unlimited") : r.capacity),
          },
          { key: "display", label: t("cls_col_shown"), render: (r) => (r.is_display ? t("cls_yes") : t("cls_no")) },
          // Its own pages (docs/decisions/045): live, material, survey (and edit, from its name).
          {
            key: "pages",
            label: t("cls_col_session_pages"),
            render: (r) => <SessionLinks base={base} session={r.id} canChange={false} name={r.name} />,
          },
        ]}
        canChange={canChange}
        add={null}
        remove={{
          label: t("action_delete"),
          // The API unpublishes a displayed class left without sessions (it may not be shown without one).
          text: (r) =>
            [t("cls_delete_text", { name: r.name }), rows.length === 1 ? t("cls_delete_last") : ""].join(" ").trim(),
        }}
        answer={warning}
        empty={t("cls_sessions_empty")}
      />
    </div>
  );
}

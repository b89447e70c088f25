import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { MSG } from "../../contract/messages";
import { ChecklistForm, checklistDefaults } from "~/components/activity/checklist-form";
import { checklistText } from "~/components/activity/checklist-text";
import { checklistHref, slotProgressHref, verifyHref } from "~/components/activity/links";
import { TableTab, type TableTabAnswer } from "~/components/content/table-tab";
import { IdempotencyInput } from "~/components/idempotency-input";
import { activityOf, activityPost, checklistConstraint, loadChecklists, writeChecklist } from "~/lms/activity.server";
import { newIdempotencyKey } from "~/lms/idempotency.server";
import { invariantResponse } from "~/lms/invariant";
import { placeChoices } from "~/lms/places.server";
import { redirectWithToast } from "~/lms/toast.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras"] };

/**
 * The checklist tab of an activity (spec 000 §2.3; spec 001 §3 "Activity checklist"): its
 * checklists in order with their scores, place, who checks in and verifies, inspectors and
 * learners' counts; each opens its own page, its waiting count the verify page. With the change
 * flag: a create form and delete with a confirmation step (plain forms: works without JavaScript).
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await activityOf(args, "view");
  const canChange = page.can("change");
  const [rows, places] = await Promise.all([loadChecklists(page), canChange ? placeChoices(page.api) : null]);
  // The create form's key: a post retried after its answer was lost adds one checklist (docs/decisions/094).
  return data(
    {
      rows,
      places,
      base: page.base,
      canChange,
      canVerify: page.can("progress"),
      constraint: checklistConstraint,
      idempotencyKey: newIdempotencyKey(),
    },
    { headers: page.api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const post = await activityPost(args, "change", "checklist");
  if (post.refused) return post.refused;
  const { page, form, intent, here } = post;
  if (intent === "create") return writeChecklist(page, form, null, here);
  invariantResponse(intent === "delete", "Bad Request");
  const id = String(form.get("id") ?? "");
  invariantResponse(/^\d{1,12}$/.test(id), "Bad Request");
  const back = `${page.base}/checklist`;
  const res = await page.api.delete<{ detail?: string }>(`${page.apiBase}checklist/${id}/`, {
    accept: [400, 404, 424],
  });
  if (res.status === 404)
    return redirectWithToast(
      back,
      { type: "error", message: MSG.not_found, status: 404 },
      { headers: page.api.headers() },
    );
  // spec 002 §8: a refused delete shows the warning dialog with the reason.
  if (res.status !== 204)
    return data<TableTabAnswer>(
      { warning: res.data?.detail ?? MSG.cannot_delete_because_dependency },
      { status: res.status, headers: page.api.headers() },
    );
  return redirectWithToast(
    back,
    { type: "success", message: "act_toast_checklist_deleted" },
    { headers: page.api.headers() },
  );
}

export default function ChecklistTab() {
  const { rows, places, base, canChange, canVerify, constraint, idempotencyKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const added = answer && "form" in answer ? answer.result : null;
  const warning = answer && "warning" in answer ? answer : null;
  const text = new Map(rows.map((r) => [r.id, checklistText(r, t)]));
  return (
    <div className="space-y-6">
      <TableTab
        title={t("tab_checklist")}
        intro={t("act_checklist_intro")}
        rows={rows}
        rowName={(r) => r.name}
        columns={[
          { key: "sort", label: "#", className: "w-8 text-slate-600", render: (r) => rows.indexOf(r) + 1 },
          {
            key: "name",
            label: t("col_name"),
            render: (r) => (
              <>
                <a href={checklistHref(base, r.id)} className="font-medium text-primary hover:underline">
                  {r.name}
                </a>
                <span className="block text-xs text-slate-600">{text.get(r.id)?.place}</span>
              </>
            ),
          },
          {
            key: "score",
            label: t("act_col_score"),
            className: "whitespace-nowrap",
            render: (r) => text.get(r.id)?.score,
          },
          { key: "check", label: t("act_col_check_by"), render: (r) => text.get(r.id)?.checkBy },
          { key: "verify", label: t("act_col_verify_by"), render: (r) => text.get(r.id)?.verifyBy },
          { key: "file", label: t("act_col_attach_file"), render: (r) => text.get(r.id)?.file },
          {
            key: "inspectors",
            label: t("act_col_inspectors"),
            className: "text-right",
            render: (r) => r.inspector_list.length,
          },
          {
            key: "slots",
            label: t("act_col_slots"),
            className: "whitespace-nowrap",
            render: (r) => (
              <span className="flex flex-col text-xs">
                {canVerify && r.count.waiting ? (
                  <a href={verifyHref(base, r.id)} className="font-medium text-primary hover:underline">
                    {t("act_count_waiting", { n: r.count.waiting })}
                  </a>
                ) : (
                  <span>{t("act_count_waiting", { n: r.count.waiting })}</span>
                )}
                {canVerify ? (
                  <a href={slotProgressHref(base, r.id)} className="text-slate-600 hover:underline">
                    {t("act_count_passed_failed", { passed: r.count.passed, failed: r.count.failed })}
                  </a>
                ) : (
                  <span className="text-slate-600">
                    {t("act_count_passed_failed", { passed: r.count.passed, failed: r.count.failed })}
                  </span>
                )}
              </span>
            ),
          },
        ]}
        canChange={canChange}
        add={null}
        remove={{
          label: t("action_delete"),
          // The API unpublishes an activity left without checklists (it may not be shown without one).
          text: (r) =>
            [t("act_checklist_delete_text", { name: r.name }), rows.length === 1 ? t("act_checklist_delete_last") : ""]
              .join(" ")
              .trim(),
        }}
        answer={warning}
        empty={t("act_checklist_empty")}
      />
      {canChange && places ? (
        <section
          aria-labelledby="checklist-add-title"
          className="max-w-3xl rounded border border-slate-200 bg-white p-4"
        >
          <h3 id="checklist-add-title" className="mb-3 text-base font-semibold">
            {t("act_checklist_add")}
          </h3>
          {/* A new row remounts the form, so it starts empty again with JavaScript too. */}
          <ChecklistForm
            key={rows.map((r) => r.id).join(",")}
            id="checklist-add"
            intent="create"
            constraint={constraint}
            defaultValue={checklistDefaults()}
            lastResult={added}
            places={places}
            submitLabel={t("act_checklist_add_submit")}
          />
          {/* Posted with the form (its `form` attribute): the checklist's own page shares the form, without a key. */}
          <IdempotencyInput form="checklist-add" value={idempotencyKey} />
        </section>
      ) : null}
    </div>
  );
}

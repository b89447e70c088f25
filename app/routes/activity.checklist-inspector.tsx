import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { InspectorForm, InspectorRules } from "~/components/activity/inspectors";
import { checklistHref } from "~/components/activity/links";
import { OrderedGroup } from "~/components/content/ordered-groups";
import { activityOf, activityPost, inspectorChoices, inspectorIntent, loadChecklists } from "~/lms/activity.server";
import { invariantResponse } from "~/lms/invariant";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras"] };

/**
 * The checklist tab's inspector page (spec 001 §3 "Inspector flags: direct manager, group,
 * account"): every inspector rule of every checklist, grouped by checklist in the checklists'
 * order; with the change flag, remove buttons and an add form choosing the checklist, the kind
 * and its group or account. Plain forms: works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await activityOf(args, "view");
  const canChange = page.can("change");
  const [checklists, choices] = await Promise.all([
    loadChecklists(page),
    canChange ? inspectorChoices(page, args.request) : null,
  ]);
  return data({ checklists, choices, base: page.base, canChange }, { headers: page.api.headers() });
}

export async function action(args: ActionFunctionArgs) {
  const post = await activityPost(args, "change", "inspector");
  if (post.refused) return post.refused;
  const answer = await inspectorIntent(post.page, post.form, post.intent, null, post.here);
  invariantResponse(answer, "Bad Request");
  return answer;
}

export default function ChecklistInspectors() {
  const { checklists, choices, base, canChange } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t("tab_inspector")}</h2>
        <p className="text-sm text-slate-600">{t("act_inspector_intro")}</p>
      </div>
      {checklists.length ? (
        checklists.map((c, i) => (
          <OrderedGroup
            key={c.id}
            labelledBy={`checklist-${c.id}`}
            position={t("act_checklist_n", { n: i + 1 })}
            title={c.name}
            actions={
              <a
                href={checklistHref(base, c.id)}
                className="text-sm text-primary hover:underline"
                aria-label={t("act_checklist_open_named", { name: c.name })}
              >
                {t("act_checklist_open")}
              </a>
            }
          >
            <InspectorRules
              rows={c.inspector_list}
              canChange={canChange}
              caption={t("act_inspectors_of", { name: c.name })}
            />
          </OrderedGroup>
        ))
      ) : (
        <p className="rounded border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {t("act_checklist_empty")}
        </p>
      )}
      {canChange && choices && checklists.length ? (
        <InspectorForm
          checklists={checklists.map((c) => ({ value: String(c.id), label: c.name }))}
          choices={choices}
          result={answer?.result}
        />
      ) : null}
    </div>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { SLOT_STATUSES } from "../../contract/activity-codes";
import type { ChecklistRow, SlotRow } from "../../contract/schemas/activity";
import { ChecklistForm, checklistDefaults } from "~/components/activity/checklist-form";
import { checklistText } from "~/components/activity/checklist-text";
import { InspectorForm, InspectorRules } from "~/components/activity/inspectors";
import { verifyHref } from "~/components/activity/links";
import { SlotTable } from "~/components/activity/slot-table";
import { FactList } from "~/components/content/fact-list";
import { Pager } from "~/components/content/pager";
import { QueryFilters } from "~/components/content/query-filters";
import {
  activityOf,
  activityPost,
  checklistConstraint,
  idParam,
  inspectorChoices,
  inspectorIntent,
  loadChecklist,
  writeChecklist,
  type FormAnswer,
} from "~/lms/activity.server";
import { loadPagedList, zoneOffset } from "~/lms/enrollment.server";
import { invariantResponse } from "~/lms/invariant";
import { placeChoices } from "~/lms/places.server";
import { SEARCH_KEY } from "~/lms/list-query";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment", "extras"] };

/**
 * One checklist of an activity (checklist/{checklistid}): its figures, its edit form (PATCH), its
 * inspector rules with add and remove, and its learners' slots — status, score, check-in,
 * submission, verification — filtered by status or a search, each linking to the verify page.
 * A checklist of another activity is a 404. Forms need the change flag; plain forms throughout.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await activityOf(args, "view");
  const checklistId = idParam(args.params.checklistid);
  const canChange = page.can("change");
  // The learners' slots are progress data (the API asks the progress flag for them).
  const canVerify = page.can("progress");
  const checklist = await loadChecklist(page, checklistId);
  const [slots, choices, places, offset] = await Promise.all([
    canVerify
      ? loadPagedList<SlotRow>(page.api, `${page.apiBase}checklist/${checklistId}/slot/`, args.request, [
          SEARCH_KEY,
          "status",
        ])
      : null,
    canChange ? inspectorChoices(page, args.request) : null,
    canChange ? placeChoices(page.api) : null,
    zoneOffset(),
  ]);
  return data(
    {
      checklist,
      slots: slots?.list ?? null,
      badQuery: !!slots?.badQuery,
      choices,
      places,
      offset,
      base: page.base,
      canChange,
      canVerify,
      constraint: checklistConstraint,
    },
    { headers: page.api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const post = await activityPost(args, "change", "checklist");
  if (post.refused) return post.refused;
  const { page, form, intent, here } = post;
  const checklistId = idParam(args.params.checklistid);
  const inspector = await inspectorIntent(page, form, intent, checklistId, here);
  if (inspector) return inspector;
  invariantResponse(intent === "save", "Bad Request");
  return writeChecklist(page, form, checklistId, here);
}

/** The checklist's settings and counts as a fact grid. */
function ChecklistFacts({ c }: { c: ChecklistRow }) {
  const { t } = useTranslation();
  const text = checklistText(c, t);
  return (
    <FactList
      facts={[
        ["act_col_score", text.score],
        ["act_col_place", text.place],
        ["act_col_attach_file", text.file],
        ["act_col_check_by", text.checkBy],
        ["act_col_verify_by", text.verifyBy],
        [
          "act_col_slots",
          t("act_counts", {
            checked_in: c.count.checked_in,
            waiting: c.count.waiting,
            passed: c.count.passed,
            failed: c.count.failed,
            resubmit: c.count.resubmit,
          }),
        ],
      ]}
    />
  );
}

export default function ChecklistPage() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const c = d.checklist;
  const resultOf = (form: FormAnswer["form"]) => (answer?.form === form ? answer.result : null);
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start gap-3">
        <div>
          <a href={`${d.base}/checklist`} className="text-sm text-primary hover:underline">
            ‹ {t("act_checklist_all")}
          </a>
          <h2 className="text-lg font-semibold text-slate-900">{c.name}</h2>
          {c.desc ? <p className="max-w-3xl whitespace-pre-line text-sm text-slate-600">{c.desc}</p> : null}
        </div>
        {d.canVerify ? (
          <a
            href={verifyHref(d.base, c.id)}
            className="ml-auto rounded bg-primary px-4 py-2 text-sm font-medium text-primary-fg hover:opacity-90"
          >
            {t("act_verify_waiting", { n: c.count.waiting })}
          </a>
        ) : null}
      </div>
      <ChecklistFacts c={c} />

      <div className="grid gap-6 xl:grid-cols-2">
        {d.canChange && d.places ? (
          <section
            aria-labelledby="checklist-edit-title"
            className="h-fit rounded border border-slate-200 bg-white p-4"
          >
            <h3 id="checklist-edit-title" className="mb-3 text-base font-semibold">
              {t("act_checklist_edit")}
            </h3>
            <ChecklistForm
              key={c.datetime_update}
              id="checklist-edit"
              intent="save"
              constraint={d.constraint}
              defaultValue={checklistDefaults(c)}
              lastResult={resultOf("checklist")}
              places={d.places}
              submitLabel={t("action_save")}
            />
          </section>
        ) : null}
        <section aria-labelledby="checklist-inspectors-title" className="h-fit space-y-3">
          <div className="rounded border border-slate-200 bg-white p-4">
            <h3 id="checklist-inspectors-title" className="mb-2 text-base font-semibold">
              {t("tab_inspector")}
            </h3>
            <InspectorRules
              rows={c.inspector_list}
              canChange={d.canChange}
              caption={t("act_inspectors_of", { name: c.name })}
            />
          </div>
          {d.canChange && d.choices ? (
            <InspectorForm checklistId={c.id} choices={d.choices} result={resultOf("inspector")} />
          ) : null}
        </section>
      </div>

      {d.slots ? (
        <section aria-labelledby="checklist-slots-title" className="space-y-3">
          <h3 id="checklist-slots-title" className="text-base font-semibold">
            {t("act_slots_title")}
          </h3>
          <QueryFilters
            id="slot-filters"
            placeholder={t("enr_search_placeholder")}
            selects={[
              {
                name: "status",
                label: t("enr_col_status"),
                options: SLOT_STATUSES.map((s) => ({ value: String(s), label: t(`progress_status_${s}`) })),
              },
            ]}
          />
          {d.badQuery ? (
            <p className="text-sm text-red-700" role="alert">
              {t("invalid")}
            </p>
          ) : null}
          <SlotTable
            rows={d.slots.results}
            checklist={c}
            base={d.base}
            offset={d.offset}
            caption={t("act_slots_title")}
          />
          <Pager count={d.slots.count} page={d.slots.page} pageSize={d.slots.page_size} />
        </section>
      ) : null}
    </div>
  );
}

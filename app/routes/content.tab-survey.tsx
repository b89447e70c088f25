import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import type { Paged } from "../../contract/http";
import type { ContentSurvey } from "../../contract/schemas/extras";
import { TableTab } from "~/components/content/table-tab";
import { allows } from "~/lms/content-navigation.server";
import { contentTypeOf, itemId, pathAfterItem, requireContent } from "~/lms/content.server";
import { contentSurveyCreateSchema, contentSurveyUpdateSchema, masterList, tableTabAction } from "~/lms/extras.server";
import { registryTab, tabApiPath } from "~/lms/registry-tab.server";
import { newIdempotencyKey } from "~/lms/idempotency.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras"] };

/**
 * The survey tab (issue 6 item 4): the surveys attached to the content, in the order they were
 * attached, each optional or required. Attaching and detaching leave the survey itself alone.
 *
 * The same page serves the surveys of a part of the item (a class session's, docs/decisions/045):
 * its registry page names the API path (`api`, `{sessionid}` from the URL); the part's name heads
 * the page (GET of that path without its last segment).
 */
const surveyPath = (args: LoaderFunctionArgs, type: Parameters<typeof registryTab>[0]) =>
  tabApiPath(registryTab(type, args.request), args.params, "survey/");

export async function loader(args: LoaderFunctionArgs) {
  const { api, type, permission } = await requireContent(args, "view");
  const id = itemId(type, args.params);
  const path = surveyPath(args, type);
  const part = path === "survey/" ? null : path.replace(/[^/]+\/$/, "");
  const tab = registryTab(type, args.request);
  // A part's page links back to its tab (a session's surveys: the curriculum), and may name its own intro.
  const [tabId] = pathAfterItem(args.request);
  const parent = part ? (type.tabs as { id: string; labelKey: string }[]).find((t) => t.id === tabId) : undefined;
  const back = parent
    ? { href: new URL(args.request.url).pathname.split(`/${tabId}/`)[0] + `/${tabId}`, labelKey: parent.labelKey }
    : null;
  const intro = (tab as { texts?: { intro?: string } } | undefined)?.texts?.intro ?? "ext_survey_intro";
  const [{ data: rows }, surveys, scope] = await Promise.all([
    api.get<Paged<ContentSurvey>>(`${type.api}${id}/${path}`, { query: { page_size: 1000 } }),
    masterList<{ survey_type: number; is_publish: boolean }>(api, "survey"),
    part ? api.get<{ name: string }>(`${type.api}${id}/${part}`).then((r) => r.data.name) : Promise.resolve(null),
  ]);
  // The rows' results pages live under the tab's own address (registry/content.js SURVEY).
  const base = new URL(args.request.url).pathname.replace(/\/$/, "");
  return data(
    {
      rows: rows.results,
      surveys,
      scope,
      back,
      intro,
      base,
      canChange: allows(type, permission, "change"),
      idempotencyKey: newIdempotencyKey(),
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  return tableTabAction(args, {
    path: surveyPath(args, contentTypeOf(args.request)).replace(/\/$/, ""),
    create: contentSurveyCreateSchema,
    update: contentSurveyUpdateSchema,
    toasts: { create: "ext_toast_survey_attached", delete: "ext_toast_survey_detached" },
  });
}

export default function SurveyTab() {
  const { rows, surveys, scope, back, intro, base, canChange, idempotencyKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useContentTranslation();
  const taken = new Set(rows.map((r) => r.survey.id));
  const free = surveys.filter((s) => !taken.has(s.id));
  const required = { name: "is_required", label: t("ext_field_is_required"), kind: "checkbox" as const };
  const badge = (ok: boolean, yes: string, no: string) => (
    <span
      className={`rounded px-2 py-0.5 text-xs ${ok ? "bg-emerald-50 text-emerald-800" : "bg-slate-100 text-slate-700"}`}
    >
      {ok ? yes : no}
    </span>
  );
  const table = (
    <TableTab
      title={scope ? t("ext_survey_of", { name: scope }) : t("tab_survey")}
      intro={t(intro)}
      rows={rows}
      rowName={(r) => r.survey.name}
      columns={[
        // The survey's own page (docs/decisions/062), for a course's, a class's and a session's rows alike.
        {
          key: "name",
          label: t("ext_col_survey"),
          render: (r) => (
            <a href={`/dashboard/survey/${r.survey.id}`} className="font-medium text-primary hover:underline">
              {r.survey.name}
            </a>
          ),
        },
        {
          key: "code",
          label: t("col_code"),
          render: (r) => <span className="font-mono text-xs">{r.survey.code}</span>,
        },
        { key: "type", label: t("ext_col_survey_type"), render: (r) => t(`ext_survey_type_${r.survey.survey_type}`) },
        {
          key: "publish",
          label: t("col_publish_status"),
          render: (r) => badge(r.survey.is_publish, t("ext_survey_published"), t("ext_survey_unpublished")),
        },
        {
          key: "required",
          label: t("ext_col_required"),
          render: (r) => badge(r.is_required, t("ext_required_yes"), t("ext_required_no")),
        },
        // The survey's results among this content's learners (docs/decisions/081); not a session's rows.
        ...(scope
          ? []
          : [
              {
                key: "results",
                label: t("ext_survey_results"),
                render: (r: ContentSurvey) => (
                  <a
                    href={`${base}/${r.id}/result`}
                    className="text-primary hover:underline"
                    aria-label={t("ext_survey_results_of", { name: r.survey.name })}
                  >
                    {t("ext_survey_results")}
                  </a>
                ),
              },
            ]),
      ]}
      canChange={canChange}
      add={
        free.length
          ? {
              title: t("ext_survey_add"),
              submitLabel: t("ext_action_attach"),
              fields: [
                {
                  name: "survey",
                  label: t("ext_col_survey"),
                  kind: "select",
                  required: true,
                  options: [
                    { value: "", label: t("choose") },
                    ...free.map((s) => ({
                      value: String(s.id),
                      label: `${s.name} (${t(`ext_survey_type_${s.survey_type}`)}${s.is_publish ? "" : ` · ${t("ext_survey_unpublished")}`})`,
                    })),
                  ],
                },
                required,
              ],
              idempotencyKey,
            }
          : null
      }
      nothingToAdd={t("ext_survey_all_added")}
      edit={{ fields: [required], values: (r) => ({ is_required: r.is_required }) }}
      remove={{ label: t("ext_action_detach"), text: (r) => t("ext_survey_detach_text", { name: r.survey.name }) }}
      answer={answer}
      empty={t("ext_survey_empty")}
    />
  );
  if (!back) return table;
  return (
    <div className="space-y-3">
      <a href={back.href} className="text-sm text-primary hover:underline">
        ‹ {t(back.labelKey)}
      </a>
      {table}
    </div>
  );
}

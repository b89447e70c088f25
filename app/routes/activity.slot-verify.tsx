import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "~/components/form-props";
import { useForm } from "~/components/use-form";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { MSG } from "../../contract/messages";
// Codes from activity-codes: contract/schemas/activity would bring zod into the browser.
import { SLOT_WAITING, VERIFY_VIEW_TYPES, type VerifyViewType } from "../../contract/activity-codes";
import type { ChecklistRow, SlotRow } from "../../contract/schemas/activity";
import { verifyHref } from "~/components/activity/links";
import { scoreText, SlotTable } from "~/components/activity/slot-table";
import { DataTable } from "~/components/content/data-table";
import { FactList } from "~/components/content/fact-list";
import { Pager } from "~/components/content/pager";
import { ProgressBadge } from "~/components/content/progress-badge";
import { QueryFilters } from "~/components/content/query-filters";
import { CheckboxField, controlClass, CsrfInput, ErrorList, Field, TextareaField } from "~/components/forms";
import {
  activityOf,
  activityPost,
  idParam,
  loadChecklist,
  loadChecklists,
  parseForm,
  slotIds,
  verifyConstraintFor,
  verifySchema,
  type ActivityPage,
  type FormAnswer,
  type Result,
} from "~/lms/activity.server";
import { apiFieldErrors } from "~/lms/content-form.server";
import { loadPagedList, zoneOffset } from "~/lms/enrollment.server";
import { invariantResponse } from "~/lms/invariant";
import { SEARCH_KEY } from "~/lms/list-query";
import { formatInstant } from "~/lms/format";
import { redirectWithToast } from "~/lms/toast.server";
import { FormSubmit } from "~/components/activity/form-submit";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment"] };

/**
 * The verify page (checklist/{checklistid?}/slot/{slotid?}/verify/{view_type?}; spec 000 §2.3):
 * without a checklist, the checklists to choose from with their waiting counts; with one, its
 * slots of the view (waiting — submitted, status 22 — by default, or all); with a slot, the
 * learner's submission and the verify form (a score from 0 to the full score, a note, or sent
 * back to re-submit), previous and next within the view. Verifying goes on to the next waiting
 * slot. Needs the progress flag; the API also checks that the user may verify that learner.
 */
const viewOf = (raw: string | undefined): VerifyViewType => {
  const view = raw ?? "waiting";
  invariantResponse((VERIFY_VIEW_TYPES as readonly string[]).includes(view), "Not Found", { status: 404 });
  return view as VerifyViewType;
};

async function loadSlot(page: ActivityPage, checklistId: number, slotId: number) {
  const res = await page.api.get<SlotRow>(`${page.apiBase}checklist/${checklistId}/slot/${slotId}/`, { accept: [404] });
  invariantResponse(res.status === 200, "Not Found", { status: 404, headers: page.api.headers() });
  return res.data;
}

export async function loader(args: LoaderFunctionArgs) {
  const page = await activityOf(args, "progress");
  const { checklistid, slotid } = args.params;
  const view = viewOf(args.params.view_type);
  const common = { base: page.base, view, offset: await zoneOffset() };
  const headers = () => page.api.headers();
  if (!checklistid) {
    invariantResponse(!slotid, "Not Found", { status: 404 });
    return data({ ...common, step: "choose" as const, checklists: await loadChecklists(page) }, { headers: headers() });
  }
  const checklistId = idParam(checklistid);
  const checklist = await loadChecklist(page, checklistId);
  if (!slotid) {
    const path = `${page.apiBase}checklist/${checklistId}/slot/${view === "waiting" ? "?waiting=1" : ""}`;
    const { list } = await loadPagedList<SlotRow>(page.api, path, args.request, [SEARCH_KEY]);
    return data({ ...common, step: "list" as const, checklist, slots: list }, { headers: headers() });
  }
  const slotId = idParam(slotid);
  const [slot, ids] = await Promise.all([loadSlot(page, checklistId, slotId), slotIds(page, checklistId, view)]);
  const at = ids.indexOf(slotId);
  return data(
    {
      ...common,
      step: "slot" as const,
      checklist,
      slot,
      at: at >= 0 ? { n: at + 1, total: ids.length, prev: ids[at - 1] ?? null, next: ids[at + 1] ?? null } : null,
      constraint: verifyConstraintFor(checklist),
    },
    { headers: headers() },
  );
}

/** The waiting slot to verify after `slotId`: the next one in the waiting list as it was, else the first left. */
function nextWaiting(before: number[], after: number[], slotId: number): number | null {
  const at = before.indexOf(slotId);
  const rest = after.filter((id) => id !== slotId);
  return rest.find((id) => before.indexOf(id) > at) ?? rest[0] ?? null;
}

export async function action(args: ActionFunctionArgs) {
  const post = await activityPost(args, "progress", "verify");
  if (post.refused) return post.refused;
  const { page, form, intent } = post;
  const view = viewOf(args.params.view_type);
  const checklistId = idParam(args.params.checklistid);
  const slotId = idParam(args.params.slotid);
  invariantResponse(intent === "verify", "Bad Request");
  const submission = parseForm(form, verifySchema);
  if (submission.status !== "success")
    return data<FormAnswer>({ form: "verify", result: submission.reply() as Result }, { status: 400 });
  const before = await slotIds(page, checklistId, "waiting");
  const res = await page.api.post<Record<string, unknown> & Partial<SlotRow>>(
    `${page.apiBase}checklist/${checklistId}/slot/${slotId}/verify/`,
    submission.value,
    { accept: [400, 403, 404] },
  );
  const headers = () => page.api.headers();
  if (res.status === 404)
    return redirectWithToast(
      verifyHref(page.base, checklistId, null, view),
      { type: "error", message: MSG.not_found, status: 404 },
      { headers: headers() },
    );
  // 403: the user holds the progress flag but does not inspect this learner (not_inspector).
  if (res.status === 400 || res.status === 403)
    return data<FormAnswer>(
      { form: "verify", result: submission.reply(apiFieldErrors(res.data)) as Result },
      { status: res.status, headers: headers() },
    );
  const next = nextWaiting(before, await slotIds(page, checklistId, "waiting"), slotId);
  const message =
    res.data.status === 30
      ? "act_toast_passed"
      : res.data.status === -5
        ? "act_toast_failed"
        : res.data.status === 6
          ? "act_toast_sent_back"
          : "act_toast_verified";
  return redirectWithToast(
    verifyHref(page.base, checklistId, next, view),
    { type: "success", message, values: { name: res.data.account?.name ?? "" } },
    { headers: headers() },
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export default function VerifyPage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="verify-title" className="space-y-4">
      <div>
        {d.step !== "choose" ? (
          <a
            href={d.step === "slot" ? verifyHref(d.base, d.checklist.id, null, d.view) : verifyHref(d.base)}
            className="text-sm text-primary hover:underline"
          >
            ‹ {d.step === "slot" ? t("act_verify_back_list") : t("act_verify_back_checklists")}
          </a>
        ) : null}
        <h2 id="verify-title" className="text-lg font-semibold text-slate-900">
          {t("act_verify_title")}
          {d.step !== "choose" ? <span className="font-normal text-slate-600"> · {d.checklist.name}</span> : null}
        </h2>
        {d.step === "choose" ? <p className="text-sm text-slate-600">{t("act_verify_choose")}</p> : null}
      </div>
      {d.step === "choose" ? <ChooseChecklist checklists={d.checklists} base={d.base} /> : null}
      {d.step === "list" ? <SlotList d={d} /> : null}
      {d.step === "slot" ? <SlotPage d={d} /> : null}
    </section>
  );
}

/** The checklists to verify, with what waits in each. */
function ChooseChecklist({ checklists, base }: { checklists: ChecklistRow[]; base: string }) {
  const { t } = useTranslation();
  return (
    <DataTable
      caption={t("tab_checklist")}
      rows={checklists}
      empty={t("act_checklist_empty")}
      columns={[
        {
          key: "name",
          label: t("act_col_checklist"),
          render: (c) => (
            <a href={verifyHref(base, c.id)} className="font-medium text-primary hover:underline">
              {c.name}
            </a>
          ),
        },
        { key: "waiting", label: t("act_col_waiting"), className: "text-right", render: (c) => c.count.waiting },
        {
          key: "decided",
          label: t("act_col_slots"),
          render: (c) => t("act_count_passed_failed", { passed: c.count.passed, failed: c.count.failed }),
        },
        {
          key: "all",
          label: t("actions"),
          className: "text-right",
          render: (c) => (
            <a
              href={verifyHref(base, c.id, null, "all")}
              aria-label={t("act_view_all_named", { name: c.name })}
              className="text-slate-700 hover:underline"
            >
              {t("act_view_all")}
            </a>
          ),
        },
      ]}
    />
  );
}

/** Links between the two views of the same checklist (and slot). */
function ViewSwitch({
  base,
  checklistId,
  slotId,
  view,
}: {
  base: string;
  checklistId: number;
  slotId?: number;
  view: VerifyViewType;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("act_view")} className="flex flex-wrap gap-1 text-sm">
      {VERIFY_VIEW_TYPES.map((v) => (
        <a
          key={v}
          href={verifyHref(base, checklistId, slotId, v)}
          aria-current={v === view ? "page" : undefined}
          className={`rounded-full border px-3 py-1 ${v === view ? "border-primary bg-primary text-primary-fg" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
        >
          {t(`act_view_type_${v}`)}
        </a>
      ))}
    </nav>
  );
}

function SlotList({ d }: { d: Extract<Loaded, { step: "list" }> }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <ViewSwitch base={d.base} checklistId={d.checklist.id} view={d.view} />
      <QueryFilters id="verify-filters" placeholder={t("enr_search_placeholder")} />
      <SlotTable
        rows={d.slots.results}
        checklist={d.checklist}
        base={d.base}
        offset={d.offset}
        view={d.view}
        caption={t(`act_view_type_${d.view}`)}
        empty={d.view === "waiting" ? t("act_nothing_waiting") : undefined}
      />
      <Pager count={d.slots.count} page={d.slots.page} pageSize={d.slots.page_size} />
    </div>
  );
}

function SlotPage({ d }: { d: Extract<Loaded, { step: "slot" }> }) {
  const { t, i18n } = useTranslation();
  const s = d.slot;
  const c = d.checklist;
  const when = (iso: string | null) => (iso ? formatInstant("dateTime", i18n.language, iso, d.offset) : "—");
  const step = (id: number | null, label: string, rel: string) =>
    id ? (
      <a
        href={verifyHref(d.base, c.id, id, d.view)}
        rel={rel}
        className="rounded border border-slate-300 bg-white px-3 py-1 hover:bg-slate-50"
      >
        {label}
      </a>
    ) : (
      <span className="rounded border border-slate-200 px-3 py-1 text-slate-400" aria-disabled="true">
        {label}
      </span>
    );
  // The API offers can_verify only on a waiting slot, for a user who may verify this learner.
  const refusal = !SLOT_WAITING.includes(s.status) ? "slot_not_waiting" : s.can_verify ? null : "not_inspector";
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <ViewSwitch base={d.base} checklistId={c.id} slotId={s.id ?? undefined} view={d.view} />
        <nav aria-label={t("act_step_nav")} className="ml-auto flex items-center gap-2 text-sm">
          {step(d.at?.prev ?? null, t("previous"), "prev")}
          {d.at ? <span className="text-slate-600">{t("act_position", { n: d.at.n, total: d.at.total })}</span> : null}
          {step(d.at?.next ?? null, t("next"), "next")}
        </nav>
      </div>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <section aria-labelledby="submission-title" className="space-y-3">
          <div className="flex flex-wrap items-center gap-3">
            <h3 id="submission-title" className="text-base font-semibold">
              {s.account.name}{" "}
              <span className="font-mono text-xs font-normal text-slate-600">{s.account.username}</span>
            </h3>
            <ProgressBadge status={s.status} />
          </div>
          <FactList
            facts={[
              ["act_col_checked_in", when(s.datetime_checkin)],
              ["act_col_checked_out", when(s.datetime_checkout)],
              ["act_col_submitted", when(s.datetime_submit)],
              ["act_col_slot_score", scoreText(s.score, c.full_score)],
              ["act_col_verified_by", s.verified_by ? `${s.verified_by.name} · ${when(s.datetime_verify)}` : "—"],
              ["act_col_note", s.note || "—"],
            ]}
          />
          <div className="rounded border border-slate-200 bg-white p-4">
            <h4 className="mb-2 text-sm font-semibold text-slate-700">{t("act_answer")}</h4>
            {s.answer ? (
              <p className="whitespace-pre-line text-sm text-slate-900">{s.answer}</p>
            ) : (
              <p className="text-sm text-slate-600">{t("act_no_answer")}</p>
            )}
            {s.file ? (
              <a
                href={s.file}
                className="mt-3 inline-block text-sm text-primary underline"
                target="_blank"
                rel="noreferrer"
              >
                {t("act_open_file")}
              </a>
            ) : c.is_attach_file ? (
              <p className="mt-3 text-sm text-slate-600">{t("act_no_file")}</p>
            ) : null}
          </div>
        </section>
        {refusal ? (
          <p className="h-fit rounded border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">{t(refusal)}</p>
        ) : (
          // One form per slot: stepping on to the next slot starts it empty.
          <VerifyForm key={s.id} checklist={c} constraint={d.constraint} />
        )}
      </div>
    </div>
  );
}

function VerifyForm({
  checklist: c,
  constraint,
}: {
  checklist: ChecklistRow;
  constraint: Extract<Loaded, { step: "slot" }>["constraint"];
}) {
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "verify-form",
    lastResult: (answer?.result ?? null) as SubmissionResult<string[]> | null,
    constraint: constraint as never,
    shouldValidate: "onSubmit",
  });
  const errors = (list?: string[]) => list?.map((e) => t(e));
  return (
    <section aria-labelledby="verify-form-title" className="h-fit rounded border border-slate-200 bg-white p-4">
      <h3 id="verify-form-title" className="mb-3 text-base font-semibold">
        {t("act_verify_form")}
      </h3>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <CsrfInput />
        <input type="hidden" name="intent" value="verify" />
        <ErrorList id={form.errorId} errors={errors(form.errors)} />
        <Field
          meta={fields.score}
          label={t("act_field_score")}
          errors={errors(fields.score.errors)}
          help={t("act_hint_score", { pass: c.pass_score, full: c.full_score })}
          controlClassName={`${controlClass} max-w-[8rem]`}
          inputProps={{ type: "number", inputMode: "numeric", step: 1 }}
        />
        <TextareaField
          meta={fields.note}
          label={t("act_field_note")}
          errors={errors(fields.note.errors)}
          textareaProps={{ rows: 3 }}
        />
        <CheckboxField
          meta={fields.is_resubmit}
          label={t("act_field_resubmit")}
          errors={errors(fields.is_resubmit.errors)}
          help={t("act_hint_resubmit")}
        />
        <FormSubmit label={t("act_verify_submit")} />
      </Form>
    </section>
  );
}

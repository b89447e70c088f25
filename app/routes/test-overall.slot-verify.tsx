import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "~/components/form-props";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useForm } from "~/components/use-form";
import { useTranslation } from "~/i18n/react";
import { MSG } from "../../contract/messages";
import { VERIFY_VIEWS, type VerifyView } from "../../contract/test-attempt-codes";
import { DataTable } from "~/components/content/data-table";
import { FactList } from "~/components/content/fact-list";
import { Pager } from "~/components/content/pager";
import { FormSubmit } from "~/components/activity/form-submit";
import { controlClass, CsrfInput, ErrorList, Field, TextareaField } from "~/components/forms";
import { PageHeading, scoreOf, SlotChooser, verifyHref } from "~/components/test-overall/parts";
import { apiFieldErrors } from "~/lms/content-form.server";
import { formId } from "~/lms/item-page.server";
import { idParam } from "~/lms/invariant";
import {
  loadSlot,
  loadSlotAnswers,
  loadSlots,
  markConstraintFor,
  markSchema,
  parseWithZod,
  testPage,
  testPost,
  viewOf,
  type VerifyAnswerRow,
} from "~/lms/test-overall.server";
import { redirectWithToast } from "~/lms/toast.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment", "testOverall", "testCodes"] };

/**
 * The verify page (spec 000 §2.8 `slot/{slotid?}/verify/{questionid?}/{view_type?}`;
 * docs/decisions/065): without a slot the sections with what waits in each; with one, the
 * questions its attempts asked; with a question, its answers in the view — "waiting" (default:
 * those still to mark) or "all" — and one of them (`?answer=`, else the first waiting) with its
 * learner, the model answer and the mark form (a score from 0 to the question's score, feedback).
 * Marking recomputes the attempt's score and, when nothing waits, decides it and the learner's
 * progress; the page then goes on to the next waiting answer. View and change progress (spec 002).
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await testPage(args, "progress");
  const { slotid, questionid } = args.params;
  const view = viewOf(args.params.view_type);
  const common = { base: page.base, view };
  const headers = () => page.api.headers();
  if (!slotid) {
    if (questionid) throw new Response("Not Found", { status: 404 });
    return data({ ...common, step: "choose" as const, slots: await loadSlots(page) }, { headers: headers() });
  }
  const slot = await loadSlot(page, slotid);
  if (!questionid) return data({ ...common, step: "questions" as const, slot }, { headers: headers() });
  const questionId = idParam(questionid);
  const question = slot.questions.find((q) => q.question_id === questionId);
  if (!question) throw new Response("Not Found", { status: 404, headers: headers() });
  const { list } = await loadSlotAnswers(page, slot.id, args.request, { questionId, view });
  const asked = new URL(args.request.url).searchParams.get("answer");
  const chosen =
    list.results.find((r) => String(r.id) === asked) ??
    list.results.find((r) => r.score === null) ??
    list.results[0] ??
    null;
  return data(
    {
      ...common,
      step: "answers" as const,
      slot: { id: slot.id, name: slot.name },
      question,
      list,
      chosen,
      constraint: chosen ? markConstraintFor(chosen.max_score) : null,
    },
    { headers: headers() },
  );
}

type Answer = { result: SubmissionResult<string[]> };

export async function action(args: ActionFunctionArgs) {
  const post = await testPost(args, "progress");
  if (post.refused) return post.refused;
  const { page, form, intent, here } = post;
  if (intent !== "verify") throw new Response("Bad Request", { status: 400 });
  const answerId = formId(form, "answer");
  const submission = parseWithZod(form, { schema: markSchema, disableAutoCoercion: true });
  if (submission.status !== "success")
    return data<Answer>({ result: submission.reply() as Answer["result"] }, { status: 400 });
  const res = await page.api.post<{ answer: VerifyAnswerRow; attempt: { status: number } } & Record<string, unknown>>(
    `${page.apiBase}answer/${answerId}/verify/`,
    submission.value,
    { accept: [400, 404] },
  );
  const headers = () => page.api.headers();
  const back = here.replace(/\?.*$/, "");
  if (res.status === 404)
    return redirectWithToast(back, { type: "error", message: MSG.not_found, status: 404 }, { headers: headers() });
  if (res.status === 400)
    return data<Answer>(
      { result: submission.reply(apiFieldErrors(res.data)) as Answer["result"] },
      { status: 400, headers: headers() },
    );
  const status = res.data.attempt.status;
  const message = status === 30 ? "tsto_toast_passed" : status === -5 ? "tsto_toast_failed" : "tsto_toast_marked";
  return redirectWithToast(
    back,
    { type: "success", message, values: { name: res.data.answer.account?.name ?? "" } },
    { headers: headers() },
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

export default function SlotVerify() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (d.step === "choose") {
    return (
      <section aria-labelledby="verify-title">
        <PageHeading id="verify-title" title={t("tsto_verify_title")} />
        <SlotChooser
          slots={d.slots}
          caption={t("tsto_waiting_by_section")}
          href={(s) => verifyHref(d.base, s.id)}
          figure={{ label: t("tsto_col_waiting"), value: (s) => s.waiting }}
        />
      </section>
    );
  }
  if (d.step === "questions") {
    return (
      <section aria-labelledby="verify-title">
        <PageHeading
          id="verify-title"
          title={t("tsto_verify_title")}
          sub={d.slot.name}
          back={{ href: verifyHref(d.base), label: t("tsto_back_sections") }}
        />
        <DataTable
          caption={t("tsto_questions")}
          rows={d.slot.questions.map((q) => ({ ...q, id: q.question_id }))}
          empty={t("tsto_no_answers")}
          columns={[
            {
              key: "question",
              label: t("tsto_col_question"),
              className: "max-w-md break-words",
              render: (q) => (
                <a
                  href={verifyHref(d.base, d.slot.id, q.id, q.waiting ? "waiting" : "all")}
                  className="font-medium text-primary hover:underline"
                >
                  {q.question_desc}
                </a>
              ),
            },
            { key: "type", label: t("tsto_col_type"), render: (q) => t(`tcd_type_${q.question_type}`) },
            {
              key: "answers",
              label: t("tsto_col_answers"),
              className: "text-right tabular-nums",
              render: (q) => q.answers,
            },
            {
              key: "waiting",
              label: t("tsto_col_waiting"),
              className: "text-right tabular-nums",
              render: (q) => q.waiting,
            },
          ]}
        />
      </section>
    );
  }
  return <AnswersPage d={d} />;
}

/** Links between the two views of one question. */
function ViewSwitch({
  base,
  slotId,
  questionId,
  view,
}: {
  base: string;
  slotId: number;
  questionId: number;
  view: VerifyView;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("tsto_view")} className="flex flex-wrap gap-1 text-sm">
      {VERIFY_VIEWS.map((v) => (
        <a
          key={v}
          href={verifyHref(base, slotId, questionId, v)}
          aria-current={v === view ? "page" : undefined}
          className={`rounded-full border px-3 py-1 ${v === view ? "border-primary bg-primary text-primary-fg" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
        >
          {t(`tsto_view_${v}`)}
        </a>
      ))}
    </nav>
  );
}

function AnswersPage({ d }: { d: Extract<Loaded, { step: "answers" }> }) {
  const { t } = useTranslation();
  const here = verifyHref(d.base, d.slot.id, d.question.question_id, d.view);
  const a = d.chosen;
  const markable = a && a.mark_refusal === null;
  return (
    <section aria-labelledby="verify-title" className="space-y-4">
      <PageHeading
        id="verify-title"
        title={t("tsto_verify_title")}
        sub={`${d.slot.name} · ${d.question.question_desc}`}
        back={{ href: verifyHref(d.base, d.slot.id), label: t("tsto_back_questions") }}
      />
      <ViewSwitch base={d.base} slotId={d.slot.id} questionId={d.question.question_id} view={d.view} />
      {a ? (
        <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_24rem]">
          <section aria-labelledby="answer-title" className="space-y-3">
            <h3 id="answer-title" className="text-base font-semibold">
              {a.account?.name}{" "}
              <span className="font-mono text-xs font-normal text-slate-600">{a.account?.username}</span>
            </h3>
            <FactList
              facts={[
                ["tsto_col_attempt", a.attempt_number],
                ["tsto_col_score", scoreOf(a.score, a.max_score)],
                ["tsto_model_answer", a.model_answer || "—"],
                ["tsto_col_feedback", a.feedback || "—"],
              ]}
            />
            <div className="rounded border border-slate-200 bg-white p-4">
              <h4 className="mb-2 text-sm font-semibold text-slate-700">{t("tsto_col_answer")}</h4>
              {a.answer ? (
                <p className="whitespace-pre-line text-sm text-slate-900">{a.answer}</p>
              ) : (
                <p className="text-sm text-slate-600">{t("tsto_no_answer")}</p>
              )}
            </div>
          </section>
          {markable ? (
            <MarkForm key={a.id} answer={a} constraint={d.constraint} />
          ) : (
            <p className="h-fit rounded border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
              {t(a.mark_refusal ?? "answer_not_markable")}
            </p>
          )}
        </div>
      ) : null}
      <DataTable
        caption={t(`tsto_view_${d.view}`)}
        rows={d.list.results}
        empty={t("tsto_nothing_waiting")}
        columns={[
          {
            key: "learner",
            label: t("tsto_col_learner"),
            render: (r) => (
              <a
                href={`${here}?answer=${r.id}`}
                aria-current={r.id === a?.id ? "true" : undefined}
                className="text-primary hover:underline"
              >
                {r.account?.name || r.account?.username || "—"}
              </a>
            ),
          },
          {
            key: "attempt",
            label: t("tsto_col_attempt"),
            className: "text-right tabular-nums",
            render: (r) => r.attempt_number,
          },
          {
            key: "answer",
            label: t("tsto_col_answer"),
            className: "max-w-md truncate",
            render: (r) => r.answer || "—",
          },
          {
            key: "score",
            label: t("tsto_col_score"),
            className: "tabular-nums",
            render: (r) => scoreOf(r.score, r.max_score),
          },
        ]}
      />
      <Pager count={d.list.count} page={d.list.page} pageSize={d.list.page_size} />
    </section>
  );
}

function MarkForm({
  answer,
  constraint,
}: {
  answer: VerifyAnswerRow;
  constraint: Extract<Loaded, { step: "answers" }>["constraint"];
}) {
  const result = useActionData<typeof action>();
  const { t } = useTranslation();
  const last = result && "result" in result ? (result.result as SubmissionResult<string[]>) : null;
  const [form, fields] = useForm({
    id: `mark-${answer.id}`,
    lastResult: last,
    constraint: (constraint ?? undefined) as never,
    shouldValidate: "onSubmit",
    defaultValue: { feedback: answer.feedback },
  });
  const errors = (list?: string[]) => list?.map((e) => t(e));
  return (
    <section aria-labelledby="mark-title" className="h-fit rounded border border-slate-200 bg-white p-4">
      <h3 id="mark-title" className="mb-3 text-base font-semibold">
        {t("tsto_mark_title")}
      </h3>
      {answer.attempt_status !== 22 ? <p className="mb-3 text-sm text-slate-700">{t("tsto_remark_note")}</p> : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <CsrfInput />
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="answer" value={answer.id} />
        <ErrorList id={form.errorId} errors={errors(form.errors)} />
        <Field
          meta={fields.score}
          label={t("tsto_field_score")}
          errors={errors(fields.score.errors)}
          help={t("tsto_hint_score", { max: answer.max_score })}
          controlClassName={`${controlClass} max-w-[8rem]`}
          inputProps={{ type: "number", inputMode: "numeric", step: 1 }}
        />
        <TextareaField
          meta={fields.feedback}
          label={t("tsto_field_feedback")}
          errors={errors(fields.feedback.errors)}
          textareaProps={{ rows: 3 }}
        />
        <FormSubmit label={t("tsto_mark_submit")} />
      </Form>
    </section>
  );
}

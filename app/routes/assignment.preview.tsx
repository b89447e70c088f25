import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import { ASSIGNMENT_PAGE_DELAY_MS } from "../../contract/assignment-codes";
import type { AssignmentPreview } from "../../contract/schemas/assignment";
import { ResultBadge, ResultCounts } from "~/components/assignment/result-badge";
import { DataTable } from "~/components/content/data-table";
import { CsrfInput } from "~/components/forms";
import { PRIMARY_BUTTON } from "~/components/form-basics";
import { useSubmitting } from "~/components/use-submitting";
import { assignmentPage, assignmentPost, contentsOf, learnerPageUrl, toastAnswer } from "~/lms/assignment.server";
import { invariantResponse } from "~/lms/invariant";
import { pathAfterItem } from "~/lms/content.server";
import { asciiUrl } from "~/lms/paths";
import { toastHeader } from "~/lms/toast.server";
import { zoneOffset } from "~/lms/enrollment.server";
import { dateFormats, formatInstant } from "~/lms/format";
import { useMoney } from "~/components/approvals/budget-parts";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "assignment"] };

/**
 * Before saving, what assigning will do (spec 001 §3 "Preview": assigned time, assignment date,
 * period of doing, extension), and how many learners it adds and skips, per result with its
 * meaning (and for a refusal, what to do about it) and per content; who would be charged and how
 * much (issue 33 §3); then the button that does it (an assignment's summary, a suggestion's
 * preview, an auto-assignment's learner preview: a round now). After saving the learner page
 * opens about one second later (spec 001 §1, docs/decisions/051): this page comes back with
 * `?assigned=1` and goes on by itself — a meta refresh without JavaScript, a timer with it.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await assignmentPage(args);
  const url = new URL(args.request.url);
  const [preview, contents, offset] = await Promise.all([
    page.api.get<AssignmentPreview>(`${page.apiBase}preview/`).then((r) => r.data),
    contentsOf(page),
    zoneOffset(),
  ]);
  const assigned = url.searchParams.get("assigned") === "1";
  return data(
    {
      preview,
      contents: contents.map((c) => ({ id: c.id, name: c.name })),
      canChange: page.canChange,
      kind: page.key,
      offset,
      next: assigned ? learnerPageUrl(page, contents[0]?.name) : null,
    },
    { headers: page.api.headers() },
  );
}

// The parents' tags kept, the refresh added: without JavaScript the browser follows it.
export const meta: MetaFunction<typeof loader> = ({ data: d, matches }) => [
  ...matches.flatMap((m) => m.meta ?? []),
  ...(d?.next ? [{ httpEquiv: "refresh", content: `${ASSIGNMENT_PAGE_DELAY_MS / 1000};url=${asciiUrl(d.next)}` }] : []),
];

export async function action(args: ActionFunctionArgs) {
  const post = await assignmentPost(args);
  if (post.refused) return post.refused;
  const { intent } = post;
  const page = { ...post.page, key: post.page.type.key };
  invariantResponse(intent === "assign", "Bad Request");
  const res = await page.api.post<{ add: number }>(`${page.apiBase}assign/`, {}, { accept: [400] });
  const here = `${page.base}/${pathAfterItem(args.request).join("/")}`;
  if (res.status !== 200) return toastAnswer(page, res, here, "");
  const headers = new Headers(page.api.headers());
  headers.append(
    "Set-Cookie",
    await toastHeader({
      type: "success",
      message: page.key === "suggestion" ? "asg_toast_suggested" : "asg_toast_assigned",
      values: { count: res.data.add },
    }),
  );
  return redirect(`${here}?assigned=1`, { headers });
}

type Day = (value: string | null) => string;
const doing = (
  p: AssignmentPreview["content_period_doing"],
  t: (k: string, o?: Record<string, unknown>) => string,
  day: Day,
) =>
  p.type_expire === 1
    ? t("asg_until", { date: day(p.datetime_expire) })
    : p.type_expire === 2
      ? t("asg_for_days", { count: p.duration_expire ?? 0 })
      : t(`asg_type_expire_${p.type_expire}`);
const expand = (
  p: AssignmentPreview["content_period_expand"],
  t: (k: string, o?: Record<string, unknown>) => string,
  day: Day,
) =>
  p.type_expand === 1
    ? t("asg_until", { date: day(p.datetime_expand) })
    : p.type_expand === 2
      ? t("asg_for_days", { count: p.duration_expand ?? 0 })
      : t(`asg_type_expand_${p.type_expand}`);

/** Who pays, in one sentence: nobody (no charge, or nothing priced), or how many and how much. */
function chargeText(
  p: AssignmentPreview,
  t: (k: string, o?: Record<string, unknown>) => string,
  money: (n: number) => string,
) {
  if (p.is_no_charge) return t("asg_preview_no_charge");
  if (!p.charged.learners) return t("asg_preview_free");
  return t("asg_preview_charged", { count: p.charged.learners, amount: money(p.charged.total / 100) });
}

export default function AssignmentPreviewTab() {
  const { preview: p, contents, canChange, kind, next, offset } = useLoaderData<typeof loader>();
  const busy = useSubmitting();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const dates = dateFormats(i18n.language, offset);
  const money = useMoney();
  const costOf = new Map(p.contents.map((c) => [c.id, c.cost]));
  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => navigate(next), ASSIGNMENT_PAGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [next, navigate]);
  const label =
    kind === "suggestion" ? "asg_do_suggest" : kind === "auto_assignment" ? "asg_do_round" : "asg_do_assign";
  const nameOf = new Map(contents.map((c) => [c.id, c.name]));
  return (
    <div className="space-y-6">
      {next ? (
        <p role="status" className="rounded border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
          {t("asg_saved_opening")}{" "}
          <a href={next} className="font-medium underline">
            {t("asg_open_learners")}
          </a>
        </p>
      ) : null}
      <section aria-labelledby="preview-title" className="space-y-3">
        <h2 id="preview-title" className="text-lg font-semibold">
          {t("asg_preview_title")}
        </h2>
        <p className="text-sm text-slate-600">
          {t(kind === "suggestion" ? "asg_preview_intro_suggestion" : "asg_preview_intro")}
        </p>
        <dl className="grid gap-x-6 gap-y-2 rounded border border-slate-200 bg-white p-4 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-slate-600">{t("asg_assigned_time")}</dt>
            <dd className="font-medium">{formatInstant("dateTime", i18n.language, p.assigned_time, offset)}</dd>
          </div>
          <div>
            <dt className="text-slate-600">{t("asg_field_datetime_assign")}</dt>
            <dd className="font-medium">{p.datetime_assign ? dates.date(p.datetime_assign) : t("asg_on_assigning")}</dd>
          </div>
          {kind !== "suggestion" ? (
            <>
              <div>
                <dt className="text-slate-600">{t("asg_period_doing")}</dt>
                <dd className="font-medium">{doing(p.content_period_doing, t, dates.date)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{t("asg_period_expand")}</dt>
                <dd className="font-medium">{expand(p.content_period_expand, t, dates.date)}</dd>
              </div>
            </>
          ) : null}
        </dl>
        <p className="text-base">
          <strong>{t("asg_preview_add", { count: p.add })}</strong> · {t("asg_preview_skip", { count: p.skip })} ·{" "}
          {t("asg_preview_learners", { count: p.count_learner })}
        </p>
        {kind !== "suggestion" ? <p className="text-sm font-medium text-slate-800">{chargeText(p, t, money)}</p> : null}
        <ResultCounts counts={p.by_result} advice />
        <DataTable
          caption={t("asg_preview_by_content")}
          rows={p.contents}
          empty={t("asg_content_empty")}
          columns={[
            { key: "name", label: t("asg_col_content"), render: (c) => c.name },
            { key: "add", label: t("asg_col_add"), render: (c) => c.add },
            { key: "skip", label: t("asg_col_skip"), render: (c) => c.skip },
            ...(kind !== "suggestion"
              ? [
                  {
                    key: "price",
                    label: t("asg_col_price"),
                    className: "text-right",
                    render: (c: AssignmentPreview["contents"][number]) => (c.cost ? money(c.cost / 100) : "—"),
                  },
                  {
                    key: "charged",
                    label: t("asg_col_charged"),
                    className: "text-right",
                    render: (c: AssignmentPreview["contents"][number]) => money(c.charged / 100),
                  },
                ]
              : []),
            { key: "why", label: t("asg_col_why"), render: (c) => <ResultCounts counts={c.by_result} /> },
          ]}
        />
        {p.lines.length ? (
          <details className="rounded border border-slate-200 bg-white">
            <summary className="cursor-pointer px-4 py-2 text-sm font-medium text-primary">
              {t("asg_preview_lines", { count: p.lines.length })}
            </summary>
            <ul className="divide-y divide-slate-100 px-4 py-2 text-sm">
              {p.lines.map((l) => (
                <li key={`${l.account}-${l.content}`} className="flex flex-wrap items-center gap-2 py-1">
                  <span className="font-mono text-xs">{l.username ?? l.account}</span> · {nameOf.get(l.content)}{" "}
                  <ResultBadge code={l.result} />
                  {l.cost > 0 && l.balance !== null ? (
                    <span className="text-xs text-slate-700">
                      {t("asg_line_charged", { amount: money(l.cost / 100), balance: money(l.balance / 100) })}
                    </span>
                  ) : null}
                  {l.result === 7 && l.balance !== null ? (
                    <span className="text-xs text-red-800">
                      {t("asg_line_short", {
                        amount: money((costOf.get(l.content) ?? 0) / 100),
                        balance: money(l.balance / 100),
                      })}
                    </span>
                  ) : null}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </section>
      {canChange ? (
        <Form method="post" className="flex items-center justify-end gap-3">
          <CsrfInput />
          {!p.contents.length || !p.count_learner ? (
            <p className="text-sm text-amber-800">{t("asg_preview_incomplete")}</p>
          ) : null}
          <button type="submit" name="intent" value="assign" disabled={busy} className={PRIMARY_BUTTON}>
            {t(label)}
          </button>
        </Form>
      ) : null}
    </div>
  );
}

import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import type { Paged } from "../../contract/http";
import { PROGRESS_STATUS } from "../../contract/codes";
import type { EnrollmentRow } from "../../contract/schemas/enrollment";
import { answerHolds } from "../../contract/permissions";
import { allows } from "~/lms/content-navigation.server";
import { DataTable, type DataColumn } from "~/components/content/data-table";
import { ProgressBadge } from "~/components/content/progress-badge";
import { itemId, requireContent } from "~/lms/content.server";
import { formatInstant } from "~/lms/format";
import { itemPaths, zoneOffset } from "~/lms/enrollment.server";
import { dash } from "~/lms/paths";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment"] };

/**
 * Overall › Inbox (spec 000 §2.6 "overall with inbox"; issue 36; docs/decisions/099): what of this
 * content waits for an administrator — learners whose enrolment waits (for an approval, a seat, a
 * form, a content request) and learners whose completion waits to be verified, the oldest first,
 * each box with its count and the page where it is dealt with: the enrolment approvals filtered
 * to this content, the learner list of the waiting set, the progress list of those verifying.
 * Read-only links: it works without JavaScript.
 */
const SHOWN = 20;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, type, permission } = await requireContent(request, "learner");
  const id = itemId(type, params);
  const paths = itemPaths(type, id);
  const page = (query: Record<string, string | number>) =>
    api.get<Paged<EnrollmentRow>>(`${paths.api}learner/`, {
      query: { ...query, ordering: "datetime_enroll", page_size: SHOWN },
    });
  const [waiting, verifying] = await Promise.all([
    page({ status_set: "waiting" }),
    page({ status: PROGRESS_STATUS.verifying }),
  ]);
  const decides =
    answerHolds(permission, "enrollment_view_enrollment") || answerHolds(permission, "decides_enrollment");
  return data(
    {
      offset: await zoneOffset(),
      waiting: { rows: waiting.data.results, count: waiting.data.count },
      verifying: { rows: verifying.data.results, count: verifying.data.count },
      learnersHref: `${paths.base}/overall/learner?status_set=waiting`,
      approvalsHref: decides ? dash(`enrollment/waiting?content_type=${type.key}&content=${id}`) : null,
      progressHref: allows(type, permission, "progress")
        ? `${paths.base}/overall/progress?status=${PROGRESS_STATUS.verifying}`
        : null,
    },
    { headers: api.headers() },
  );
}

const linkClass = "text-sm font-medium text-primary underline";

export default function OverallInbox() {
  const d = useLoaderData<typeof loader>();
  const { t, i18n } = useContentTranslation();
  const day = (iso: string | null) => (iso ? formatInstant("date", i18n.language, iso, d.offset) : "—");
  const columns: DataColumn<EnrollmentRow>[] = [
    {
      key: "name",
      label: t("enr_col_name"),
      render: (r) => (
        <>
          <span className="block font-medium text-slate-900">{`${r.account.first_name} ${r.account.last_name}`}</span>
          <span className="block font-mono text-xs text-slate-600">{r.account.username}</span>
        </>
      ),
    },
    { key: "department", label: t("enr_col_department"), render: (r) => r.account.department?.name ?? "—" },
    { key: "status", label: t("enr_col_status"), render: (r) => <ProgressBadge status={r.status} /> },
    {
      key: "datetime_enroll",
      label: t("enr_col_enrolled"),
      render: (r) => <time dateTime={r.datetime_enroll}>{day(r.datetime_enroll)}</time>,
    },
  ];
  const boxes = [
    {
      id: "inbox-waiting",
      title: t("inbox_waiting_title"),
      intro: t("inbox_waiting_intro"),
      box: d.waiting,
      links: [
        d.approvalsHref ? { href: d.approvalsHref, label: t("inbox_open_approvals") } : null,
        { href: d.learnersHref, label: t("inbox_open_learners") },
      ],
    },
    {
      id: "inbox-verifying",
      title: t("inbox_verifying_title"),
      intro: t("inbox_verifying_intro"),
      box: d.verifying,
      links: [d.progressHref ? { href: d.progressHref, label: t("inbox_open_progress") } : null],
    },
  ];
  return (
    <div className="space-y-8">
      <h2 className="text-lg font-semibold">{t("overall_inbox")}</h2>
      {d.waiting.count + d.verifying.count === 0 ? (
        <p className="rounded border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {t("inbox_empty")}
        </p>
      ) : null}
      {boxes.map(({ id, title, intro, box, links }) => (
        <section key={id} aria-labelledby={id} className="space-y-3">
          <h3 id={id} className="text-base font-semibold">
            {title} <span className="text-slate-600">({box.count})</span>
          </h3>
          <p className="text-sm text-slate-600">{intro}</p>
          {box.count ? (
            <>
              <DataTable columns={columns} rows={box.rows} caption={title} />
              {box.count > box.rows.length ? (
                <p className="text-sm text-slate-600">
                  {t("inbox_more", { shown: box.rows.length, count: box.count })}
                </p>
              ) : null}
            </>
          ) : null}
          <p className="flex flex-wrap gap-4">
            {links.map((l) =>
              l ? (
                <a key={l.href} href={l.href} className={linkClass}>
                  {l.label}
                </a>
              ) : null,
            )}
          </p>
        </section>
      ))}
    </div>
  );
}

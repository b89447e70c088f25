import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { EnrollmentRow } from "../../contract/schemas/enrollment";
import { allows } from "~/lms/content-navigation.server";
import { DataTable, type DataColumn } from "~/components/content/data-table";
import { ExportLinks } from "~/components/content/export-links";
import { Pager } from "~/components/content/pager";
import { ProgressBadge } from "~/components/content/progress-badge";
import { ProgressFilters } from "~/components/content/progress-filters";
import { itemId, requireContent, type Action } from "~/lms/content.server";
import { builtTabs } from "~/registry/content.js";
import { formatInstant } from "~/lms/format";
import { itemPaths, loadEnrollments, zoneOffset } from "~/lms/enrollment.server";
import { useItemWritable } from "~/components/content/item-writable";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "enrollment"] };

/**
 * Overall › Learners (spec 000 §2.5; issue 6 item 6): the item's enrolled learners with search,
 * paging, the status groups and selectable sets, sortable columns, the way to enrol more and the
 * exports. Plain links and GET forms: it works without JavaScript.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, type, permission } = await requireContent(request, "learner");
  const id = itemId(type, params);
  const paths = itemPaths(type, id);
  const { list, badQuery } = await loadEnrollments(api, `${paths.api}learner/`, request);
  return data(
    {
      list,
      badQuery,
      offset: await zoneOffset(),
      enrollHref: `${paths.base}/overall/learner/enroll`,
      exportHref: allows(type, permission, "export") ? `${paths.base}/overall/learner/export` : null,
      // A type's own page of one learner (a class learner's sessions, docs/decisions/046): a link per row.
      rowPages: (builtTabs(type.overall).find((p) => p.id === "learner")?.children ?? [])
        .filter((c) => "param" in c && c.param && allows(type, permission, (c.action ?? "view") as Action))
        .map((c) => ({ labelKey: c.labelKey, base: `${paths.base}/overall/learner`, id: c.id })),
    },
    { headers: api.headers() },
  );
}

export default function OverallLearner() {
  const d = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  // A read-only item (a cancelled class) takes no more learners: no way to the enrol page.
  const writable = useItemWritable();
  /** The day of an instant in the organisation's zone. */
  const day = (iso: string) => formatInstant("date", i18n.language, iso, d.offset);
  const columns: DataColumn<EnrollmentRow>[] = [
    {
      key: "name",
      label: t("enr_col_name"),
      sort: "name",
      render: (r) => (
        <>
          <span className="block font-medium text-slate-900">{`${r.account.first_name} ${r.account.last_name}`}</span>
          <span className="block font-mono text-xs text-slate-600">{r.account.username}</span>
        </>
      ),
    },
    { key: "email", label: t("enr_col_email"), sort: "email", render: (r) => r.account.email },
    { key: "department", label: t("enr_col_department"), render: (r) => r.account.department?.name ?? "—" },
    { key: "status", label: t("enr_col_status"), sort: "status", render: (r) => <ProgressBadge status={r.status} /> },
    { key: "add_method", label: t("enr_col_add_method"), render: (r) => t(`add_method_${r.add_method}`) },
    { key: "added_by", label: t("enr_col_added_by"), render: (r) => t(`added_by_${r.added_by}`) },
    {
      key: "datetime_enroll",
      label: t("enr_col_enrolled"),
      sort: "datetime_enroll",
      render: (r) => <time dateTime={r.datetime_enroll}>{day(r.datetime_enroll)}</time>,
    },
    ...d.rowPages.map((p) => ({
      key: `page-${p.id}`,
      label: t(p.labelKey),
      render: (r: EnrollmentRow) => (
        <a href={`${p.base}/${r.id}/${p.id}`} className="text-xs text-primary underline">
          {t(p.labelKey)}
        </a>
      ),
    })),
  ];
  return (
    <section aria-labelledby="learner-title">
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 id="learner-title" className="text-lg font-semibold">
          {t("overall_learner")}
        </h2>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {d.exportHref ? <ExportLinks href={d.exportHref} /> : null}
          {writable ? (
            <a
              href={d.enrollHref}
              className="rounded bg-primary px-4 py-1.5 text-sm font-medium text-primary-fg hover:opacity-90"
            >
              {t("enr_enroll_action")}
            </a>
          ) : null}
        </div>
      </div>
      <ProgressFilters />
      {d.badQuery ? (
        <p className="my-3 text-sm text-red-700" role="alert">
          {t("invalid")}
        </p>
      ) : null}
      <DataTable columns={columns} rows={d.list.results} caption={t("overall_learner")} empty={t("enr_no_learners")} />
      <Pager count={d.list.count} page={d.list.page} pageSize={d.list.page_size} />
    </section>
  );
}

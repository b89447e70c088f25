import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import type { Paged } from "../../contract/http";
import type { IdentificationAttempt } from "../../contract/schemas/overall";
import { DataTable } from "~/components/content/data-table";
import { IdentificationFilters, identificationColumns } from "~/components/content/identification-parts";
import { Pager } from "~/components/content/pager";
import { itemId, requireContent } from "~/lms/content.server";
import { canonicalListQuery } from "~/lms/list-query";
import { readListPage } from "~/lms/paging.server";
import { zoneOffset } from "~/lms/zone.server";
import { formatInstant } from "~/lms/format";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras"] };

/**
 * The identification log of a content item (spec 000 §2.5 overall "identification"; issue 6
 * item 6): every identity check of its learners — method (0 otp, 1 random alert, 2 photo) and
 * result (waiting, pass, failed) — newest first, searchable by learner, filterable by method
 * and result, paged. Read-only.
 */
const KEYS = ["search", "method", "status", "ordering"] as const;

export async function loader(args: LoaderFunctionArgs) {
  const { api, type } = await requireContent(args, "view");
  const id = itemId(type, args.params);
  const url = new URL(args.request.url);
  const canonical = canonicalListQuery(url.searchParams);
  if (canonical) throw redirect(`${url.pathname}${canonical.size ? `?${canonical}` : ""}`);
  const q = url.searchParams;
  const query: Record<string, string | number> = {};
  for (const k of KEYS) if (q.get(k)) query[k] = q.get(k)!;
  // spec 002 §8: a page past the last lands on the last one (paging.server.ts).
  const res = await readListPage<Paged<IdentificationAttempt>>(api, `${type.api}${id}/identification/`, {
    url,
    query,
    accept: [400, 404],
  });
  return data(
    {
      list: res.status === 200 ? res.data : { results: [], count: 0, page_size: 50, next: null, page: 1 },
      badQuery: res.status === 400,
      offset: await zoneOffset(),
    },
    { headers: api.headers() },
  );
}

export default function IdentificationLog() {
  const d = useLoaderData<typeof loader>();
  const { t, i18n } = useContentTranslation();
  return (
    <section aria-labelledby="identification-title" className="space-y-4">
      <div>
        <h2 id="identification-title" className="text-lg font-semibold text-slate-900">
          {t("overall_identification")}
        </h2>
        <p className="text-sm text-slate-600">{t("ext_identification_intro")}</p>
      </div>
      <IdentificationFilters id="identification-filters" />
      {d.badQuery ? (
        <p className="text-sm text-red-700" role="alert">
          {t("invalid")}
        </p>
      ) : null}
      <DataTable
        caption={t("overall_identification")}
        empty={t("no_results")}
        rows={d.list.results}
        columns={[
          {
            key: "when",
            label: t("ext_col_when"),
            sort: "datetime_create",
            render: (r) => (
              <time dateTime={r.datetime_create}>
                {formatInstant("dateTime", i18n.language, r.datetime_create, d.offset)}
              </time>
            ),
          },
          ...identificationColumns<IdentificationAttempt>(t),
          { key: "section", label: t("ext_col_section"), render: (r) => r.section ?? "—" },
        ]}
      />
      <Pager count={d.list.count} page={d.list.page} pageSize={d.list.page_size} />
    </section>
  );
}

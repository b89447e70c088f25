import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import type { ProgramContent } from "../../contract/schemas/master-data";
import { Pager } from "~/components/content/pager";
import { useDates } from "~/components/use-dates";
import { CONTENT_TYPES } from "~/registry/content.js";
import { itemId, requireContent } from "~/lms/content.server";
import { readListPage } from "~/lms/paging.server";
import { dash } from "~/lms/paths";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "program"] };

const EMPTY: Paged<ProgramContent> = { results: [], count: 0, page_size: 50, next: null, page: 1 };

/**
 * A learning program's contents (spec 000 §2.6 /learning-program/{programid}/content; issue 36
 * §3, docs/decisions/097): every content, of any type, that names the program, by name, each
 * linked to its own page. A content joins or leaves from its own form's program field, so this
 * page only reads. Links only: works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, type } = await requireContent(args, "view");
  const url = new URL(args.request.url);
  const res = await readListPage<Paged<ProgramContent>>(api, `${type.api}${itemId(type, args.params)}/content/`, {
    url,
    query: {},
    accept: [404],
  });
  const page = res.status === 200 ? res.data : EMPTY;
  const segments = new Map(CONTENT_TYPES.map((t) => [t.key, t.segment]));
  return data(
    {
      page,
      rows: page.results.map((r) => {
        const segment = segments.get(r.content_type);
        return { ...r, href: segment ? dash(`${segment}/${r.id}`) : null };
      }),
    },
    { headers: api.headers() },
  );
}

export default function ProgramContents() {
  const { page, rows } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <section aria-labelledby="program-content-title">
      <h2 id="program-content-title" className="mb-1 text-lg font-semibold">
        {t("program_tab_content")}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t("program_content_intro")}</p>
      {rows.length === 0 ? (
        <p className="rounded border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          {t("program_content_empty")}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-xs uppercase text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-2">
                  {t("col_name")}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t("col_code")}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t("program_col_type")}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t("program_col_display")}
                </th>
                <th scope="col" className="px-2 py-2">
                  {t("col_updated")}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.content_type}-${r.id}`} className="border-b border-slate-100">
                  <td className="px-2 py-2 font-medium">
                    {r.href ? (
                      <a href={r.href} className="text-primary underline">
                        {r.name}
                      </a>
                    ) : (
                      r.name
                    )}
                  </td>
                  <td className="px-2 py-2 font-mono text-xs">{r.code}</td>
                  <td className="px-2 py-2">{t(`content_${r.content_type}`)}</td>
                  <td className="px-2 py-2">{t(r.is_display ? "program_shown" : "program_hidden")}</td>
                  <td className="px-2 py-2">{dates.dateTime(r.datetime_update)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager count={page.count} page={page.page} pageSize={page.page_size} capped={page.count_capped} />
    </section>
  );
}

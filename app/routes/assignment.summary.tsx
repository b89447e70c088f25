import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { AssignmentResults } from "../../contract/schemas/assignment";
import { ResultCounts } from "~/components/assignment/result-badge";
import { assignmentPage, contentsOf } from "~/lms/assignment.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "assignment"] };

/**
 * A suggestion's summary (spec 000 §2.10 /suggestion/{id} "summary"; docs/decisions/053): per
 * content, how many learners it was suggested to and why the others were left out, each result
 * with its meaning; the learner tab lists them one by one.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await assignmentPage(args);
  const contents = await contentsOf(page);
  const counts = await Promise.all(
    contents.map(async (c) => ({
      id: c.id,
      name: c.name,
      by_result: (
        await page.api.get<AssignmentResults>(`${page.apiBase}learner/`, { query: { content: c.id, page_size: 1 } })
      ).data.by_result,
    })),
  );
  return data({ counts, learnerHref: `${page.base}/learner` }, { headers: page.api.headers() });
}

export default function AssignmentSummaryTab() {
  const { counts, learnerHref } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="summary-title" className="space-y-4">
      <h2 id="summary-title" className="text-lg font-semibold">
        {t("asg_summary_title")}
      </h2>
      {counts.length ? (
        <ul className="space-y-3">
          {counts.map((c) => (
            <li key={c.id} className="rounded border border-slate-200 bg-white p-4">
              <h3 className="mb-2 font-semibold">{c.name}</h3>
              <ResultCounts counts={c.by_result} advice />
              <a
                href={`${learnerHref}?contentName=${encodeURIComponent(c.name)}`}
                className="mt-2 inline-block text-sm text-primary underline"
              >
                {t("asg_see_learners")}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{t("asg_content_empty")}</p>
      )}
    </section>
  );
}

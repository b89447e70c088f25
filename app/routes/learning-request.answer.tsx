import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Form, FormSubmission, LearningRequest } from "../../contract/schemas/requests";
import { FormAnswers } from "~/components/requests/form-answers";
import { REQUEST_KIND_DEFS } from "~/components/requests/kinds";
import { requirePermission } from "~/lms/auth.server";
import { invariantResponse } from "~/lms/invariant";
import { dash } from "~/lms/paths";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["requests", "content"] };

/**
 * A learning request's request form answers (spec 000 §2.10
 * /learning-request/{requestid}/request-form/{requestformid?}/section/{sectionid?};
 * docs/decisions/058): the form it answered, section by section (a section bar; all sections
 * without `sectionid`). A form or section that is not the request's is a 404.
 */
export async function loader(args: LoaderFunctionArgs) {
  const def = REQUEST_KIND_DEFS[0];
  const { api } = await requirePermission(args, def.flags.view, [def.decides]);
  const id = Number(args.params.requestid);
  const [{ data: request }, { data: answers }] = await Promise.all([
    api.get<LearningRequest>(`${def.api}${id}/`),
    api.get<{ form: Form | null; submission: FormSubmission | null }>(`${def.api}${id}/answer/`),
  ]);
  const { requestformid, sectionid } = args.params;
  if (requestformid !== undefined)
    invariantResponse(answers.form && String(answers.form.id) === requestformid, "Not Found", { status: 404 });
  if (sectionid !== undefined)
    invariantResponse(
      answers.form?.sections.some((s) => String(s.id) === sectionid),
      "Not Found",
      { status: 404 },
    );
  return data(
    { request, ...answers, sectionId: sectionid === undefined ? null : Number(sectionid) },
    { headers: api.headers() },
  );
}

export default function RequestAnswers() {
  const { request, form, submission, sectionId } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const base = form ? dash(`learning-request/${request.id}/request-form/${form.id}/section`) : "";
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <p className="text-sm">
          <a href={dash(`learning-request/${request.id}`)} className="text-primary hover:underline">
            ← {request.name}
          </a>
        </p>
        <h1 className="text-2xl font-semibold">{t("req_answer_title")}</h1>
        {form ? <p className="text-sm text-slate-700">{form.name}</p> : null}
      </header>
      {form && submission ? (
        <>
          <nav aria-label={t("req_answer_sections")} className="flex flex-wrap gap-1 border-b border-slate-200">
            {[{ id: null as number | null, name: t("req_all_sections") }, ...form.sections].map((s) => (
              <a
                key={s.id ?? "all"}
                href={s.id === null ? base : `${base}/${s.id}`}
                aria-current={sectionId === s.id ? "page" : undefined}
                className={`-mb-px border-b-2 px-3 py-2 text-sm ${sectionId === s.id ? "border-primary font-semibold text-primary" : "border-transparent text-slate-700"}`}
              >
                {s.name}
              </a>
            ))}
          </nav>
          <section className="rounded border border-slate-200 bg-white p-4">
            <FormAnswers form={form} submission={submission} sectionId={sectionId ?? undefined} />
          </section>
        </>
      ) : (
        <p className="rounded border border-slate-200 bg-white p-4 text-sm text-slate-600">{t("req_no_form")}</p>
      )}
    </div>
  );
}

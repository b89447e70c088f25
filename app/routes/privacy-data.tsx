import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import { CsrfInput, FormErrors } from "~/components/form-basics";
import { lms } from "~/lms/api.server";
import { getProfile, signInUrl } from "~/lms/auth.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm } from "~/lms/read-form.server";
import { dash, safeNext } from "~/lms/paths";
import { afterSignIn } from "~/lms/sign-in.server";
import { invariantResponse } from "~/lms/invariant";
import { PRIVACY_PAGES, privacyPage, type PrivacyPage } from "~/lms/privacy-pages";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["account"] };

type TermDoc = { id: number; topic: string; body: string; version: number; is_accepted: boolean };

/** The document of the page's name: the dashboard's or the learner front's (privacy-pages.ts). */
function pageOf(params: { page?: string }): PrivacyPage {
  const page = privacyPage(params.page);
  invariantResponse(page, "Not Found", { status: 404 });
  return page;
}

/**
 * Where the page returns to: `from`, the page that sent the reader here (spec 002 §2: the terms
 * pages take `from`), or sign-in's `next`; only an address of the dashboard (safeNext).
 */
function returnOf(request: Request): string | null {
  const q = new URL(request.url).searchParams;
  return safeNext(q.get("from")) ?? safeNext(q.get("next"));
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = pageOf(params);
  const api = lms(request);
  const profile = await getProfile(api);
  if (!profile) throw api.redirect(signInUrl(request));
  const path = params.id ? `${PRIVACY_PAGES[page].api}${params.id}/` : PRIVACY_PAGES[page].api;
  const res = await api.get<Paged<TermDoc> | TermDoc>(path, { accept: [404] });
  const doc = res.status === 404 ? null : "results" in res.data ? (res.data.results[0] ?? null) : res.data;
  return data({ page, doc, csrf: api.csrfToken, next: returnOf(request) }, { headers: api.headers() });
}

/** Accepting records the version, then sign-in's order decides the next stop. */
export async function action({ request, params }: ActionFunctionArgs) {
  const page = pageOf(params);
  const api = lms(request);
  const { form, refusal } = await readForm(request);
  if (!form) return data({ result: refusal.result }, { status: refusal.status });
  await requireCsrf(api, form);
  const id = Number(form.get("id"));
  invariantResponse(Number.isInteger(id) && id > 0, "Bad Request");
  await api.post(`${PRIVACY_PAGES[page].api}${id}/accept/`, {});
  const profile = await getProfile(api);
  if (!profile) throw api.redirect(signInUrl(request));
  return afterSignIn(api, request, profile, returnOf(request));
}

export default function PrivacyData() {
  const refused = useActionData<typeof action>();
  const { page, doc, csrf, next } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-3xl p-6">
      <h1 className="text-2xl font-semibold">{doc?.topic ?? t(PRIVACY_PAGES[page].titleKey)}</h1>
      {doc ? (
        <>
          <p className="mt-1 text-sm text-slate-500">{t("version_n", { n: doc.version })}</p>
          <article className="mt-6 whitespace-pre-line rounded border bg-white p-6 leading-relaxed">{doc.body}</article>
          {doc.is_accepted ? (
            <p className="mt-4 text-emerald-700">{t("already_accepted")}</p>
          ) : (
            <Form method="post" className="mt-6 flex flex-wrap gap-3">
              <FormErrors result={refused?.result} t={t} />
              <CsrfInput token={csrf} />
              <input type="hidden" name="id" value={doc.id} />
              <button type="submit" className="rounded bg-primary px-4 py-2 font-medium text-primary-fg">
                {t("accept")}
              </button>
            </Form>
          )}
        </>
      ) : (
        <p className="mt-6 text-slate-600">{t("document_not_published")}</p>
      )}
      <a href={next ?? dash()} className="mt-6 inline-block text-sm text-primary underline">
        {t(next ? "go_back" : "go_to_home")}
      </a>
    </main>
  );
}

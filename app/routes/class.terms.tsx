import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CsrfInput, ErrorList, SaveBar } from "~/components/form-basics";
import { useSubmitting } from "~/components/use-submitting";
import { loadClass } from "~/lms/class-session.server";
import { itemPage, loadTerms, saveTerms } from "~/lms/class-options.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the class's own come with its URL. */
export const handle = { i18n: ["content"] };

/**
 * Settings › Terms of a class inside a program (spec 000 §2.4 "settings (permission, terms)",
 * docs/decisions/047): the terms and conditions a learner accepts for this class, whether
 * accepting them is required, and how many learners have. Only under a program (the registry's
 * `mountedOnly`; the API answers 404 for a class on its own). Saving needs the change flag; a
 * cancelled class shows them read-only. A plain form: it works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await itemPage(args, "view");
  const terms = await loadTerms(page);
  const klass = await loadClass(page);
  return data({ terms, canSave: page.can("change") && !klass.is_read_only }, { headers: page.api.headers() });
}

export const action = (args: ActionFunctionArgs) => saveTerms(args);

export default function ClassTermsPage() {
  const { terms, canSave } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { t } = useTranslation();
  const busy = useSubmitting();
  const failed = posted && "errors" in posted ? posted : null;
  const shown = failed?.typed ?? terms;
  const termErrors = (failed?.errors.fields.terms ?? []).map((e) => t(e));
  return (
    <section aria-labelledby="terms-title" className="max-w-2xl space-y-4">
      <h2 id="terms-title" className="text-lg font-semibold text-slate-900">
        {t("cls_terms")}
      </h2>
      <p className="text-sm text-slate-700">{t("cls_terms_intro", { program: terms.class_program?.name ?? "" })}</p>
      <p className="text-sm text-slate-700">{t("cls_terms_accepted", { n: terms.accepted_count })}</p>
      <Form method="post" className="space-y-4 rounded border border-slate-200 bg-white p-5">
        <CsrfInput />
        <input type="hidden" name="intent" value="save" />
        <ErrorList errors={(failed?.errors.form ?? []).map((e) => t(e))} />
        <fieldset disabled={!canSave} className="space-y-4">
          <div>
            <label htmlFor="terms" className="block text-sm font-medium text-slate-800">
              {t("cls_terms_text")}
            </label>
            <textarea
              id="terms"
              name="terms"
              rows={8}
              defaultValue={shown.terms}
              aria-invalid={termErrors.length ? true : undefined}
              aria-describedby={termErrors.length ? "terms-errors" : undefined}
              className="mt-1 w-full rounded border border-slate-300 px-3 py-2 text-sm"
            />
            <ErrorList id="terms-errors" errors={termErrors} />
          </div>
          <div className="flex items-start gap-2">
            <input
              type="checkbox"
              id="is_terms_required"
              name="is_terms_required"
              defaultChecked={shown.is_terms_required}
              className="mt-0.5 h-4 w-4"
            />
            <label htmlFor="is_terms_required" className="text-sm text-slate-800">
              {t("cls_terms_required")}
            </label>
          </div>
        </fieldset>
        {canSave ? <SaveBar busy={busy}>{t("action_save")}</SaveBar> : null}
      </Form>
    </section>
  );
}

import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CsrfInput, ErrorList, TextareaField } from "~/components/forms";
import { useSubmitting } from "~/components/use-submitting";
import { cancelClass, classOf, classPost, loadClass } from "~/lms/class-session.server";
import { errorsAt, valueAt } from "~/lms/form-result";
import { invariantResponse } from "~/lms/invariant";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the class's own come with its URL. */
export const handle = { i18n: ["content"] };

/**
 * Cancelling a class (spec 001 §4; docs/decisions/040, 077): a page of its own that says it is
 * for good, what happens to its learners, and asks why — a plain POST form, so it works without
 * JavaScript — then POST class/{id}/cancel/ {reason} and back to the class, whose pages then say
 * it is cancelled, and why, and offer no edits. Without a reason the page comes back with the
 * field's error and nothing is sent. A class already cancelled only says so. Needs the change flag.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await classOf(args, "change");
  const klass = await loadClass(page);
  return data(
    { base: page.base, name: klass.name, cancelledAt: klass.datetime_cancel },
    { headers: page.api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const post = await classPost(args);
  if (post.refused) return post.refused;
  invariantResponse(post.intent === "cancel", "Bad Request");
  return cancelClass(post.page, post.form);
}

export default function CancelClass() {
  const { base, name, cancelledAt } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const result = posted && "result" in posted ? posted.result : undefined;
  const { t } = useTranslation();
  const busy = useSubmitting();
  return (
    <section aria-labelledby="cancel-title" className="max-w-2xl space-y-4 rounded border border-red-200 bg-white p-6">
      <h2 id="cancel-title" className="text-lg font-semibold text-slate-900">
        {t("cls_cancel_title")}
      </h2>
      {cancelledAt ? (
        // The layout above says when; here only the way back.
        <a href={`${base}/information`} className="text-sm text-primary hover:underline">
          ‹ {t("tab_information")}
        </a>
      ) : (
        <>
          <p className="text-sm text-slate-700">{t("cls_cancel_text", { name })}</p>
          <p className="text-sm text-slate-700">{t("cls_cancel_learners")}</p>
          <Form method="post" noValidate className="space-y-4">
            <CsrfInput />
            <input type="hidden" name="intent" value="cancel" />
            <ErrorList id="cancel-errors" errors={errorsAt(result, "")?.map((e) => t(e))} />
            <TextareaField
              id="cancel-reason"
              name="reason"
              label={t("cls_cancel_reason")}
              help={t("cls_cancel_reason_help")}
              requiredMark
              errors={errorsAt(result, "reason")?.map((e) => t(e))}
              textareaProps={{ rows: 4, defaultValue: String(valueAt(result, "reason") ?? "") }}
            />
            <div className="flex flex-wrap justify-end gap-2">
              <a href={`${base}/curriculum`} className="rounded border border-slate-300 px-4 py-2 text-sm">
                {t("cls_cancel_back")}
              </a>
              <button
                type="submit"
                disabled={busy}
                className="rounded bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:opacity-60"
              >
                {t("cls_cancel_confirm")}
              </button>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}

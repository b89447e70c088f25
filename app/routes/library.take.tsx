import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CsrfInput } from "~/components/forms";
import { useSubmitting } from "~/components/use-submitting";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PRIMARY_BUTTON } from "~/components/form-basics";
import { IdempotencyInput } from "~/components/idempotency-input";
import { takeAction, takeLoader } from "~/lms/library.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the type's own come with its URL. */
export const handle = { i18n: ["content", "library"] };

/**
 * Taking a content library item into the organisation's content (docs/decisions/071): what it
 * copies and what it leaves, the copies taken before, and a confirmation that is a real form, so it
 * works without JavaScript. The server half: app/lms/library.server.ts.
 */
export const loader = takeLoader;
export const action = takeAction;

export default function TakeLibraryItem() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const busy = useSubmitting();
  return (
    <section aria-labelledby="take-title" className="max-w-2xl space-y-4 rounded border border-slate-200 bg-white p-6">
      <h2 id="take-title" className="text-lg font-semibold text-slate-900">
        {t("lib_take_title")}
      </h2>
      <p className="text-sm text-slate-700">{t("lib_take_intro", { name: d.name })}</p>
      <dl className="space-y-2 text-sm">
        <dt className="font-medium text-slate-900">{t("lib_take_copies")}</dt>
        <dd className="text-slate-700">{t("lib_take_copies_list")}</dd>
        <dt className="font-medium text-slate-900">{t("lib_take_not_copied")}</dt>
        <dd className="text-slate-700">{t("lib_take_not_copied_list")}</dd>
      </dl>
      <div className="text-sm">
        <h3 className="font-medium text-slate-900">{t("lib_taken_before")}</h3>
        {d.taken.length ? (
          <ul className="mt-1 list-disc pl-5">
            {d.taken.map((c) => (
              <li key={c.id}>
                <a href={c.href} className="text-primary hover:underline">
                  {c.name}
                </a>{" "}
                <span className="font-mono text-slate-600">{c.code}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-slate-600">{t("lib_taken_none")}</p>
        )}
      </div>
      {d.mayAdd ? (
        <Form method="post" className="flex flex-wrap justify-end gap-2">
          <CsrfInput />
          <input type="hidden" name="intent" value="take" />
          <IdempotencyInput value={d.idempotencyKey} />
          <a href={d.back} className="rounded border border-slate-300 px-4 py-2 text-sm">
            {t("lib_take_cancel")}
          </a>
          <button type="submit" disabled={busy} className={PRIMARY_BUTTON}>
            {t("lib_take_confirm")}
          </button>
        </Form>
      ) : (
        <p role="note" className="rounded border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {t("lib_take_not_allowed", { type: t(d.orgLabelKey) })}
        </p>
      )}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}

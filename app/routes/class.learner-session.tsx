import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CsrfInput, ErrorList, SaveBar } from "~/components/form-basics";
import { useDates } from "~/components/use-dates";
import { sessionWhen } from "~/components/class/session-text";
import { useSubmitting } from "~/components/use-submitting";
import { loadClass } from "~/lms/class-session.server";
import { enrollmentIdOf, itemPage, loadSessionChoice, saveSessionChoice } from "~/lms/class-options.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the class's own come with its URL. */
export const handle = { i18n: ["content", "enrollment"] };

/**
 * Overall › Learners › one learner's sessions (spec 001 §3 "Enrollment settings", docs/decisions/046):
 * when the class enrols by session, the sessions this learner attends, ticked from every session
 * of the class with its seats. The rules (minimum, maximum, change, overlap, capacity) are the
 * API's; a refusal comes back as the error under the list, the ticks as they were posted. A
 * plain form: it works without JavaScript. Reading needs the view flag, saving the enrollment flag.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = await itemPage(args, "view");
  const choice = await loadSessionChoice(page, enrollmentIdOf(args));
  const klass = await loadClass(page);
  const canSave =
    page.can("enrollment") && !klass.is_read_only && choice.settings.is_session_enrollment && !choice.is_locked;
  return data(
    { choice, canSave, learnersHref: `${page.base}/overall/learner`, settingsHref: `${page.base}/enrollment` },
    { headers: page.api.headers() },
  );
}

export const action = (args: ActionFunctionArgs) => saveSessionChoice(args);

export default function LearnerSessions() {
  const { choice, canSave, learnersHref, settingsHref } = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const { t } = useTranslation();
  const dates = useDates();
  const busy = useSubmitting();
  const s = choice.settings;
  const failed = posted && "errors" in posted ? posted : null;
  const ticked = new Set(failed ? failed.chosen.map(Number) : choice.results.filter((r) => r.chosen).map((r) => r.id));
  const fieldErrors = (failed?.errors.fields.session_list ?? []).map((e) => t(e));
  const formErrors = (failed?.errors.form ?? []).map((e) => t(e));
  return (
    <section aria-labelledby="sessions-title" className="max-w-3xl space-y-4">
      <h2 id="sessions-title" className="text-lg font-semibold text-slate-900">
        {t("cls_session_enrollment_of", { name: choice.account.name || choice.account.username })}
      </h2>
      <a href={learnersHref} className="text-sm text-primary underline">
        ‹ {t("overall_learner")}
      </a>
      {!s.is_session_enrollment ? (
        <p role="status" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t("cls_msg_session_enrollment_off")}{" "}
          <a href={settingsHref} className="underline">
            {t("cls_enrollment_settings_link")}
          </a>
        </p>
      ) : (
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700">
          <li>{t("cls_session_rule_count", { min: s.minimum, max: s.maximum })}</li>
          <li>{s.is_allow_change ? t("cls_session_rule_change_on") : t("cls_session_rule_change_off")}</li>
          <li>{s.is_overlap_time ? t("cls_session_rule_overlap_on") : t("cls_session_rule_overlap_off")}</li>
        </ul>
      )}
      {choice.is_locked ? <p className="text-sm text-slate-700">{t("cls_session_locked")}</p> : null}
      <Form method="post" className="space-y-3 rounded border border-slate-200 bg-white p-4">
        <CsrfInput />
        <input type="hidden" name="intent" value="save" />
        <ErrorList id="session-form-errors" errors={formErrors} />
        <fieldset
          disabled={!canSave}
          aria-describedby={fieldErrors.length ? "session_list-errors" : undefined}
          aria-invalid={fieldErrors.length ? true : undefined}
        >
          <legend className="mb-2 text-sm font-medium text-slate-900">{t("cls_session_enrollment")}</legend>
          {choice.results.length === 0 ? <p className="text-sm text-slate-600">{t("cls_schedule_empty")}</p> : null}
          <ul className="divide-y divide-slate-100">
            {choice.results.map((r) => {
              const full = r.capacity > 0 && r.taken >= r.capacity && !r.chosen;
              return (
                <li key={r.id} className="flex items-start gap-3 py-2">
                  <input
                    type="checkbox"
                    id={`session-${r.id}`}
                    name="session_list"
                    value={r.id}
                    defaultChecked={ticked.has(r.id)}
                    className="mt-1 h-4 w-4"
                  />
                  <label htmlFor={`session-${r.id}`} className="flex-1 text-sm">
                    <span className="block font-medium text-slate-900">{r.name}</span>
                    <span className="block text-slate-700">{sessionWhen(dates, r)}</span>
                    <span className="block text-xs text-slate-600">
                      {r.capacity > 0
                        ? t("cls_session_seats", { taken: r.taken, capacity: r.capacity })
                        : t("cls_session_seats_unlimited", { taken: r.taken })}
                      {full ? (
                        <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 font-medium text-red-800">
                          {t("cls_session_full_badge")}
                        </span>
                      ) : null}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
        <ErrorList id="session_list-errors" errors={fieldErrors} />
        {canSave ? <SaveBar busy={busy}>{t("cls_session_enrollment_save")}</SaveBar> : null}
      </Form>
    </section>
  );
}

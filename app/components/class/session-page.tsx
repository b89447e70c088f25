import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "~/i18n/react";
import type { ClassSession } from "../../../contract/schemas/class";
import type { Clash } from "./overlap-confirm";
import { SessionForm, sessionDefaults, type SessionChoices } from "./session-form";

type Constraint = Record<
  string,
  { required?: boolean; maxLength?: number; min?: number | string; max?: number | string }
>;

/**
 * The page of one session's form — curriculum/create and curriculum/{sessionid}/edit: back to the
 * curriculum, the heading and the form (read-only once the class is
 * cancelled). `answer`: the action's refusal, with the clashing sessions after an overlap.
 */
export function SessionPage(p: {
  base: string;
  heading: string;
  session?: ClassSession;
  canChange: boolean;
  constraint: Constraint;
  choices: SessionChoices;
  answer?: { result: SubmissionResult<string[]>; overlap: Clash[] } | null;
  submitLabel: string;
  /** Under the heading: links to the session's other pages (docs/decisions/045). */
  nav?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="max-w-3xl space-y-4">
      <div>
        <a href={`${p.base}/curriculum`} className="text-sm text-primary hover:underline">
          ‹ {t("tab_curriculum")}
        </a>
        <h2 className="text-lg font-semibold text-slate-900">{p.heading}</h2>
        {p.nav}
      </div>
      <section aria-label={p.heading} className="rounded border border-slate-200 bg-white p-4">
        <SessionForm
          // A saved session remounts the form with what was saved.
          key={p.session ? `${p.session.id}-${p.session.datetime_start}-${p.session.name}` : "new"}
          id={p.session ? `session-${p.session.id}` : "session-new"}
          constraint={p.constraint}
          choices={p.choices}
          defaultValue={sessionDefaults(p.session)}
          lastResult={p.answer?.result ?? null}
          overlap={p.answer?.overlap ?? []}
          submitLabel={p.submitLabel}
          readOnly={!p.canChange}
        />
      </section>
    </div>
  );
}

import { useTranslation } from "~/i18n/react";
import type { TestSection } from "../../../contract/schemas/test";
import { dash } from "~/lms/paths";

/**
 * What a section's questions give against its full score, and which of them no answer can earn
 * (docs/decisions/076): publishing refuses either, so the section pages say it beforehand, in
 * words (never by colour alone), with a link to each question to fix.
 */

type Scored = Pick<TestSection, "full_score" | "question_score">;

const total = ({ question_score: { min, max } }: Scored) => (min === max ? String(max) : `${min}–${max}`);
const agrees = (s: Scored) => s.question_score.min === s.question_score.max && s.question_score.max === s.full_score;

/** The questions' total of a section's row, and whether it differs from the full score. */
export function QuestionScore({ section }: { section: Scored }) {
  const { t } = useTranslation();
  return (
    <span className="tabular-nums">
      {total(section)}
      {agrees(section) ? null : (
        <span className="ml-1 text-xs font-medium text-amber-800">({t("tst_score_differs")})</span>
      )}
    </span>
  );
}

/** The section page's notice: the scores that disagree and the questions without a correct answer. */
export function SectionReadiness({ section, base }: { section: TestSection; base: string }) {
  const { t } = useTranslation();
  if (agrees(section) && !section.unmarkable.length) return null;
  const { min, max } = section.question_score;
  const questionHref = (q: TestSection["unmarkable"][number]) =>
    q.bank === null
      ? `${base}/section/${section.id}/question/${q.number}`
      : dash(`testbank/${q.bank}/question/${q.number}`);
  return (
    <div
      role="note"
      aria-labelledby="readiness-title"
      className="space-y-2 rounded border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h3 id="readiness-title" className="font-semibold">
        {t("tst_readiness_title")}
      </h3>
      {agrees(section) ? null : (
        <p>
          {min === max
            ? t("tst_readiness_score", { total: max, full: section.full_score })
            : t("tst_readiness_varies", { min, max })}
        </p>
      )}
      {section.unmarkable.length ? (
        <>
          <p>{t("tst_readiness_unmarkable")}</p>
          <ul className="ml-5 list-disc">
            {section.unmarkable.map((q) => (
              <li key={`${q.bank}-${q.number}`}>
                <a href={questionHref(q)} className="text-primary underline">
                  {t("tst_readiness_question", { number: q.number, owner: q.owner })}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

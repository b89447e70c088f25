import type { ChecklistRow } from "../../../contract/schemas/activity";

type T = (key: string, options?: Record<string, unknown>) => string;

/** A checklist's settings in words, as its table row and its page's facts show them. */
export function checklistText(c: ChecklistRow, t: T) {
  const who = (flags: [boolean, string][]) =>
    flags
      .filter(([on]) => on)
      .map(([, key]) => t(key))
      .join(", ") || "—";
  return {
    score: t("act_pass_of_full", { pass: c.pass_score, full: c.full_score }),
    place: [c.location?.name, c.room?.name].filter(Boolean).join(" · ") || "—",
    checkBy: who([
      [c.is_check_by_learner, "act_by_learner"],
      [c.is_check_by_inspector, "act_by_inspector"],
    ]),
    verifyBy: who([
      [c.is_verify_by_inspector, "act_by_inspector"],
      [c.is_verify_by_admin, "act_by_admin"],
    ]),
    file: c.is_attach_file ? t("act_yes") : t("act_no"),
  };
}

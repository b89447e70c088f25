import { useSearchParams } from "@remix-run/react";
import { ConfirmDialog } from "~/components/content/confirm-dialog";
import { useTranslation } from "~/i18n/react";
import { withParam } from "~/lms/list-query";

const TONES = {
  danger: "border-red-300 text-red-700 hover:bg-red-50",
  primary: "border-primary bg-primary text-primary-fg hover:opacity-90",
} as const;

/**
 * An action that confirms first (issue 33 §12, docs/decisions/076): a link adding `?{param}={id}`
 * to the page, which then renders the engine's ConfirmDelete or ConfirmDialog
 * (components/content/dialogs.tsx) for that row — a page of its own without JavaScript, whose
 * button posts the action. A delete by default, drawn as the destructive button it replaces.
 */
export function ConfirmLink({
  param = "delete",
  id,
  label,
  ariaLabel,
  tone = "danger",
}: {
  param?: string;
  id: number;
  label: string;
  ariaLabel?: string;
  tone?: keyof typeof TONES;
}) {
  const [params] = useSearchParams();
  return (
    <a
      href={withParam(params, param, String(id))}
      aria-label={ariaLabel}
      className={`inline-block rounded border px-2 py-1 text-xs font-medium ${TONES[tone]}`}
    >
      {label}
    </a>
  );
}

/** The id a page's `?{param}=` asks to confirm the action on, or null. */
export function useConfirming(param = "delete"): number | null {
  const [params] = useSearchParams();
  const raw = params.get(param) ?? "";
  return /^\d{1,12}$/.test(raw) ? Number(raw) : null;
}

type Decision = "approve" | "reject";

/** The row of `rows` a page's `?approve=` or `?reject=` asks to decide, with the decision; null when none. */
export function useDeciding<R extends { id: number }>(rows: readonly R[]): { row: R; decision: Decision } | null {
  const approving = useConfirming("approve");
  const rejecting = useConfirming("reject");
  const row = rows.find((r) => r.id === (approving ?? rejecting));
  return row ? { row, decision: approving !== null ? "approve" : "reject" } : null;
}

/**
 * The confirmation step of a final decision (an attempt's approval, a bank's usage request): its
 * texts are `{prefix}{decision}_title`, `{prefix}{decision}_text` (with `values`) and the button
 * `{prefix}{decision}`; confirming posts the decision as the intent with `fields`.
 */
export function DecisionConfirm({
  prefix,
  decision,
  values,
  fields,
}: {
  prefix: string;
  decision: Decision;
  values: Record<string, string>;
  fields: Record<string, number>;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t(`${prefix}${decision}_title`)}
      text={t(`${prefix}${decision}_text`, values)}
      confirmLabel={t(`${prefix}${decision}`)}
      intent={decision}
      param={decision}
      fields={fields}
      danger={decision === "reject"}
    />
  );
}

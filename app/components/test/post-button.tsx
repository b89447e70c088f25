import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/forms";

/**
 * One button that posts an intent with a few hidden values (add, move, delete) — a plain form, so
 * it works without JavaScript. `danger`: drawn as a destructive action.
 */
export function PostButton({
  intent,
  values = {},
  label,
  ariaLabel,
  danger = false,
  disabled = false,
}: {
  intent: string;
  values?: Record<string, string | number>;
  label: string;
  ariaLabel?: string;
  danger?: boolean;
  disabled?: boolean;
}) {
  const tone = danger
    ? "border-red-300 text-red-700 hover:bg-red-50"
    : "border-slate-300 text-slate-700 hover:bg-slate-50";
  return (
    <Form method="post" className="inline">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(values).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button
        type="submit"
        disabled={disabled}
        aria-label={ariaLabel}
        className={`rounded border px-2 py-1 text-xs font-medium disabled:opacity-40 ${tone}`}
      >
        {label}
      </button>
    </Form>
  );
}

import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CsrfInput } from "~/components/form-basics";
import { WritableFields } from "~/components/content/item-writable";

/**
 * Small POST forms for the actions of a row (move, show/hide, anything with one click): each is a
 * real form with its anti-forgery field, so they work without JavaScript.
 */
type PostButtonProps = {
  intent: string;
  fields?: Record<string, string | number>;
  label: React.ReactNode;
  ariaLabel?: string;
  className?: string;
  disabled?: boolean;
  role?: string;
  ariaChecked?: boolean;
};

export function PostButton({
  intent,
  fields = {},
  label,
  ariaLabel,
  className,
  disabled,
  role,
  ariaChecked,
}: PostButtonProps) {
  return (
    <Form method="post" className="inline">
      <WritableFields>
        <CsrfInput />
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={String(v)} />
        ))}
        <button
          type="submit"
          disabled={disabled}
          aria-label={ariaLabel}
          role={role}
          aria-checked={ariaChecked}
          className={
            className ??
            "rounded border border-slate-300 bg-white px-2 py-0.5 text-xs hover:bg-slate-50 disabled:opacity-40"
          }
        >
          {label}
        </button>
      </WritableFields>
    </Form>
  );
}

/**
 * Up and down by one place: `intent` with the row's id and direction=up|down; a move that cannot
 * happen is disabled. `labels` name the two buttons for screen readers (e.g. "Move Intro up").
 */
export function MoveButtons({
  intent,
  id,
  canUp,
  canDown,
  labels,
}: {
  intent: string;
  id: number;
  canUp: boolean;
  canDown: boolean;
  labels: { up: string; down: string };
}) {
  return (
    <span className="inline-flex gap-1">
      <PostButton
        intent={intent}
        fields={{ id, direction: "up" }}
        disabled={!canUp}
        ariaLabel={labels.up}
        label={<span aria-hidden="true">▲</span>}
      />
      <PostButton
        intent={intent}
        fields={{ id, direction: "down" }}
        disabled={!canDown}
        ariaLabel={labels.down}
        label={<span aria-hidden="true">▼</span>}
      />
    </span>
  );
}

/** Shown / hidden as a labelled switch posting `intent` with the row's id and the new is_display. */
export function DisplayToggle({
  intent,
  id,
  name,
  shown,
}: {
  intent: string;
  id: number;
  name: string;
  shown: boolean;
}) {
  const { t } = useTranslation();
  return (
    <PostButton
      intent={intent}
      fields={{ id, is_display: shown ? "false" : "true" }}
      role="switch"
      ariaChecked={shown}
      ariaLabel={t(shown ? "action_hide_named" : "action_show_named", { name })}
      label={t(shown ? "state_shown" : "state_hidden")}
      className={`rounded border px-2 py-0.5 text-xs ${shown ? "border-emerald-300 bg-emerald-50 text-emerald-800" : "border-slate-300 bg-white text-slate-700"}`}
    />
  );
}

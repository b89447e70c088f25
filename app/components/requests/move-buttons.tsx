import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CsrfInput } from "~/components/forms";

/** Up and down buttons of a row (plain forms). */
export function MoveButtons({ id, first, last, name }: { id: number; first: boolean; last: boolean; name: string }) {
  const { t } = useTranslation();
  const button = (direction: "up" | "down", label: string, disabled: boolean) => (
    <Form method="post" className="inline">
      <CsrfInput />
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <button
        type="submit"
        disabled={disabled}
        className="rounded border border-slate-300 px-2 py-0.5 text-xs disabled:opacity-40"
        aria-label={`${label}: ${name}`}
      >
        {direction === "up" ? "↑" : "↓"}
      </button>
    </Form>
  );
  return (
    <span className="inline-flex gap-1">
      {button("up", t("req_move_up"), first)}
      {button("down", t("req_move_down"), last)}
    </span>
  );
}

import { Form, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CsrfInput } from "~/components/form-basics";
import { withParam } from "~/lms/list-query";
import { WritableFields } from "~/components/content/item-writable";
import { Modal } from "./dialogs";

/**
 * The confirmation step of another action (opened by a link adding the query `param`): its title,
 * text and button; confirming posts `intent` with `fields`, cancelling drops `param`.
 */
export function ConfirmDialog(p: {
  title: string;
  text: string;
  confirmLabel: string;
  intent: string;
  param: string;
  fields?: Record<string, string | number>;
  danger?: boolean;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const cancel = withParam(params, p.param, null);
  return (
    <Modal labelId="confirm-title">
      <h2 id="confirm-title" className="text-lg font-semibold">
        {p.title}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{p.text}</p>
      <Form method="post" className="mt-5 flex justify-end gap-2">
        <WritableFields>
          <CsrfInput />
          <input type="hidden" name="intent" value={p.intent} />
          {Object.entries(p.fields ?? {}).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={String(v)} />
          ))}
          <a href={cancel} className="rounded border border-slate-300 px-4 py-2 text-sm">
            {t("cancel")}
          </a>
          <button
            type="submit"
            autoFocus
            className={`rounded px-4 py-2 text-sm font-medium ${p.danger ? "bg-red-700 text-white" : "bg-primary text-primary-fg"}`}
          >
            {p.confirmLabel}
          </button>
        </WritableFields>
      </Form>
    </Modal>
  );
}

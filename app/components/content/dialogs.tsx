import { Form, useLocation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CsrfInput } from "~/components/form-basics";
import { withParam } from "~/lms/list-query";
import { WritableFields } from "~/components/content/item-writable";

/**
 * Dialogs rendered by the server (so they work without JavaScript): an overlay with a focused,
 * labelled panel. Cancelling is a link back to the same list. The confirmation of another action
 * than a delete is confirm-dialog.tsx: a list page has a delete step, and a browser chunk holds
 * all of a module that any page uses (docs/decisions/087).
 */
export function Modal({ labelId, children }: { labelId: string; children: React.ReactNode }) {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/40 p-4">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelId}
        className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl"
      >
        {children}
      </div>
    </div>
  );
}

/**
 * The confirmation step of a delete (opened by the ?delete=id link). A screen deleting several
 * kinds of rows names its own query `param`, form `intent` and text; one that takes a row off a
 * list without deleting it (a group's member) its own `title` and `confirmLabel`.
 */
export function ConfirmDelete({
  item,
  param = "delete",
  intent = "delete",
  text,
  title,
  confirmLabel,
}: {
  item: { id: number; name: string };
  param?: string;
  intent?: string;
  text?: string;
  title?: string;
  confirmLabel?: string;
}) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const cancel = withParam(params, param, null);
  const back = cancel === "?" ? "" : cancel;
  return (
    <Modal labelId="confirm-delete-title">
      <h2 id="confirm-delete-title" className="text-lg font-semibold">
        {title ?? t("confirm_delete_title")}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{text ?? t("confirm_delete_text", { name: item.name })}</p>
      <Form method="post" className="mt-5 flex justify-end gap-2">
        <WritableFields>
          <CsrfInput />
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="back" value={back} />
          <a href={cancel} className="rounded border border-slate-300 px-4 py-2 text-sm">
            {t("cancel")}
          </a>
          <button type="submit" autoFocus className="rounded bg-red-700 px-4 py-2 text-sm font-medium text-white">
            {confirmLabel ?? t("action_delete")}
          </button>
        </WritableFields>
      </Form>
    </Modal>
  );
}

/**
 * spec 002 §8: the warning dialog of a refused delete, titled "warning", with an OK button. OK
 * drops the query keys that opened the refused step (`drop`); `items` names what is in the way.
 */
export function WarningDialog({
  messageKey,
  drop = ["delete"],
  items,
  itemsLabel,
}: {
  messageKey: string;
  drop?: string[];
  items?: string[];
  itemsLabel?: string;
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  for (const key of drop) params.delete(key);
  const back = params.size ? `?${params}` : "?";
  return (
    <Modal labelId="warning-title">
      <h2 id="warning-title" className="text-lg font-semibold text-amber-900">
        {t("warning")}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{t(messageKey)}</p>
      {items?.length ? (
        <div className="mt-2 text-sm text-slate-700">
          {itemsLabel ? <p className="font-medium">{itemsLabel}</p> : null}
          <ul className="ml-5 list-disc">
            {items.map((name, i) => (
              <li key={`${name}-${i}`}>{name}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-5 flex justify-end">
        <a href={back} autoFocus className="rounded bg-primary px-4 py-2 text-sm font-medium text-primary-fg">
          {t("ok")}
        </a>
      </div>
    </Modal>
  );
}

import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CsrfInput } from "~/components/form-basics";
import { CardSides } from "~/components/media/card-sides";
import { IdempotencyInput } from "~/components/idempotency-input";

/** Its loader and action: app/lms/media.server.ts. */
export { cardsLoader as loader, cardsAction as action } from "~/lms/media.server";

export const handle = { i18n: ["content"] };

/**
 * A flash card set's cards (docs/decisions/069): in order, each with its front and back, changed
 * or removed in place; a new card is added at the end. Plain forms: the same without JS.
 */
export default function MediaCards() {
  const { cards, canChange, idempotencyKey } = useLoaderData<typeof import("~/lms/media.server").cardsLoader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="media-cards-title" className="max-w-3xl space-y-4">
      <h2 id="media-cards-title" className="text-lg font-semibold">
        {t("media_tab_card")}
      </h2>
      {cards.length ? (
        <ol className="space-y-3">
          {cards.map((c, i) => (
            <li key={c.id} className="rounded border border-slate-200 bg-white p-3">
              <Form method="post" className="space-y-2" aria-label={t("media_card_n", { n: i + 1 })}>
                <CsrfInput />
                <input type="hidden" name="id" value={c.id} />
                <p className="text-xs font-medium text-slate-600">{t("media_card_n", { n: i + 1 })}</p>
                <CardSides idPrefix={`card-${c.id}`} front={c.front} back={c.back} readOnly={!canChange} />
                {canChange ? (
                  <div className="flex gap-2">
                    <button
                      type="submit"
                      name="intent"
                      value="edit"
                      className="rounded border border-slate-300 bg-white px-3 py-1 text-sm hover:bg-slate-50"
                    >
                      {t("action_save")}
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="delete"
                      className="rounded border border-red-300 bg-white px-3 py-1 text-sm text-red-700 hover:bg-red-50"
                    >
                      {t("media_card_remove")}
                    </button>
                  </div>
                ) : null}
              </Form>
            </li>
          ))}
        </ol>
      ) : (
        <p className="rounded border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {t("media_card_none")}
        </p>
      )}
      {canChange ? (
        <Form
          method="post"
          className="space-y-2 rounded border border-slate-200 bg-white p-3"
          aria-labelledby="media-card-add-title"
        >
          <h3 id="media-card-add-title" className="text-sm font-semibold">
            {t("media_card_add")}
          </h3>
          <CsrfInput />
          <IdempotencyInput value={idempotencyKey} />
          <CardSides idPrefix="card-new" front="" back="" />
          <button
            type="submit"
            name="intent"
            value="add"
            className="rounded bg-primary px-3 py-1.5 text-sm font-medium text-primary-fg hover:opacity-90"
          >
            {t("media_card_add")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

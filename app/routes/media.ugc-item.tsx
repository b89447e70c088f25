import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CsrfInput } from "~/components/form-basics";
import { FactList } from "~/components/content/fact-list";
import { CardSides } from "~/components/media/card-sides";
import { useDates } from "~/components/use-dates";

/** Its loader and action: app/lms/media.server.ts. */
export { ugcItemLoader as loader, ugcItemAction as action } from "~/lms/media.server";

export const handle = { i18n: ["content"] };

/**
 * One card a learner made (spec 000 §2.9 ugc/view and ugc/edit): who made it and when, its
 * sides and review status; approve or reject it, and on the edit page correct its text while it
 * waits for review.
 */
export default function MediaUgcItem() {
  const { card, editing, base, canChange } = useLoaderData<typeof import("~/lms/media.server").ugcItemLoader>();
  const { t } = useTranslation();
  const dates = useDates();
  const waiting = card.status === 0;
  return (
    <section aria-labelledby="media-ugc-item-title" className="max-w-3xl space-y-4">
      <h2 id="media-ugc-item-title" className="text-lg font-semibold">
        {t(editing ? "media_ugc_edit" : "media_ugc_view")}
      </h2>
      <FactList
        facts={[
          ["media_ugc_owner", card.account ? `${card.account.first_name} ${card.account.last_name}` : t("media_none")],
          ["media_ugc_status", t(`media_ugc_status_${card.status}`)],
          ["media_ugc_time", dates.dateTime(card.datetime_create)],
        ]}
      />
      {editing && waiting ? (
        <Form
          method="post"
          className="space-y-2 rounded border border-slate-200 bg-white p-3"
          aria-labelledby="media-ugc-item-title"
        >
          <CsrfInput />
          <CardSides idPrefix={`ugc-${card.id}`} front={card.front} back={card.back} />
          <button
            type="submit"
            name="intent"
            value="save"
            className="rounded bg-primary px-3 py-1.5 text-sm font-medium text-primary-fg hover:opacity-90"
          >
            {t("action_save")}
          </button>
        </Form>
      ) : (
        <dl className="grid gap-2 rounded border border-slate-200 bg-white p-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-xs font-medium text-slate-600">{t("media_card_front")}</dt>
            <dd className="whitespace-pre-wrap">{card.front}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-600">{t("media_card_back")}</dt>
            <dd className="whitespace-pre-wrap">{card.back}</dd>
          </div>
        </dl>
      )}
      {editing && !waiting ? <p className="text-sm text-slate-600">{t("media_msg_ugc_not_waiting")}</p> : null}
      {canChange && waiting ? (
        <Form method="post" className="flex gap-2" aria-label={t("media_ugc_review")}>
          <CsrfInput />
          <button
            type="submit"
            name="intent"
            value="approve"
            className="rounded bg-primary px-3 py-1.5 text-sm font-medium text-primary-fg hover:opacity-90"
          >
            {t("media_ugc_approve")}
          </button>
          <button
            type="submit"
            name="intent"
            value="reject"
            className="rounded border border-red-300 bg-white px-3 py-1.5 text-sm text-red-700 hover:bg-red-50"
          >
            {t("media_ugc_reject")}
          </button>
        </Form>
      ) : null}
      <Link to={`${base}/ugc`} className="text-sm text-primary hover:underline">
        {t("media_ugc_back")}
      </Link>
    </section>
  );
}

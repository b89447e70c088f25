import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { DataTable } from "~/components/content/data-table";
import { Pager } from "~/components/content/pager";
import { useDates } from "~/components/use-dates";
import type { UgcCard } from "../../contract/schemas/media";

/** Its loader: app/lms/media.server.ts. */
export { ugcLoader as loader } from "~/lms/media.server";

export const handle = { i18n: ["content"] };

const FILTERS: [string, string | null][] = [
  ["media_ugc_all", null],
  ["media_ugc_status_0", "0"],
  ["media_ugc_status_1", "1"],
  ["media_ugc_status_-1", "-1"],
];

/** The cards learners made for a flash card set (spec 000 §2.9 ugc/list), newest first, by review status and by who made them. */
export default function MediaUgcList() {
  const { list, status, account, creators, base, canChange } =
    useLoaderData<typeof import("~/lms/media.server").ugcLoader>();
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <section aria-labelledby="media-ugc-title" className="space-y-4">
      <h2 id="media-ugc-title" className="text-lg font-semibold">
        {t("media_tab_ugc")}
      </h2>
      <nav aria-label={t("media_ugc_status")} className="flex gap-3 text-sm">
        {FILTERS.map(([key, value]) => (
          <Link
            key={key}
            to={`?${new URLSearchParams({ ...(value ? { status: value } : {}), ...(account ? { account } : {}) })}`}
            aria-current={status === value || (!status && !value) ? "page" : undefined}
            className="text-primary hover:underline aria-[current=page]:font-semibold aria-[current=page]:text-slate-900 aria-[current=page]:no-underline"
          >
            {t(key)}
          </Link>
        ))}
      </nav>
      {/* Who made them: a GET form, so it filters without JavaScript too. */}
      <Form method="get" className="flex flex-wrap items-end gap-2 text-sm">
        {status ? <input type="hidden" name="status" value={status} /> : null}
        <label className="flex flex-col gap-1">
          <span className="font-medium">{t("media_ugc_owner")}</span>
          <select name="account" defaultValue={account ?? ""} className="rounded border border-slate-300 px-2 py-1.5">
            <option value="">{t("media_ugc_all")}</option>
            {creators.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded border border-slate-300 px-3 py-1.5">
          {t("media_ugc_filter")}
        </button>
      </Form>
      <DataTable
        caption={t("media_tab_ugc")}
        empty={t("media_ugc_none")}
        rows={list.results}
        columns={[
          {
            key: "front",
            label: t("media_card_front"),
            render: (c: UgcCard) => (
              <Link to={`${base}/ugc/${c.id}/view`} className="text-primary hover:underline">
                {c.front}
              </Link>
            ),
          },
          { key: "back", label: t("media_card_back"), render: (c: UgcCard) => c.back },
          {
            key: "owner",
            label: t("media_ugc_owner"),
            render: (c: UgcCard) => (c.account ? `${c.account.first_name} ${c.account.last_name}` : t("media_none")),
          },
          {
            key: "status",
            label: t("media_ugc_status"),
            render: (c: UgcCard) => <span className="badge">{t(`media_ugc_status_${c.status}`)}</span>,
          },
          { key: "time", label: t("media_ugc_time"), render: (c: UgcCard) => dates.dateTime(c.datetime_create) },
          ...(canChange
            ? [
                {
                  key: "edit",
                  label: t("media_ugc_edit"),
                  render: (c: UgcCard) => (
                    <Link to={`${base}/ugc/${c.id}/edit`} className="text-primary hover:underline">
                      {t("media_ugc_edit")}
                    </Link>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Pager count={list.count} page={list.page} pageSize={list.page_size} capped={list.count_capped} />
    </section>
  );
}

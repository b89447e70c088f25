import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ContentRow } from "../../../contract/schemas/content";
import { CsrfInput } from "~/components/form-basics";
import { toLocalInput } from "~/lms/time";

/** Publish now, schedule by start time, or unpublish: three buttons of one plain form. */
export function PublishPanel({ item, offset, action }: { item: ContentRow; offset: number; action: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const shown = item.is_display;
  return (
    // Posted to the detail layout itself (whatever tab is open), which sends the user back here.
    <Form
      method="post"
      action={action}
      className="mb-4 flex flex-wrap items-end gap-3 rounded border border-slate-200 bg-white p-3"
      aria-label={t("publishing")}
    >
      <CsrfInput />
      <input type="hidden" name="back" value={pathname} />
      <div>
        <label htmlFor="datetime_start" className="mb-1 block text-xs font-medium text-slate-700">
          {t("schedule_start")}
        </label>
        <input
          id="datetime_start"
          type="datetime-local"
          name="datetime_start"
          defaultValue={toLocalInput(item.publish_status === "schedule" ? item.datetime_start : null, offset)}
          className="rounded border border-slate-300 px-2 py-1.5 text-sm"
        />
      </div>
      <button
        type="submit"
        name="intent"
        value="schedule"
        className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
      >
        {t("action_schedule")}
      </button>
      <button
        type="submit"
        name="intent"
        value="publish"
        className="rounded bg-primary px-3 py-1.5 text-sm font-medium text-primary-fg hover:opacity-90"
      >
        {t("action_publish_now")}
      </button>
      {shown ? (
        <button
          type="submit"
          name="intent"
          value="unpublish"
          className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50"
        >
          {t("action_unpublish")}
        </button>
      ) : null}
    </Form>
  );
}

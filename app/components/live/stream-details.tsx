import { useTranslation } from "~/i18n/react";
import type { LiveStream } from "../../../contract/schemas/live";
import { CopyField } from "./copy-field";
import { LiveStatusBadge } from "./labels";

/** The stream's connection details (made by the API, never edited here) with copy buttons, and its status. */
export function StreamDetails({ stream }: { stream: LiveStream }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="live-stream-title" className="space-y-4 rounded border border-slate-200 bg-white p-5">
      <div>
        <h3 id="live-stream-title" className="text-base font-semibold text-slate-900">
          {t("live_stream_title")}
        </h3>
        <p className="text-sm text-slate-600">{t("live_stream_intro")}</p>
      </div>
      <CopyField id="live-stream-url" label={t("live_stream_url")} value={stream.stream_url} />
      <CopyField id="live-stream-key" label={t("live_stream_key")} value={stream.stream_key} />
      <CopyField id="live-stream-user" label={t("live_stream_user")} value={stream.stream_user} />
      <CopyField id="live-stream-password" label={t("live_stream_password")} value={stream.stream_password} />
      <p className="text-sm">
        <span className="font-medium text-slate-700">{t("live_stream_status")}: </span>
        <LiveStatusBadge status={stream.status} />
      </p>
    </section>
  );
}

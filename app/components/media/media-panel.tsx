import { Form } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { CsrfInput } from "~/components/form-basics";
import { MEDIA_KINDS, formatDuration, type MediaKind } from "../../../contract/media-codes";
import type { Media } from "../../../contract/schemas/media";
import { MediaFileInput } from "./file-input";
import { Dependants } from "./dependants";
import { useFileSize } from "~/components/use-file-size";
import { PreviewLink } from "~/components/preview/preview-link";
import { mediaPreview } from "~/components/preview/media-preview";

/**
 * What an item holds beside the engine's form (docs/decisions/069), by its kind's row: a file
 * kind's file — name, size, duration and thumbnail — with the form that replaces it (a resumable
 * upload with JS, the plain multipart form without); an external video's thumbnail and provider;
 * and, for every kind, the contents that require it.
 */
export function MediaPanel({ item, canChange }: { item: Media; canChange: boolean }) {
  const { t } = useTranslation();
  const fileSize = useFileSize();
  const hydrated = useHydrated();
  const row = MEDIA_KINDS[item.kind as MediaKind];
  const preview = mediaPreview(item);
  return (
    <aside className="space-y-4" aria-label={t("media_panel_title")}>
      {preview ? (
        // The page of its own is this tab with ?preview=1 (routes/media.information.tsx; docs/decisions/084).
        <PreviewLink
          href="?preview=1"
          title={t("preview_title", { name: item.name })}
          preview={preview}
          label={t("preview_action")}
          ariaLabel={t("preview_named", { name: item.name })}
          className="inline-block rounded border border-primary px-3 py-1.5 text-sm font-medium text-primary hover:bg-primary/5"
        />
      ) : null}
      {row.file ? (
        <section aria-labelledby="media-file-title" className="space-y-3 rounded border border-slate-200 bg-white p-4">
          <h2 id="media-file-title" className="text-base font-semibold">
            {t("media_file_title")}
          </h2>
          {item.file ? (
            <dl className="grid grid-cols-2 gap-2 text-sm" data-testid="media-file-facts">
              <div>
                <dt className="text-xs font-medium text-slate-600">{t("media_file_name")}</dt>
                <dd className="break-all">
                  <a href={item.file} className="text-primary hover:underline">
                    {item.file_name}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-xs font-medium text-slate-600">{t("media_file_size")}</dt>
                <dd>{fileSize(item.file_size ?? 0)}</dd>
              </div>
              {row.file !== "document" ? (
                <div>
                  <dt className="text-xs font-medium text-slate-600">{t("media_col_duration")}</dt>
                  <dd data-testid="media-duration">
                    {item.duration == null ? t("media_none") : formatDuration(item.duration)}
                  </dd>
                </div>
              ) : null}
            </dl>
          ) : (
            <p className="text-sm text-slate-600">{t("media_file_none")}</p>
          )}
          {item.thumbnail ? (
            <img
              src={item.thumbnail}
              alt={t("media_thumbnail_of", { name: item.name })}
              className="aspect-video w-full max-w-sm rounded border border-slate-200 object-cover"
            />
          ) : null}
          {canChange ? (
            <Form method="post" action="?intent=media-file" encType="multipart/form-data" className="space-y-2">
              <CsrfInput />
              <input type="hidden" name="intent" value="media-file" />
              {/* A new field for each file the item holds: the one just saved leaves an empty field. */}
              <MediaFileInput key={item.file ?? ""} kind={row.file} />
              {/* With JavaScript the chosen file uploads and saves by itself: the button is for the plain form. */}
              {hydrated ? null : (
                <button
                  type="submit"
                  className="rounded bg-primary px-3 py-1.5 text-sm font-medium text-primary-fg hover:opacity-90"
                >
                  {t(item.file ? "media_file_replace" : "media_file_upload")}
                </button>
              )}
            </Form>
          ) : null}
          {canChange && item.file ? (
            // Without a new one: the item is hidden with it (a file kind is shown only with its file).
            <Form method="post" action="?intent=media-file-remove" className="space-y-1 border-t border-slate-100 pt-3">
              <CsrfInput />
              <input type="hidden" name="intent" value="media-file-remove" />
              <p className="text-xs text-slate-600">{t("media_file_remove_help")}</p>
              <button
                type="submit"
                className="rounded border border-red-300 px-3 py-1.5 text-sm text-red-800 hover:bg-red-50"
              >
                {t("media_file_remove")}
              </button>
            </Form>
          ) : null}
        </section>
      ) : null}
      {row.link && item.url ? (
        <section
          aria-labelledby="media-link-title"
          className="space-y-2 rounded border border-slate-200 bg-white p-4 text-sm"
        >
          <h2 id="media-link-title" className="text-base font-semibold">
            {t("media_link_title")}
          </h2>
          {item.thumbnail ? (
            <img
              src={item.thumbnail}
              alt={t("media_thumbnail_of", { name: item.name })}
              className="aspect-video w-full max-w-sm rounded border border-slate-200 object-cover"
            />
          ) : null}
          <p>
            {t(`media_provider_${item.video_provider}`)}:{" "}
            <a
              href={item.url}
              className="break-all text-primary hover:underline"
              rel="noreferrer noopener"
              target="_blank"
            >
              {item.url}
            </a>
          </p>
        </section>
      ) : null}
      <Dependants list={item.dependent_list} />
    </aside>
  );
}

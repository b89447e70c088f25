import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { formatDuration } from "../../contract/media-codes";

/** Its loader: app/lms/media.server.ts. */
export { itemLoader as loader } from "~/lms/media.server";

export const handle = { i18n: ["content"] };

/**
 * Review (spec 000 §2.9, audio and video; docs/decisions/069): the file as learners get it — the
 * player with its thumbnail as poster — with its duration, so an administrator can check it before
 * publishing.
 */
export default function MediaReview() {
  const { item } = useLoaderData<typeof import("~/lms/media.server").itemLoader>();
  const { t } = useTranslation();
  return (
    <section aria-labelledby="media-review-title" className="max-w-3xl space-y-3">
      <h2 id="media-review-title" className="text-lg font-semibold">
        {t("media_review_title")}
      </h2>
      {item.file ? (
        <>
          {item.kind === "audio" ? (
            <div className="space-y-2">
              {item.thumbnail ? (
                <img
                  src={item.thumbnail}
                  alt={t("media_thumbnail_of", { name: item.name })}
                  className="aspect-video w-full max-w-sm rounded object-cover"
                />
              ) : null}
              <audio controls preload="metadata" src={item.file} className="w-full" aria-label={item.name} />
            </div>
          ) : (
            <video
              controls
              preload="metadata"
              src={item.file}
              poster={item.thumbnail ?? undefined}
              className="aspect-video w-full rounded bg-black"
              aria-label={item.name}
            />
          )}
          <p className="text-sm text-slate-700">
            {t("media_col_duration")}:{" "}
            <span data-testid="media-duration">
              {item.duration == null ? t("media_none") : formatDuration(item.duration)}
            </span>
          </p>
        </>
      ) : (
        <p className="rounded border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          {t("media_file_none")}
        </p>
      )}
    </section>
  );
}

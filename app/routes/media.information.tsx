import { useActionData, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { PreviewPage } from "~/components/preview/preview-link";
import { mediaPreview } from "~/components/preview/media-preview";
import { ContentItemForm } from "~/components/content/item-form";
import { MediaPanel } from "~/components/media/media-panel";
import type { Media } from "../../contract/schemas/media";

/** The engine's form tab with the file form beside it: app/lms/media.server.ts. */
export { informationLoader as loader, informationAction as action } from "~/lms/media.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts); the media ones come with its URL. */
export const handle = { i18n: ["content", "upload"] };

/**
 * A media item's information (spec 000 §2.9; docs/decisions/069): the engine's form (name, code,
 * instructors, category, provider, program…; an external video's link, an article's body) and,
 * beside it, what the item holds — a file kind's file with duration and thumbnail, an external
 * video's thumbnail — and the contents that require it.
 */
export default function MediaInformation() {
  const d = useLoaderData<typeof import("~/lms/media.server").informationLoader>();
  const actionData = useActionData<typeof import("~/lms/media.server").informationAction>();
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const item = d.item as unknown as Media;
  // The preview's page of its own (?preview=1): the dialog's content without JS (docs/decisions/084).
  const preview = params.get("preview") === "1" ? mediaPreview(item) : null;
  if (preview)
    return <PreviewPage title={t("preview_title", { name: item.name })} preview={preview} backHref={pathname} />;
  return (
    <ContentItemForm
      data={d}
      actionData={actionData}
      aside={<MediaPanel item={d.item as unknown as Media} canChange={d.canChange} />}
    />
  );
}

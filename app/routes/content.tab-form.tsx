import { useActionData, useLoaderData } from "@remix-run/react";
import { CoverImage } from "~/components/content/cover-image";
import { ContentItemForm } from "~/components/content/item-form";
import type { action, loader } from "~/lms/content-form-tab.server";

/** The tab's loader (the item's fields) and action (save, cover image): app/lms/content-form-tab.server.ts. */
export { action, loader } from "~/lms/content-form-tab.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

export default function ContentFormTab() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const cover = d.hasCover ? (
    <CoverImage
      image={d.item.image}
      canChange={d.canChange}
      limit={d.image.limit}
      width={d.image.width}
      height={d.image.height}
      removeNote={d.publishes ? undefined : null}
    />
  ) : null;
  return <ContentItemForm data={d} actionData={actionData} aside={cover} />;
}

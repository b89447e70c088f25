import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { ContentForm } from "~/components/content/content-form";
import { CoverImage } from "~/components/content/cover-image";
import type { action, loader } from "~/lms/content-form-tab.server";
import type { AccountChoices } from "~/lms/account-field.server";

/** The tab's loader (the item's fields) and action (save, cover image): app/lms/content-form-tab.server.ts. */
export { action, loader } from "~/lms/content-form-tab.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

export default function ContentFormTab() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const found = actionData && "accounts" in actionData ? (actionData.accounts as AccountChoices) : null;
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,42rem)_1fr]">
      <ContentForm
        id={`content-edit-${d.item.id}`}
        fields={d.fields}
        // After a search (intent find) its account choices replace the loader's.
        options={found ? { ...d.options, ...found.options } : d.options}
        searches={found ? found.searches : d.searches}
        constraint={d.constraint}
        defaultValue={d.defaultValue}
        lastResult={actionData && "result" in actionData ? actionData.result : null}
        submitLabel={t("action_save")}
        readOnly={!d.canChange}
      />
      {d.hasCover ? <CoverImage image={d.item.image} canChange={d.canChange} limit={d.image.limit} width={d.image.width} height={d.image.height} removeNote={d.publishes ? undefined : null} /> : null}
    </div>
  );
}

import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { ContentForm } from "~/components/content/content-form";
import type { AccountChoices } from "~/lms/account-field.server";

type FormData = Pick<
  Parameters<typeof ContentForm>[0],
  "fields" | "options" | "searches" | "constraint" | "defaultValue"
> & {
  item: { id: number | string };
  canChange: boolean;
};

/**
 * An item's form tab (the engine's content.tab-form and a media item's information): the form,
 * and beside it what the type shows next to its fields (a cover image, a media file).
 */
export function ContentItemForm({
  data: d,
  actionData,
  aside,
}: {
  data: FormData;
  actionData: unknown;
  aside: ReactNode;
}) {
  const { t } = useTranslation();
  const answer = actionData as
    { accounts?: AccountChoices; result?: Parameters<typeof ContentForm>[0]["lastResult"] } | undefined;
  // After a search (intent find) its account choices replace the loader's.
  const found = answer && "accounts" in answer ? (answer.accounts as AccountChoices) : null;
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,42rem)_1fr]">
      <ContentForm
        id={`content-edit-${d.item.id}`}
        fields={d.fields}
        options={found ? { ...d.options, ...found.options } : d.options}
        searches={found ? found.searches : d.searches}
        constraint={d.constraint}
        defaultValue={d.defaultValue}
        lastResult={answer && "result" in answer ? answer.result : null}
        submitLabel={t("action_save")}
        readOnly={!d.canChange}
      />
      {aside}
    </div>
  );
}

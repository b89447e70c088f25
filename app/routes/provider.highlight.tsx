import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { Paged } from "../../contract/http";
import type { Highlight } from "../../contract/schemas/master-data";
import { CoverImage } from "~/components/content/cover-image";
import type { SettingField } from "~/components/content/settings-form";
import { TableTab } from "~/components/content/table-tab";
import { allows } from "~/lms/content-navigation.server";
import { itemId, requireContent } from "~/lms/content.server";
import { TARGET, targetOf } from "~/lms/highlight-form";
import { highlightAction, targetOptions } from "~/lms/highlight.server";
import { coverSize } from "~/lms/cover-upload.server";
import { newIdempotencyKey } from "~/lms/idempotency.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "extras", "master"] };

/**
 * A provider's highlights (spec 000 §2.11 provider "highlight", spec 001 §3 "Highlight";
 * docs/decisions/035): the list in its order (sort, smallest first), an add form, an edit form
 * (`?edit={id}`) with the highlight's picture beside it (the cover image's upload and crop),
 * and delete with a confirmation (`?remove={id}`). What it shows is one of the provider's own
 * contents or an external link. Plain forms and links: works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, type, permission, config } = await requireContent(args, "view");
  const id = itemId(type, args.params);
  const canChange = allows(type, permission, "change");
  const [{ data: list }, targets] = await Promise.all([
    api.get<Paged<Highlight>>(`${type.api}${id}/highlight/`, { query: { page_size: 1000 } }),
    canChange ? targetOptions(api, id) : Promise.resolve([]),
  ]);
  return data(
    {
      rows: list.results,
      targets,
      canChange,
      image: { limit: Number(config["image-size-limit"]?.value ?? 10485760), ...coverSize(config) },
      idempotencyKey: newIdempotencyKey(),
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  return highlightAction(args);
}

export default function HighlightTab() {
  const { rows, targets, canChange, image, idempotencyKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation();
  const fields: SettingField[] = [
    { name: "title", label: t("hl_field_title"), kind: "text", required: true },
    { name: "sort", label: t("hl_field_sort"), kind: "number", min: 0, max: 9999, hint: t("hl_hint_sort") },
    {
      name: TARGET,
      label: t("hl_field_target"),
      kind: "select",
      options: [{ value: "", label: t("hl_target_link") }, ...targets],
      hint: t("hl_hint_target"),
    },
    { name: "external_link", label: t("hl_field_external_link"), kind: "text", hint: t("hl_hint_external_link") },
  ];
  const values = (h: Highlight) => ({
    title: h.title,
    sort: String(h.sort),
    [TARGET]: targetOf(h),
    external_link: h.external_link ?? "",
  });
  return (
    <TableTab
      title={t("hl_title")}
      intro={t("hl_intro")}
      rows={rows}
      rowName={(h) => h.title}
      columns={[
        {
          key: "image",
          label: t("hl_col_image"),
          render: (h) =>
            h.image ? (
              <img src={h.image} alt="" width={96} height={54} className="h-[54px] w-24 rounded object-cover" />
            ) : (
              <span className="text-xs text-slate-600">{t("hl_no_image")}</span>
            ),
        },
        { key: "title", label: t("hl_field_title"), render: (h) => <span className="font-medium">{h.title}</span> },
        {
          key: "target",
          label: t("hl_col_target"),
          render: (h) =>
            h.content ? (
              `${h.content_type?.name ?? ""} › ${h.content.name}`
            ) : h.external_link ? (
              <a
                href={h.external_link}
                rel="noreferrer noopener"
                target="_blank"
                className="break-all text-primary underline"
              >
                {h.external_link}
              </a>
            ) : (
              "—"
            ),
        },
        { key: "sort", label: t("hl_field_sort"), render: (h) => h.sort },
      ]}
      canChange={canChange}
      add={{ title: t("hl_add"), submitLabel: t("hl_action_add"), fields, defaults: { sort: "0" }, idempotencyKey }}
      edit={{
        fields,
        values,
        // The highlight's picture beside its form: the cover image's upload (crop with JS) and remove.
        aside: (h) => (
          <CoverImage
            key={h.id}
            image={h.image}
            canChange
            limit={image.limit}
            width={image.width}
            height={image.height}
            title={t("hl_image_of", { name: h.title })}
            emptyText={t("hl_no_image")}
            fields={{ id: h.id }}
            removeLabel={t("hl_image_remove")}
            removeNote={null}
          />
        ),
      }}
      remove={{ label: t("action_delete"), text: (h) => t("hl_delete_text", { name: h.title }) }}
      answer={answer}
      empty={t("hl_empty")}
    />
  );
}

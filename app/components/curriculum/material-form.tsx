import { Form } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import {
  FILE_SLOT_TYPES,
  SLOT_FILE_EXTENSIONS,
  SLOT_MEDIA_KINDS,
  SLOT_REUSE_LISTS,
  URL_SLOT_TYPES,
  type SlotType,
} from "../../../contract/curriculum-codes";
import type { Material } from "../../../contract/schemas/curriculum";
import { secondsToTimeText } from "../../../contract/units";
import { CheckboxField, CsrfInput, ErrorList, Field, SelectField } from "~/components/forms";
import { errorsAt, shownValue, valueAt, type FormResult } from "~/lms/form-result";
import { WritableFields } from "~/components/content/item-writable";
import { useFileSize } from "~/components/use-file-size";
import { IdempotencyInput } from "~/components/idempotency-input";

type Group = { id: number; name: string; materials: { id: number; name: string }[] };
type Props = {
  slotType: SlotType;
  section: { id: number; name: string };
  /** The material being edited; absent when adding. */
  material?: Material;
  /** Every section with its materials: the prerequisites to choose from (the material itself left out). */
  groups: Group[];
  result: FormResult;
  /** A file already uploaded by a refused submission, kept so it need not be chosen again. */
  uploaded?: { file: string; file_name: string } | null;
  limits: { text: number; url: number; fileBytes: number };
  /** The media library items this slot type may play (the loader reads them from the material lists). */
  media: { id: number; name: string }[];
  /** The curricula's links or files this slot type may reuse (docs/decisions/072), each with its link or file name. */
  reuse: { id: number; name: string; detail: string }[];
  cancelHref: string;
  /** Adding: the page's idempotency key for the new material (docs/decisions/094). */
  idempotencyKey?: string;
};

const FLAGS = [
  "is_required",
  "is_preview",
  "is_display",
  "is_non_skippable",
  "is_paused_inactive",
  "is_allow_download",
] as const;
const NEW_DEFAULTS: Record<(typeof FLAGS)[number], boolean> = {
  is_required: true,
  is_preview: false,
  is_display: true,
  is_non_skippable: false,
  is_paused_inactive: false,
  is_allow_download: false,
};

/**
 * The slot form of one material (spec 001 §3 "Learning material"): the fields every slot type
 * has, the link of weblink and youtube slots, the file of media, document, file and scorm slots,
 * and its prerequisites among the item's other materials. Validated on the server only
 * (noValidate), so its messages are the same with JavaScript on and off.
 */
export function MaterialForm({
  slotType,
  section,
  material,
  groups,
  result,
  uploaded,
  limits,
  media,
  reuse,
  cancelHref,
  idempotencyKey,
}: Props) {
  const { t } = useContentTranslation();
  const fileSize = useFileSize();
  const adding = !material;
  const tr = (name: string) => errorsAt(result, name)?.map((e) => t(e));
  /** The id, name and translated errors of a field (ids `mf-{name}`, hints `mf-{name}-hint`). */
  const wire = (name: string) => ({ id: `mf-${name}`, name, errors: tr(name) });
  const text = (name: string, saved: unknown) => shownValue(result, name, saved) as string;
  const ticked = (name: string, saved: boolean) => shownValue(result, name, saved, "checkbox") as boolean;
  const depsErrors = tr("dependency_list");
  const hasFile = FILE_SLOT_TYPES.includes(slotType);
  const hasUrl = URL_SLOT_TYPES.includes(slotType);
  const extensions = SLOT_FILE_EXTENSIONS[slotType];
  // The item the slot plays stays a choice even when the list no longer offers it (another page, hidden from this user).
  const mediaOptions = [
    ...media,
    ...(material?.media && !media.some((m) => m.id === material.media!.id) ? [material.media] : []),
  ].map((m) => ({
    value: String(m.id),
    label: m.name,
  }));
  const submittedDeps = valueAt(result, "dependency_list");
  const chosen = new Set(
    result?.initialValue
      ? ([] as unknown[]).concat(submittedDeps ?? []).map(String)
      : (material?.dependency_list ?? []).map((d) => String(d.id)),
  );
  const options = groups
    .map((g) => ({ ...g, materials: g.materials.filter((m) => m.id !== material?.id) }))
    .filter((g) => g.materials.length);
  const title = adding
    ? t("curriculum_new_material_title", { type: t(`curriculum_slot_${slotType}`), section: section.name })
    : t("curriculum_edit_material_title", { name: material.name });

  return (
    <section aria-labelledby="material-form-title" className="max-w-2xl rounded border border-slate-200 bg-white p-5">
      <h2 id="material-form-title" className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      <Form method="post" noValidate encType={hasFile ? "multipart/form-data" : undefined} className="space-y-5">
        <WritableFields>
          <CsrfInput />
          <input type="hidden" name="intent" value={adding ? "add-material" : "edit-material"} />
          {adding ? (
            <>
              <input type="hidden" name="section" value={section.id} />
              <input type="hidden" name="slot_type" value={slotType} />
              {idempotencyKey ? <IdempotencyInput value={idempotencyKey} /> : null}
            </>
          ) : (
            <input type="hidden" name="id" value={material.id} />
          )}
          <ErrorList errors={tr("")} />

          <Field
            {...wire("name")}
            label={t("curriculum_material_name")}
            requiredMark
            inputProps={{ type: "text", maxLength: limits.text, defaultValue: text("name", material?.name) }}
          />

          {SLOT_MEDIA_KINDS[slotType].length ? (
            <SelectField
              {...wire("media_id")}
              label={t("curriculum_material_media")}
              help={t("curriculum_material_media_hint")}
              options={mediaOptions}
              emptyOption={t("curriculum_material_media_none")}
              selectProps={{
                defaultValue: text("media_id", material?.media_id == null ? "" : String(material.media_id)) ?? "",
              }}
            />
          ) : null}

          {SLOT_REUSE_LISTS[slotType] ? (
            <SelectField
              {...wire("source_material_id")}
              label={t(`curriculum_material_reuse_${SLOT_REUSE_LISTS[slotType]!.kind}`)}
              help={t("curriculum_material_reuse_hint")}
              options={reuse.map((r) => ({
                value: String(r.id),
                label: r.detail ? `${r.name} — ${r.detail}` : r.name,
              }))}
              emptyOption={t("curriculum_material_reuse_none")}
              selectProps={{ defaultValue: text("source_material_id", "") ?? "" }}
            />
          ) : null}

          {hasUrl ? (
            <Field
              {...wire("url")}
              label={t("curriculum_material_url")}
              requiredMark
              help={t(slotType === "youtube" ? "curriculum_material_url_youtube_hint" : "curriculum_material_url_hint")}
              inputProps={{
                type: "text",
                inputMode: "url",
                maxLength: limits.url,
                defaultValue: text("url", material?.url),
              }}
            />
          ) : null}

          {hasFile ? (
            <Field
              {...wire("file")}
              label={t("curriculum_material_file")}
              requiredMark={adding}
              controlClassName="block w-full text-sm"
              inputProps={{ type: "file", accept: extensions.map((e) => `.${e}`).join(",") }}
              before={
                <>
                  {material?.file || uploaded ? (
                    <p className="mb-1 text-sm text-slate-700">
                      {t("curriculum_material_file_current")}{" "}
                      <a href={(uploaded ?? material)!.file!} className="text-primary underline">
                        {(uploaded ?? material)!.file_name ?? (uploaded ?? material)!.file}
                      </a>
                    </p>
                  ) : null}
                  {uploaded ? (
                    <>
                      <input type="hidden" name="file_ref" value={uploaded.file} />
                      <input type="hidden" name="file_ref_name" value={uploaded.file_name} />
                    </>
                  ) : null}
                </>
              }
              help={
                <>
                  {t("curriculum_material_file_hint", {
                    extensions: extensions.map((e) => e.toUpperCase()).join(", "),
                    size: fileSize(limits.fileBytes),
                  })}
                  {material?.file || uploaded ? ` ${t("curriculum_material_file_replace")}` : ""}
                </>
              }
            />
          ) : null}

          <fieldset className="space-y-2">
            {FLAGS.map((f) => (
              <CheckboxField
                key={f}
                {...wire(f)}
                label={t(`curriculum_material_${f}`)}
                inputProps={{ defaultChecked: ticked(f, material ? material[f] : NEW_DEFAULTS[f]) }}
              />
            ))}
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              {...wire("attempt")}
              label={t("curriculum_material_attempt")}
              help={t("curriculum_material_attempt_hint")}
              inputProps={{
                type: "number",
                min: 0,
                max: 999,
                inputMode: "numeric",
                defaultValue: text("attempt", material?.attempt ?? 0),
              }}
            />
            <Field
              {...wire("duration")}
              label={t("curriculum_material_duration")}
              help={t("curriculum_material_duration_hint")}
              inputProps={{
                type: "text",
                placeholder: "00:30",
                defaultValue: text("duration", secondsToTimeText(material?.duration ?? 0)),
              }}
            />
          </div>

          <fieldset
            aria-describedby={[depsErrors ? "mf-dependency_list-error" : "", "mf-deps-hint"].filter(Boolean).join(" ")}
          >
            <legend className="mb-1 text-sm font-medium text-slate-700">
              {t("curriculum_material_dependency_list")}
            </legend>
            <p id="mf-deps-hint" className="mb-2 text-xs text-slate-600">
              {t("curriculum_material_dependency_hint")}
            </p>
            {options.length ? (
              <div className="space-y-2">
                {options.map((g) => (
                  <div key={g.id}>
                    <p className="text-xs font-medium text-slate-600">{g.name}</p>
                    <div className="flex flex-wrap gap-x-4 gap-y-1">
                      {g.materials.map((m) => (
                        <label key={m.id} className="flex items-center gap-1.5 text-sm">
                          <input
                            type="checkbox"
                            name="dependency_list"
                            value={m.id}
                            defaultChecked={chosen.has(String(m.id))}
                            className="h-4 w-4"
                          />
                          {m.name}
                        </label>
                      ))}
                    </div>
                  </div>
                ))}
              </div>
            ) : (
              <p className="text-sm text-slate-600">{t("curriculum_material_no_other")}</p>
            )}
            <ErrorList id={depsErrors ? "mf-dependency_list-error" : undefined} errors={depsErrors} />
          </fieldset>

          <div className="flex justify-end gap-2">
            <a href={cancelHref} className="rounded border border-slate-300 px-4 py-2 text-sm">
              {t("cancel")}
            </a>
            <button
              type="submit"
              className="rounded bg-primary px-5 py-2 text-sm font-medium text-primary-fg hover:opacity-90"
            >
              {t("action_save")}
            </button>
          </div>
        </WritableFields>
      </Form>
    </section>
  );
}

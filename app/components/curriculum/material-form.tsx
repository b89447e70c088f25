import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FILE_SLOT_TYPES, SLOT_FILE_EXTENSIONS, URL_SLOT_TYPES, type SlotType } from "../../../contract/curriculum-codes";
import type { Material } from "../../../contract/schemas/curriculum";
import { secondsToTimeText } from "../../../contract/units";
import { CsrfInput, ErrorList } from "~/components/forms";
import { errorsAt, shownValue, valueAt, type FormResult } from "~/lms/form-result";

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
  cancelHref: string;
};

const inputClass =
  "block w-full rounded border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 aria-[invalid]:border-red-600";
const FLAGS = ["is_required", "is_preview", "is_display", "is_non_skippable", "is_paused_inactive", "is_allow_download"] as const;
const NEW_DEFAULTS: Record<(typeof FLAGS)[number], boolean> = {
  is_required: true, is_preview: false, is_display: true, is_non_skippable: false, is_paused_inactive: false, is_allow_download: false,
};

/**
 * The slot form of one material (spec 001 §3 "Learning material"): the fields every slot type
 * has, the link of weblink and youtube slots, the file of media, document, file and scorm slots,
 * and its prerequisites among the course's other materials. Validated on the server only
 * (noValidate), so its messages are the same with JavaScript on and off.
 */
export function MaterialForm({ slotType, section, material, groups, result, uploaded, limits, cancelHref }: Props) {
  const { t } = useTranslation();
  const adding = !material;
  const tr = (name: string) => errorsAt(result, name)?.map((e) => t(e));
  const err = (name: string) => (errorsAt(result, name) ? `mf-${name}-error` : undefined);
  const text = (name: string, saved: unknown) => shownValue(result, name, saved) as string;
  const ticked = (name: string, saved: boolean) => shownValue(result, name, saved, "checkbox") as boolean;
  const hasFile = FILE_SLOT_TYPES.includes(slotType);
  const hasUrl = URL_SLOT_TYPES.includes(slotType);
  const extensions = SLOT_FILE_EXTENSIONS[slotType];
  const submittedDeps = valueAt(result, "dependency_list");
  const chosen = new Set(
    result?.initialValue
      ? ([] as unknown[]).concat(submittedDeps ?? []).map(String)
      : (material?.dependency_list ?? []).map((d) => String(d.id)),
  );
  const options = groups.map((g) => ({ ...g, materials: g.materials.filter((m) => m.id !== material?.id) })).filter((g) => g.materials.length);
  const title = adding
    ? t("curriculum_new_material_title", { type: t(`curriculum_slot_${slotType}`), section: section.name })
    : t("curriculum_edit_material_title", { name: material.name });

  return (
    <section aria-labelledby="material-form-title" className="max-w-2xl rounded border border-slate-200 bg-white p-5">
      <h2 id="material-form-title" className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      <Form method="post" noValidate encType={hasFile ? "multipart/form-data" : undefined} className="space-y-5">
        <CsrfInput />
        <input type="hidden" name="intent" value={adding ? "add-material" : "edit-material"} />
        {adding ? (
          <>
            <input type="hidden" name="section" value={section.id} />
            <input type="hidden" name="slot_type" value={slotType} />
          </>
        ) : (
          <input type="hidden" name="id" value={material.id} />
        )}
        <ErrorList errors={tr("")} />

        <div>
          <label htmlFor="mf-name" className="mb-1 block text-sm font-medium text-slate-700">
            {t("curriculum_material_name")}
            <span aria-hidden="true" className="text-red-700"> *</span>
          </label>
          <input id="mf-name" name="name" type="text" maxLength={limits.text} defaultValue={text("name", material?.name)} aria-invalid={err("name") ? true : undefined} aria-describedby={err("name")} className={inputClass} />
          <ErrorList id={err("name")} errors={tr("name")} />
        </div>

        {hasUrl ? (
          <div>
            <label htmlFor="mf-url" className="mb-1 block text-sm font-medium text-slate-700">
              {t("curriculum_material_url")}
              <span aria-hidden="true" className="text-red-700"> *</span>
            </label>
            <input
              id="mf-url"
              name="url"
              type="text"
              inputMode="url"
              maxLength={limits.url}
              defaultValue={text("url", material?.url)}
              aria-invalid={err("url") ? true : undefined}
              aria-describedby={["mf-url-hint", err("url")].filter(Boolean).join(" ")}
              className={inputClass}
            />
            <p id="mf-url-hint" className="mt-1 text-xs text-slate-600">
              {t(slotType === "youtube" ? "curriculum_material_url_youtube_hint" : "curriculum_material_url_hint")}
            </p>
            <ErrorList id={err("url")} errors={tr("url")} />
          </div>
        ) : null}

        {hasFile ? (
          <div>
            <label htmlFor="mf-file" className="mb-1 block text-sm font-medium text-slate-700">
              {t("curriculum_material_file")}
              {adding ? <span aria-hidden="true" className="text-red-700"> *</span> : null}
            </label>
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
            <input
              id="mf-file"
              name="file"
              type="file"
              accept={extensions.map((e) => `.${e}`).join(",")}
              aria-invalid={err("file") ? true : undefined}
              aria-describedby={["mf-file-hint", err("file")].filter(Boolean).join(" ")}
              className="block w-full text-sm"
            />
            <p id="mf-file-hint" className="mt-1 text-xs text-slate-600">
              {t("curriculum_material_file_hint", { extensions: extensions.map((e) => e.toUpperCase()).join(", "), size: Math.round(limits.fileBytes / 1048576) })}
              {material?.file || uploaded ? ` ${t("curriculum_material_file_replace")}` : ""}
            </p>
            <ErrorList id={err("file")} errors={tr("file")} />
          </div>
        ) : null}

        <fieldset className="space-y-2">
          {FLAGS.map((f) => (
            <div key={f} className="flex items-start gap-2">
              <input id={`mf-${f}`} type="checkbox" name={f} defaultChecked={ticked(f, material ? material[f] : NEW_DEFAULTS[f])} className="mt-0.5 h-4 w-4" />
              <label htmlFor={`mf-${f}`} className="text-sm text-slate-800">
                {t(`curriculum_material_${f}`)}
              </label>
              <ErrorList id={err(f)} errors={tr(f)} />
            </div>
          ))}
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="mf-attempt" className="mb-1 block text-sm font-medium text-slate-700">
              {t("curriculum_material_attempt")}
            </label>
            <input id="mf-attempt" name="attempt" type="number" min={0} max={999} inputMode="numeric" defaultValue={text("attempt", material?.attempt ?? 0)} aria-invalid={err("attempt") ? true : undefined} aria-describedby={["mf-attempt-hint", err("attempt")].filter(Boolean).join(" ")} className={inputClass} />
            <p id="mf-attempt-hint" className="mt-1 text-xs text-slate-600">
              {t("curriculum_material_attempt_hint")}
            </p>
            <ErrorList id={err("attempt")} errors={tr("attempt")} />
          </div>
          <div>
            <label htmlFor="mf-duration" className="mb-1 block text-sm font-medium text-slate-700">
              {t("curriculum_material_duration")}
            </label>
            <input id="mf-duration" name="duration" type="text" placeholder="00:30" defaultValue={text("duration", secondsToTimeText(material?.duration ?? 0))} aria-invalid={err("duration") ? true : undefined} aria-describedby={["mf-duration-hint", err("duration")].filter(Boolean).join(" ")} className={inputClass} />
            <p id="mf-duration-hint" className="mt-1 text-xs text-slate-600">
              {t("curriculum_material_duration_hint")}
            </p>
            <ErrorList id={err("duration")} errors={tr("duration")} />
          </div>
        </div>

        <fieldset aria-describedby="mf-deps-hint">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t("curriculum_material_dependency_list")}</legend>
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
                        <input type="checkbox" name="dependency_list" value={m.id} defaultChecked={chosen.has(String(m.id))} className="h-4 w-4" />
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
          <ErrorList id={err("dependency_list")} errors={tr("dependency_list")} />
        </fieldset>

        <div className="flex justify-end gap-2">
          <a href={cancelHref} className="rounded border border-slate-300 px-4 py-2 text-sm">
            {t("cancel")}
          </a>
          <button type="submit" className="rounded bg-primary px-5 py-2 text-sm font-medium text-primary-fg hover:opacity-90">
            {t("action_save")}
          </button>
        </div>
      </Form>
    </section>
  );
}

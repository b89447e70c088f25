import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import type { ConfigDict } from "../../contract/config";
import { MSG } from "../../contract/messages";
import { FILE_SLOT_TYPES, SLOT_TYPES, isSlotType } from "../../contract/curriculum-codes";
import { namesMedia } from "../../contract/schemas/curriculum";
import { mediaChoices } from "~/lms/curriculum-media.server";
import type { Curriculum, CurriculumLimits, IdName, Material, Section, UploadedFile } from "../../contract/schemas/curriculum";
import { secondsToTimeText } from "../../contract/units";
import { ChoiceList } from "~/components/content/choice-list";
import { ConfirmDelete, WarningDialog } from "~/components/content/dialogs";
import { OrderedGroup, OrderedTable } from "~/components/content/ordered-groups";
import { DisplayToggle, MoveButtons } from "~/components/content/row-actions";
import { MaterialForm } from "~/components/curriculum/material-form";
import { CsrfInput, Field } from "~/components/forms";
import type { Lms } from "~/lms/api.server";
import { apiFieldErrors } from "~/lms/content-form.server";
import { itemId, requireContent } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { readForm } from "~/lms/read-form.server";
import { errorsAt, shownValue, type FormResult } from "~/lms/form-result";
import { materialSchema, moveSchema, parseWithZod, sectionSchemas } from "~/lms/schemas.server";
import { redirectWithToast } from "~/lms/toast.server";
import { invariantResponse } from "~/lms/invariant";
import { registryTab } from "~/lms/registry-tab.server";
import type { ContentType } from "~/lms/content.server";
import { WritableFields } from "~/components/content/item-writable";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "curriculum"] };

/**
 * The curriculum tab (spec 000 §2.5, 001 §3 "Learning material", §4, §5): sections with their
 * materials in order; add and rename sections, add a material (choose its slot type, then its
 * slot form), edit, move up and down (across sections at the edges), show and hide, delete with a
 * confirmation step and the dependency refusal dialog of spec 002 §8. Every control is a plain
 * form or link; the open sub-step lives in the query (?add=, ?slot=, ?material=, ?edit-section=,
 * ?delete-section=, ?delete-material=).
 *
 * The same page is a class's material tab (docs/decisions/045): the registry tab names the API
 * path under the item (`api`, default curriculum/) and may name its own texts (`texts`), since a
 * class's sections are not its publish precondition.
 */

/** Where this tab's curriculum answers under the item, and the texts it shows. */
function tabOf(type: ContentType, request: Request) {
  const tab = registryTab(type, request) as { api?: string; texts?: { title?: string; intro?: string; empty?: string } } | undefined;
  return {
    path: tab?.api ?? "curriculum/",
    texts: { title: "curriculum_title", intro: "curriculum_intro", empty: "curriculum_empty", warning: "curriculum_no_section_warning", ...(tab?.texts ?? {}) },
  };
}

const limitsOf = (config: ConfigDict): CurriculumLimits & { fileBytes: number } => ({
  text: Number(config["text-limit"]?.value) || 200,
  url: Number(config["url-limit"]?.value) || 255,
  fileBytes: Number(config["file-size-limit"]?.value) || 10485760,
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { api, type, config } = await requireContent(request, "change");
  const id = itemId(type, params);
  const tab = tabOf(type, request);
  const { data: curriculum } = await api.get<Curriculum>(`${type.api}${id}/${tab.path}`);
  const url = new URL(request.url);
  const q = url.searchParams;
  const num = (key: string) => (/^\d{1,9}$/.test(q.get(key) ?? "") ? Number(q.get(key)) : null);
  const sections = curriculum.results;
  const materials = sections.flatMap((s) => s.material_list);
  const sectionBy = (sid: number | null) => sections.find((s) => s.id === sid) ?? null;
  const materialBy = (mid: number | null) => materials.find((m) => m.id === mid) ?? null;
  const slot = q.get("slot");
  const addTo = sectionBy(num("add"))?.id ?? null;
  const editing = materialBy(num("material"));
  // The open slot form's picker: the media items its slot type may play (issue 19 §4).
  const formSlot = editing?.slot_type ?? (addTo !== null && isSlotType(slot) ? slot : null);
  const media = formSlot ? await mediaChoices(api, formSlot) : [];
  return data(
    {
      curriculum,
      texts: tab.texts,
      here: url.pathname,
      limits: limitsOf(config),
      media,
      view: {
        editSection: sectionBy(num("edit-section"))?.id ?? null,
        addTo,
        slot: isSlotType(slot) ? slot : null,
        material: editing?.id ?? null,
        deleteSection: sectionBy(num("delete-section")),
        deleteMaterial: materialBy(num("delete-material")),
      },
    },
    { headers: api.headers() },
  );
}

type ActionAnswer =
  | { form: "add-section" | "edit-section" | "material"; result: SubmissionResult<string[]>; uploaded?: { file: string; file_name: string } | null }
  | { warning: string; dependents: string[] };

/**
 * The API's 424 (a prerequisite in the way) as the warning dialog's data; also its 400 that names
 * no field (an item read-only for good, a cancelled class: docs/decisions/045).
 */
function refusal(api: Lms, body: { detail?: string; dependent_list?: IdName[] } | null, status = 424) {
  return data<ActionAnswer>(
    { warning: body?.detail ?? MSG.cannot_delete_because_dependency, dependents: (body?.dependent_list ?? []).map((d) => d.name) },
    { status, headers: api.headers() },
  );
}
/** A 400 answer that is about the whole item, not a field. */
const wholeItem = (res: { status: number; data: unknown }) => res.status === 400 && typeof (res.data as { detail?: unknown } | null)?.detail === "string";

export async function action({ request, params }: ActionFunctionArgs) {
  const { api, type, config } = await requireContent(request, "change");
  const id = itemId(type, params);
  const url = new URL(request.url);
  const here = url.pathname;
  const limits = limitsOf(config);
  // A material's file is held in memory up to the configured limit (+ a little for the other fields).
  const { form, refusal: unread } = await readForm(request, { maxPartSize: limits.fileBytes + 1024 });
  if (unread?.tooLarge) return redirectWithToast(`${here}${url.search}`, { type: "error", message: MSG.file_too_large });
  // Shown on the new-section form, the one every visit of the tab has.
  if (!form) return data<ActionAnswer>({ form: "add-section", result: unread.result }, { status: unread.status });
  await requireCsrf(api, form);
  const intent = String(form.get("intent") ?? "");
  const base = `${type.api}${id}/${tabOf(type, request).path}`;
  const rowId = String(form.get("id") ?? "");
  const needId = () => {
    invariantResponse(/^\d{1,9}$/.test(rowId), "Bad Request");
    return rowId;
  };
  const done = (message: string, to = here) => redirectWithToast(to, { type: "success", message }, { headers: api.headers() });
  const direction = () => {
    const parsed = moveSchema.safeParse({ direction: form.get("direction") });
    invariantResponse(parsed.success, "Bad Request");
    return parsed.data.direction;
  };

  switch (intent) {
    case "add-section":
    case "edit-section": {
      const schema = sectionSchemas(limits).create.pick({ name: true });
      const submission = parseWithZod(form, { schema });
      if (submission.status !== "success") return data<ActionAnswer>({ form: intent, result: submission.reply() }, { status: 400 });
      const res =
        intent === "add-section"
          ? await api.post<Record<string, unknown>>(`${base}section/`, submission.value, { accept: [400] })
          : await api.patch<Record<string, unknown>>(`${base}section/${needId()}/`, submission.value, { accept: [400] });
      if (wholeItem(res)) return refusal(api, res.data, 400);
      if (res.status === 400) return data<ActionAnswer>({ form: intent, result: submission.reply(apiFieldErrors(res.data)) }, { status: 400, headers: api.headers() });
      return done(intent === "add-section" ? "curriculum_toast_section_added" : "curriculum_toast_section_saved");
    }
    case "move-section":
    case "move-material": {
      const path = intent === "move-section" ? `section/${needId()}/move/` : `material/${needId()}/move/`;
      const res = await api.post<{ detail?: string }>(`${base}${path}`, { direction: direction() }, { accept: [400] });
      if (res.status === 400) return refusal(api, res.data, 400);
      return done("curriculum_toast_moved");
    }
    case "toggle-section":
    case "toggle-material": {
      const show = form.get("is_display") === "true";
      const path = intent === "toggle-section" ? `section/${needId()}/` : `material/${needId()}/`;
      const res = await api.patch<{ detail?: string; dependent_list?: IdName[] }>(`${base}${path}`, { is_display: show }, { accept: [400, 424] });
      if (res.status === 424 || res.status === 400) return refusal(api, res.data, res.status);
      return done(show ? "toast_shown" : "toast_hidden");
    }
    case "delete-section":
    case "delete-material": {
      const path = intent === "delete-section" ? `section/${needId()}/` : `material/${needId()}/`;
      const res = await api.delete<{ detail?: string; dependent_list?: IdName[] }>(`${base}${path}`, { accept: [400, 424] });
      if (res.status === 424 || res.status === 400) return refusal(api, res.data, res.status);
      if (intent === "delete-material") return done("curriculum_toast_material_deleted");
      const after = await api.get<Curriculum>(base);
      return done(after.data.count ? "curriculum_toast_section_deleted" : "curriculum_toast_section_deleted_unpublished");
    }
    case "add-material":
    case "edit-material":
      return saveMaterial(api, form, intent, base, here, limits);
    default:
      throw new Response("Bad Request", { status: 400 });
  }
}

/**
 * A slot form: parsed with the contract's schema for its slot type; a chosen file is uploaded
 * first (refused files are the file field's errors), then the material is created or updated.
 * A file uploaded by a submission the API then refused is kept in the form (file_ref).
 */
async function saveMaterial(api: Lms, form: FormData, intent: "add-material" | "edit-material", base: string, here: string, limits: CurriculumLimits) {
  const adding = intent === "add-material";
  let slotType = String(form.get("slot_type") ?? "");
  let current: Material | null = null;
  if (!adding) {
    const rowId = String(form.get("id") ?? "");
    invariantResponse(/^\d{1,9}$/.test(rowId), "Bad Request");
    current = (await api.get<Material>(`${base}material/${rowId}/`)).data;
    slotType = current.slot_type;
  }
  const section = String(form.get("section") ?? "");
  invariantResponse(isSlotType(slotType) && (!adding || /^\d{1,9}$/.test(section)), "Bad Request");
  // A media item chosen from the library plays instead of the slot's own link or file.
  const withMedia = namesMedia(form.get("media_id"));
  const submission = parseWithZod(form, { schema: materialSchema(slotType, limits, { form: true, media: withMedia }) });
  const kept = typeof form.get("file_ref") === "string" && form.get("file_ref") ? { file: String(form.get("file_ref")), file_name: String(form.get("file_ref_name") ?? "") } : null;
  const refuse = (errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }, uploaded = kept, headers?: Headers) =>
    data<ActionAnswer>({ form: "material", result: submission.reply(errors), uploaded }, { status: 400, headers: headers ?? api.headers() });
  if (submission.status !== "success") return refuse({});

  let file: { file: string; file_name: string } | null = kept;
  if (FILE_SLOT_TYPES.includes(slotType)) {
    const chosen = form.get("file");
    if (chosen instanceof File && chosen.size > 0) {
      const body = new FormData();
      body.set("file", chosen, chosen.name);
      const up = await api.upload<UploadedFile | Record<string, string[]>>(`${base}upload/?slot_type=${slotType}`, body, { accept: [400] });
      if (wholeItem(up)) return refuse({ formErrors: [String((up.data as unknown as { detail: string }).detail)] });
      if (up.status === 400) {
        const errors = up.data as Record<string, string[]>;
        return refuse({ fieldErrors: { file: errors.file ?? errors.slot_type ?? [MSG.invalid_file_type] } }, kept);
      }
      const stored = up.data as UploadedFile;
      file = { file: stored.file, file_name: stored.file_name };
    }
    if (adding && !file && !withMedia) return refuse({ fieldErrors: { file: [MSG.required] } });
  }
  // The picker's "none" arrives empty (conform drops it): it clears the slot's media item.
  const media = form.has("media_id") ? { media_id: submission.value.media_id ?? null } : {};
  const payload = { ...submission.value, ...media, ...(file ?? {}) };
  const res = adding
    ? await api.post<Record<string, unknown>>(`${base}section/${section}/material/`, { slot_type: slotType, ...payload }, { accept: [400] })
    : await api.patch<Record<string, unknown>>(`${base}material/${current!.id}/`, payload, { accept: [400, 424] });
  // 424: unticking "shown" on a prerequisite; the refusal is the form's own error.
  if (res.status === 424) return refuse({ formErrors: [String(res.data?.detail ?? MSG.material_is_prerequisite)] }, file);
  if (wholeItem(res)) return refuse({ formErrors: [String((res.data as { detail: string }).detail)] }, file);
  if (res.status === 400) return refuse(apiFieldErrors(res.data), file);
  return redirectWithToast(here, { type: "success", message: adding ? "curriculum_toast_material_added" : "curriculum_toast_material_saved" }, { headers: api.headers() });
}

export default function CurriculumTab() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const { t } = useContentTranslation();
  const sections = d.curriculum.results as Section[];
  const resultOf = (form: string): FormResult => (answer && "form" in answer && answer.form === form ? (answer.result as FormResult) : null);
  const warning = answer && "warning" in answer ? answer : null;
  const addTo = sections.find((s) => s.id === d.view.addTo) ?? null;
  const editing = sections.flatMap((s) => s.material_list).find((m) => m.id === d.view.material) ?? null;
  const groups = sections.map((s) => ({ id: s.id, name: s.name, materials: s.material_list.map((m) => ({ id: m.id, name: m.name })) }));

  // A sub-step replaces the list: the slot-type chooser, then the slot form; or a material's form.
  if (addTo && d.view.slot) {
    return (
      <MaterialForm
        key={`add-${addTo.id}-${d.view.slot}`}
        slotType={d.view.slot}
        section={addTo}
        groups={groups}
        result={resultOf("material")}
        uploaded={answer && "uploaded" in answer ? answer.uploaded : null}
        limits={d.limits}
        media={d.media}
        cancelHref={d.here}
      />
    );
  }
  if (editing) {
    return (
      <MaterialForm
        key={`edit-${editing.id}`}
        slotType={editing.slot_type}
        section={sections.find((s) => s.id === editing.section)!}
        material={editing}
        groups={groups}
        result={resultOf("material")}
        uploaded={answer && "uploaded" in answer ? answer.uploaded : null}
        limits={d.limits}
        media={d.media}
        cancelHref={d.here}
      />
    );
  }
  if (addTo) {
    return (
      <ChoiceList
        id="slot-chooser"
        title={t("curriculum_choose_slot")}
        text={t("curriculum_choose_slot_text", { name: addTo.name })}
        choices={SLOT_TYPES.map((s) => ({ key: s, href: `?add=${addTo.id}&slot=${s}`, label: t(`curriculum_slot_${s}`), description: t(`curriculum_slot_${s}_text`) }))}
        cancelHref={d.here}
        cancelLabel={t("cancel")}
      />
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold">{t(d.texts.title)}</h2>
          <p className="text-sm text-slate-600">{t(d.texts.intro)}</p>
        </div>
        <AddSectionForm result={resultOf("add-section")} maxLength={d.limits.text} />
      </div>
      {sections.length ? null : (
        <p className="rounded border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          {t(d.texts.empty)} {d.texts.warning ? t(d.texts.warning) : null}
        </p>
      )}
      {sections.map((section, si) => (
        <SectionCard
          key={section.id}
          section={section}
          index={si}
          last={si === sections.length - 1}
          editing={d.view.editSection === section.id}
          editResult={resultOf("edit-section")}
          maxLength={d.limits.text}
          here={d.here}
        />
      ))}
      {d.view.deleteSection && !warning ? (
        <ConfirmDelete
          item={d.view.deleteSection}
          param="delete-section"
          intent="delete-section"
          text={t("curriculum_delete_section_text", { name: d.view.deleteSection.name })}
        />
      ) : null}
      {d.view.deleteMaterial && !warning ? (
        <ConfirmDelete
          item={d.view.deleteMaterial}
          param="delete-material"
          intent="delete-material"
          text={t("curriculum_delete_material_text", { name: d.view.deleteMaterial.name })}
        />
      ) : null}
      {warning ? <WarningDialog messageKey={warning.warning} drop={["delete-section", "delete-material"]} items={warning.dependents} itemsLabel={t("curriculum_dependents")} /> : null}
    </div>
  );
}

function AddSectionForm({ result, maxLength }: { result: FormResult; maxLength: number }) {
  const { t } = useContentTranslation();
  const errors = errorsAt(result, "name")?.map((e) => t(e));
  return (
    <Form method="post" noValidate className="flex flex-wrap items-start gap-2" aria-label={t("curriculum_add_section")}>
      <WritableFields>
      <CsrfInput />
      <input type="hidden" name="intent" value="add-section" />
      <Field
        id="new-section-name"
        name="name"
        label={t("curriculum_new_section_name")}
        labelClassName="sr-only"
        errors={errors}
        controlClassName="w-64 rounded border border-slate-300 px-3 py-1.5 text-sm aria-[invalid]:border-red-600"
        inputProps={{ type: "text", maxLength, placeholder: t("curriculum_new_section_name"), defaultValue: shownValue(result, "name", "") as string }}
      />
      <button type="submit" className="rounded bg-primary px-4 py-1.5 text-sm font-medium text-primary-fg hover:opacity-90">
        {t("curriculum_add_section")}
      </button>
      </WritableFields>
    </Form>
  );
}

function SectionCard({
  section,
  index,
  last,
  editing,
  editResult,
  maxLength,
  here,
}: {
  section: Section;
  index: number;
  last: boolean;
  editing: boolean;
  editResult: FormResult;
  maxLength: number;
  here: string;
}) {
  const { t } = useContentTranslation();
  const { search } = useLocation();
  const link = (key: string, value: number) => `?${key}=${value}`;
  const headingId = `section-${section.id}-title`;
  const errors = editing ? errorsAt(editResult, "name")?.map((e) => t(e)) : undefined;
  return (
    <OrderedGroup
      labelledBy={headingId}
      position={t("curriculum_section_n", { n: index + 1 })}
      title={section.name}
      badge={section.is_display ? null : <span className="rounded border border-slate-300 bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{t("curriculum_hidden_section")}</span>}
      actions={
        <>
          <MoveButtons
            intent="move-section"
            id={section.id}
            canUp={index > 0}
            canDown={!last}
            labels={{ up: t("curriculum_move_up_named", { name: section.name }), down: t("curriculum_move_down_named", { name: section.name }) }}
          />
          <a href={link("edit-section", section.id)} aria-label={t("curriculum_edit_section_named", { name: section.name })} className="text-sm text-primary hover:underline">
            {t("curriculum_edit_section")}
          </a>
          <DisplayToggle intent="toggle-section" id={section.id} name={section.name} shown={section.is_display} />
          <a href={link("add", section.id)} className="rounded border border-primary px-2 py-0.5 text-sm text-primary hover:bg-primary/5" aria-label={t("curriculum_add_material_to", { name: section.name })}>
            {t("curriculum_add_material")}
          </a>
          <a href={link("delete-section", section.id)} aria-label={t("curriculum_delete_section_named", { name: section.name })} className="text-sm text-red-700 hover:underline">
            {t("action_delete")}
          </a>
        </>
      }
    >
      {editing ? (
        <Form method="post" noValidate className="mb-3 flex flex-wrap items-start gap-2" action={`${here}${search}`}>
          <WritableFields>
          <CsrfInput />
          <input type="hidden" name="intent" value="edit-section" />
          <input type="hidden" name="id" value={section.id} />
          <Field
            id={`section-name-${section.id}`}
            name="name"
            label={t("curriculum_section_name")}
            labelClassName="sr-only"
            errors={errors}
            controlClassName="w-72 rounded border border-slate-300 px-3 py-1.5 text-sm aria-[invalid]:border-red-600"
            inputProps={{ type: "text", maxLength, defaultValue: shownValue(editResult, "name", section.name) as string }}
          />
          <button type="submit" className="rounded bg-primary px-3 py-1.5 text-sm font-medium text-primary-fg">
            {t("curriculum_save_section")}
          </button>
          <a href={here} className="px-2 py-1.5 text-sm text-primary underline">
            {t("cancel")}
          </a>
          </WritableFields>
        </Form>
      ) : null}
      <MaterialTable section={section} firstSection={index === 0} lastSection={last} />
    </OrderedGroup>
  );
}

function MaterialTable({ section, firstSection, lastSection }: { section: Section; firstSection: boolean; lastSection: boolean }) {
  const { t } = useContentTranslation();
  const rows = section.material_list;
  return (
    <OrderedTable
      rows={rows}
      caption={section.name}
      empty={t("curriculum_no_materials")}
      actionsLabel={t("actions")}
      actionsClassName="w-52"
      columns={[
        { key: "sort", label: t("curriculum_position"), render: (m) => m.sort, className: "w-10 text-slate-600" },
        { key: "type", label: t("curriculum_col_type"), className: "w-36", render: (m) => <span className="whitespace-nowrap text-xs text-slate-700">{t(`curriculum_slot_${m.slot_type}`)}</span> },
        {
          key: "name",
          label: t("curriculum_col_name"),
          render: (m) => (
            <span className="flex flex-wrap items-center gap-1.5">
              <span className="break-words font-medium text-slate-900">{m.name}</span>
              <span className="rounded border border-slate-200 px-1.5 text-xs text-slate-600">{t(m.is_required ? "curriculum_badge_required" : "curriculum_badge_optional")}</span>
              {m.is_preview ? <span className="rounded border border-sky-200 bg-sky-50 px-1.5 text-xs text-sky-800">{t("curriculum_badge_preview")}</span> : null}
              {m.media ? <span className="text-xs text-slate-700">{t("curriculum_material_media_row", { name: m.media.name })}</span> : null}
              {m.file ? (
                <a href={m.file} className="text-xs text-primary underline">
                  {m.file_name ?? m.file}
                </a>
              ) : null}
              {m.url ? (
                <a href={m.url} className="max-w-[16rem] truncate text-xs text-primary underline" rel="noreferrer noopener" target="_blank">
                  {m.url}
                </a>
              ) : null}
            </span>
          ),
        },
        { key: "duration", label: t("curriculum_col_duration"), className: "w-24", render: (m) => <span className="font-mono text-xs">{secondsToTimeText(m.duration)}</span> },
        {
          key: "deps",
          label: t("curriculum_col_prerequisites"),
          className: "w-44",
          render: (m) => (m.dependency_list.length ? <span className="text-xs">{m.dependency_list.map((x) => x.name).join(", ")}</span> : <span className="text-slate-400">—</span>),
        },
        { key: "shown", label: t("curriculum_col_shown"), className: "w-24", render: (m) => <DisplayToggle intent="toggle-material" id={m.id} name={m.name} shown={m.is_display} /> },
      ]}
      actions={(m, i) => (
        <span className="inline-flex items-center gap-3">
          <MoveButtons
            intent="move-material"
            id={m.id}
            canUp={!(firstSection && i === 0)}
            canDown={!(lastSection && i === rows.length - 1)}
            labels={{ up: t("curriculum_move_up_named", { name: m.name }), down: t("curriculum_move_down_named", { name: m.name }) }}
          />
          <a href={`?material=${m.id}`} aria-label={t("curriculum_edit_material_named", { name: m.name })} className="text-primary hover:underline">
            {t("curriculum_edit")}
          </a>
          <a href={`?delete-material=${m.id}`} aria-label={t("curriculum_delete_material_named", { name: m.name })} className="text-red-700 hover:underline">
            {t("action_delete")}
          </a>
        </span>
      )}
    />
  );
}

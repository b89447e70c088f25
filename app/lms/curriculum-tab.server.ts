import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ConfigDict } from "../../contract/config";
import { MSG } from "../../contract/messages";
import { FILE_SLOT_TYPES, isSlotType } from "../../contract/curriculum-codes";
import { namesMedia, namesSource } from "../../contract/schemas/curriculum";
import type { Curriculum, CurriculumLimits, IdName, Material, UploadedFile } from "../../contract/schemas/curriculum";
import type { Lms } from "~/lms/api.server";
import { apiFieldErrors } from "~/lms/content-form.server";
import { itemId, requireContent, type ContentType } from "~/lms/content.server";
import { requireCsrf } from "~/lms/csrf.server";
import { mediaChoices, reuseChoices } from "~/lms/curriculum-media.server";
import { invariantResponse } from "~/lms/invariant";
import { materialPreviews } from "~/lms/preview.server";
import { readForm } from "~/lms/read-form.server";
import { registryTab } from "~/lms/registry-tab.server";
import { materialSchema, moveSchema, parseWithZod, sectionSchemas } from "~/lms/schemas.server";
import { redirectWithToast } from "~/lms/toast.server";
import { newIdempotencyKey, postedIdempotencyKey } from "~/lms/idempotency.server";

/**
 * The server half of the curriculum tab (app/routes/content.curriculum.tsx; spec 000 §2.5, 001 §3
 * "Learning material"): its loader reads the curriculum, the open sub-step from the query and, for
 * an open slot form, the media items it may play (docs/decisions/069) and the links or files it may
 * reuse (072); its action runs each form's intent against the API (sections, materials, moves,
 * show/hide, deletes with the 424 dialog) and maps the API's refusals back onto the forms.
 */

/** Where this tab's curriculum answers under the item, and the texts it shows. */
function tabOf(type: ContentType, request: Request) {
  const tab = registryTab(type, request) as
    { api?: string; texts?: { title?: string; intro?: string; empty?: string } } | undefined;
  return {
    path: tab?.api ?? "curriculum/",
    texts: {
      title: "curriculum_title",
      intro: "curriculum_intro",
      empty: "curriculum_empty",
      warning: "curriculum_no_section_warning",
      ...(tab?.texts ?? {}),
    },
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
  // The open slot form's pickers: the media items its slot type may play, the links or files it may reuse (issue 19 §4).
  const formSlot = editing?.slot_type ?? (addTo !== null && isSlotType(slot) ? slot : null);
  const [media, reuse] = formSlot
    ? await Promise.all([mediaChoices(api, formSlot), reuseChoices(api, formSlot)])
    : [[], []];
  return data(
    {
      curriculum,
      texts: tab.texts,
      here: url.pathname,
      limits: limitsOf(config),
      media,
      reuse,
      // What each slot's "Preview" shows, in its dialog or on its page (docs/decisions/084).
      previews: materialPreviews(materials),
      // The key of the page's one add form, a section's or (its own step) a material's: a post retried after its answer was lost adds once (docs/decisions/094).
      idempotencyKey: newIdempotencyKey(),
      view: {
        editSection: sectionBy(num("edit-section"))?.id ?? null,
        addTo,
        slot: isSlotType(slot) ? slot : null,
        material: editing?.id ?? null,
        deleteSection: sectionBy(num("delete-section")),
        deleteMaterial: materialBy(num("delete-material")),
        preview: materialBy(num("preview"))?.id ?? null,
      },
    },
    { headers: api.headers() },
  );
}

export type ActionAnswer =
  | {
      form: "add-section" | "edit-section" | "material";
      result: SubmissionResult<string[]>;
      uploaded?: { file: string; file_name: string } | null;
    }
  | { warning: string; dependents: string[] };

/**
 * The API's 424 (a prerequisite in the way) as the warning dialog's data; also its 400 that names
 * no field (an item read-only for good, a cancelled class: docs/decisions/045).
 */
function refusal(api: Lms, body: { detail?: string; dependent_list?: IdName[] } | null, status = 424) {
  return data<ActionAnswer>(
    {
      warning: body?.detail ?? MSG.cannot_delete_because_dependency,
      dependents: (body?.dependent_list ?? []).map((d) => d.name),
    },
    { status, headers: api.headers() },
  );
}
/** A 400 answer that is about the whole item, not a field. */
const wholeItem = (res: { status: number; data: unknown }) =>
  res.status === 400 && typeof (res.data as { detail?: unknown } | null)?.detail === "string";

export async function action({ request, params }: ActionFunctionArgs) {
  const { api, type, config } = await requireContent(request, "change");
  const id = itemId(type, params);
  const url = new URL(request.url);
  const here = url.pathname;
  const limits = limitsOf(config);
  // A material's file is held in memory up to the configured limit (the form's text has an allowance of its own).
  const { form, refusal: unread } = await readForm(request, { maxPartSize: limits.fileBytes });
  if (unread?.tooLarge)
    return redirectWithToast(`${here}${url.search}`, { type: "error", message: MSG.file_too_large, status: 413 });
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
  const done = (message: string, to = here) =>
    redirectWithToast(to, { type: "success", message }, { headers: api.headers() });
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
      if (submission.status !== "success")
        return data<ActionAnswer>({ form: intent, result: submission.reply() }, { status: 400 });
      const res =
        intent === "add-section"
          ? await api.post<Record<string, unknown>>(`${base}section/`, submission.value, {
              accept: [400],
              idempotencyKey: postedIdempotencyKey(form),
            })
          : await api.patch<Record<string, unknown>>(`${base}section/${needId()}/`, submission.value, {
              accept: [400],
            });
      if (wholeItem(res)) return refusal(api, res.data, 400);
      if (res.status === 400)
        return data<ActionAnswer>(
          { form: intent, result: submission.reply(apiFieldErrors(res.data)) },
          { status: 400, headers: api.headers() },
        );
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
      const res = await api.patch<{ detail?: string; dependent_list?: IdName[] }>(
        `${base}${path}`,
        { is_display: show },
        { accept: [400, 424] },
      );
      if (res.status === 424 || res.status === 400) return refusal(api, res.data, res.status);
      return done(show ? "toast_shown" : "toast_hidden");
    }
    case "delete-section":
    case "delete-material": {
      const path = intent === "delete-section" ? `section/${needId()}/` : `material/${needId()}/`;
      const res = await api.delete<{ detail?: string; dependent_list?: IdName[] }>(`${base}${path}`, {
        accept: [400, 424],
      });
      if (res.status === 424 || res.status === 400) return refusal(api, res.data, res.status);
      if (intent === "delete-material") return done("curriculum_toast_material_deleted");
      const after = await api.get<Curriculum>(base);
      return done(
        after.data.count ? "curriculum_toast_section_deleted" : "curriculum_toast_section_deleted_unpublished",
      );
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
async function saveMaterial(
  api: Lms,
  form: FormData,
  intent: "add-material" | "edit-material",
  base: string,
  here: string,
  limits: CurriculumLimits,
) {
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
  // A media item chosen from the library plays instead of the slot's own link or file; a reused
  // slot's link or file is copied in its place (docs/decisions/072).
  const withMedia = namesMedia(form.get("media_id")) || namesSource(form.get("source_material_id"));
  const submission = parseWithZod(form, { schema: materialSchema(slotType, limits, { form: true, media: withMedia }) });
  const kept =
    typeof form.get("file_ref") === "string" && form.get("file_ref")
      ? { file: String(form.get("file_ref")), file_name: String(form.get("file_ref_name") ?? "") }
      : null;
  const refuse = (
    errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
    uploaded = kept,
    headers?: Headers,
  ) =>
    data<ActionAnswer>(
      { form: "material", result: submission.reply(errors), uploaded },
      { status: 400, headers: headers ?? api.headers() },
    );
  if (submission.status !== "success") return refuse({});

  let file: { file: string; file_name: string } | null = kept;
  if (FILE_SLOT_TYPES.includes(slotType)) {
    const chosen = form.get("file");
    if (chosen instanceof File && chosen.size > 0) {
      const body = new FormData();
      body.set("file", chosen, chosen.name);
      const up = await api.upload<UploadedFile | Record<string, string[]>>(
        `${base}upload/?slot_type=${slotType}`,
        body,
        { accept: [400] },
      );
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
    ? await api.post<Record<string, unknown>>(
        `${base}section/${section}/material/`,
        { slot_type: slotType, ...payload },
        { accept: [400], idempotencyKey: postedIdempotencyKey(form) },
      )
    : await api.patch<Record<string, unknown>>(`${base}material/${current!.id}/`, payload, { accept: [400, 424] });
  // 424: unticking "shown" on a prerequisite; the refusal is the form's own error.
  if (res.status === 424)
    return refuse({ formErrors: [String(res.data?.detail ?? MSG.material_is_prerequisite)] }, file);
  if (wholeItem(res)) return refuse({ formErrors: [String((res.data as { detail: string }).detail)] }, file);
  if (res.status === 400) return refuse(apiFieldErrors(res.data), file);
  return redirectWithToast(
    here,
    { type: "success", message: adding ? "curriculum_toast_material_added" : "curriculum_toast_material_saved" },
    { headers: api.headers() },
  );
}

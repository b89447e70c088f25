import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ContentDetail, ContentRow } from "../../contract/schemas/content";
import { MSG } from "../../contract/messages";
import { requireCsrf } from "./csrf.server";
import { readForm, refusalAnswer } from "./read-form.server";
import { itemId, requireContent } from "./content.server";
import { allows } from "./content-navigation.server";
import {
  apiFieldErrors,
  fieldCalls,
  formContext,
  schemaFor,
  sendFieldCalls,
  visibleFields,
  zonedSchemaOf,
} from "./content-form.server";
import { toLocalInput } from "./time";
import { zoneOffset } from "./zone.server";
import { parseWithZod } from "./schemas.server";
import { accountChoices, accountSearch } from "./account-field.server";
import { redirectWithToast } from "./toast.server";
import { coverSize, sendCover } from "./cover-upload.server";

/*
 * The server half of the information tab (routes/content.tab-form.tsx), in a module of its own so
 * the browser's copy of the route imports nothing only the server runs (docs/decisions/031).
 */

/**
 * The generic form tab (information): the item's fields in the registry's form, saved with the
 * contract schema (parsed whole, so an unticked box is false), API field errors mapped back,
 * a toast after saving; and the cover image (upload / remove) of a kind that has one.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { params } = args;
  const { api, type, config, permission } = await requireContent(args, "view");
  const id = itemId(type, params);
  const [ctx, item, offset] = await Promise.all([
    formContext(api, type, config, "edit"),
    api.get<ContentRow & ContentDetail>(`${type.api}${id}/`),
    zoneOffset(),
  ]);
  const limit = Number(config["image-size-limit"]?.value ?? 10485760);
  // A choice's fields show by the item's value of the field they depend on, also when that field
  // is not on this form (a scheduled path's period, its kind chosen on create only).
  const controllers = ctx.fields.flatMap((f) => ("showWhen" in f && f.showWhen ? [f.showWhen.field] : []));
  const defaultValue = toFormValues(item.data, [...new Set([...ctx.fields.map((f) => f.name), ...controllers])], {
    instants: new Set(ctx.fields.filter((f) => f.kind === "datetime").map((f) => f.name)),
    offset,
  });
  // An account field offers the account it holds, named (account-field.server.ts).
  const accounts = await accountChoices(api, ctx.fields, defaultValue);
  return data(
    {
      ...ctx,
      options: { ...ctx.options, ...accounts.options },
      searches: accounts.searches,
      item: item.data,
      defaultValue,
      // An item the API answers as read-only (a cancelled class, docs/decisions/040) shows its form without saving.
      canChange: allows(type, permission, "change") && (item.data as { is_read_only?: boolean }).is_read_only !== true,
      // The kind's image (master.js `cover: false`: none).
      hasCover: type.cover !== false,
      // Removing a content item's image unpublishes it (spec 001 §5); a kind without publishing, or one that needs no image (coverUnpublishes: false), says nothing of it.
      publishes: type.publish !== false && type.coverUnpublishes !== false,
      image: { limit, ...coverSize(config) },
    },
    { headers: api.headers() },
  );
}

/** API answer → form values: references by id, lists as id arrays, booleans as "on", instants in the organisation's zone. */
function toFormValues(
  item: Record<string, unknown>,
  names: string[],
  { instants, offset }: { instants: Set<string>; offset: number },
) {
  const out: Record<string, unknown> = {};
  for (const n of names) {
    const v = item[n];
    if (Array.isArray(v)) out[n] = v.map((x) => String((x as { id: number }).id ?? x));
    else if (v && typeof v === "object") out[n] = String((v as { id: number }).id);
    else if (typeof v === "boolean") out[n] = v ? "on" : undefined;
    // An instant as a datetime-local input shows it: in the organisation's zone (a registry `datetime` field).
    else if (instants.has(n) && typeof v === "string") out[n] = toLocalInput(v, offset);
    else out[n] = v == null ? "" : String(v);
  }
  return out;
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { api, type, config } = await requireContent(request, "change");
  const id = itemId(type, params);
  const here = new URL(request.url).pathname;
  const limit = Number(config["image-size-limit"]?.value ?? 10485760);
  // A file is held in memory up to the configured limit (the form's text has an allowance of its own).
  const { form, refusal } = await readForm(request, { maxPartSize: limit });
  if (refusal?.tooLarge) return redirectWithToast(here, { type: "error", message: MSG.file_too_large, status: 413 });
  if (!form) return refusalAnswer(refusal);
  await requireCsrf(api, form);
  const intent = String(form.get("intent") ?? "save");
  if (intent === "upload-image") {
    const file = form.get("image");
    if (!(file instanceof File) || file.size === 0)
      return redirectWithToast(here, { type: "error", message: MSG.required });
    // Cropped to the configured size here when the browser did not (no JavaScript).
    const res = await sendCover<Record<string, string[]>>(
      api,
      `${type.api}${id}/image/`,
      file,
      coverSize(config),
      [400],
    );
    if (res.status === 400)
      return redirectWithToast(
        here,
        { type: "error", message: Object.values(res.data).flat()[0] ?? MSG.invalid, status: 400 },
        { headers: api.headers() },
      );
    return redirectWithToast(here, { type: "success", message: "toast_image_saved" }, { headers: api.headers() });
  }
  // A search of the form's account fields, or a choice's fields asked for without JavaScript
  // (field-choices.tsx): the form comes back as typed, nothing saved.
  if (intent === "find" || intent === "choose")
    return data(await accountSearch(api, type, config, "edit", form), { headers: api.headers() });
  if (intent === "remove-image") {
    await api.delete(`${type.api}${id}/image/`);
    return redirectWithToast(here, { type: "success", message: "toast_image_removed" }, { headers: api.headers() });
  }
  const submission = parseWithZod(form, {
    schema: await zonedSchemaOf(type, config, "edit", schemaFor(type, config).edit),
  });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  // Fields saved by a call of their own (the class's event zone), read before anything is sent.
  const { calls, errors } = fieldCalls(visibleFields(type, config, "edit"), form, id);
  if (Object.keys(errors).length) return data({ result: submission.reply({ fieldErrors: errors }) }, { status: 400 });
  // The edit form parses with the create schema: its create-only fields (a survey's template) are not sent.
  const createOnly = new Set(type.fields.filter((f) => "on" in f && f.on === "create").map((f) => f.name));
  const body = Object.fromEntries(
    Object.entries(submission.value as Record<string, unknown>).filter(([k]) => !createOnly.has(k)),
  );
  const res = await api.patch<Record<string, unknown>>(`${type.api}${id}/`, body, { accept: [400] });
  if (res.status === 400)
    return data({ result: submission.reply(apiFieldErrors(res.data)) }, { status: 400, headers: api.headers() });
  // Then their calls; a refusal (the location deleted meanwhile) comes back on its field.
  const refused = await sendFieldCalls(api, calls);
  if (refused.formErrors.length || Object.keys(refused.fieldErrors).length)
    return data({ result: submission.reply(refused) }, { status: 400, headers: api.headers() });
  return redirectWithToast(here, { type: "success", message: "toast_saved" }, { headers: api.headers() });
}

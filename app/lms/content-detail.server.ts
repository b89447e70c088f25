import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ContentRow } from "../../contract/schemas/content";
import { MSG } from "../../contract/messages";
import { contentTitles } from "./content-titles.server";
import { allows, itemNavigation } from "./content-navigation.server";
import { requireCsrf } from "./csrf.server";
import { readForm } from "./read-form.server";
import { itemId, requireContent, type ContentType } from "./content.server";
import type { Lms } from "./api.server";
import { dash } from "./paths";
import { zoneOffset } from "./zone.server";
import { fromLocalInput } from "./time";
import { redirectWithToast } from "./toast.server";
import { invariantResponse } from "./invariant";
import { REGISTRY_TYPES } from "~/registry/types.js";

/*
 * The server half of the item layout (routes/content.detail.tsx), in a module of its own: the
 * route re-exports it, so the browser's copy of the route imports none of what only the server
 * runs (the messages table, the time parser), which esbuild would otherwise keep in its chunks
 * (docs/decisions/031).
 */

/**
 * The generic detail layout (issue 4 §3): header with name, code and publish status, the tab bar
 * from the registry (a tab the user's flags forbid is not shown, and its own loader refuses it),
 * breadcrumbs, and the publish controls. The bare item URL goes to the default tab.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { request, params } = args;
  const { api, type, permission, config } = await requireContent(args, "view");
  const id = itemId(type, params);
  const base = dash(`${type.segment}/${id}`);
  const { pathname } = new URL(request.url);
  if (pathname.replace(/\/+$/, "") === base) throw redirect(`${base}/${type.defaultTab}`);
  const res = await api.get<ContentRow & Record<string, unknown>>(`${type.api}${id}/`, { accept: [404] });
  invariantResponse(res.status !== 404, "Not Found", { status: 404, headers: api.headers() });
  // Under another item (a program's class, app/registry/mounts.js) only that item's own; the
  // breadcrumbs then lead through that item.
  let via: Via | null = null;
  if ("mount" in type && type.mount) {
    const parent = res.data[type.mount.field] as { id?: number; name?: string } | null;
    invariantResponse(parent?.id === type.mount.parentId, "Not Found", { status: 404, headers: api.headers() });
    via = viaParent(type.mount.parent, parent.id, String(parent.name ?? ""));
  }
  const { tabs, overall } = itemNavigation(type, base, permission, config);
  const library = libraryLinks(type, base, res.data);
  const readOnly = readOnlyOf(type, res.data);
  return data(
    {
      item: heading(type, res.data),
      titles: contentTitles(`${type.key}.detail`),
      labelKey: type.labelKey,
      listHref: dash(type.segment),
      via,
      base,
      tabs,
      overall,
      // A read-only item (a cancelled class) is published no more: no panel, and the action refuses.
      canPublish: type.publish !== false && !readOnly && allows(type, permission, "publish"),
      readOnly,
      library,
      offset: await zoneOffset(),
    },
    { headers: api.headers() },
  );
}

/** The parent item a mounted type's pages lead through in their breadcrumbs (a program's class). */
export type Via = { labelKey: string; listHref: string; name: string; href: string };
export function viaParent(parentSegment: string, id: number, name: string): Via {
  const parentType = REGISTRY_TYPES.find((t) => t.segment === parentSegment)!;
  return {
    labelKey: parentType.labelKey,
    listHref: dash(parentType.segment),
    name,
    href: dash(`${parentType.segment}/${id}`),
  };
}

/**
 * The parent item of a page under a mount (a class created under a program), for its
 * breadcrumbs: read from the parent's API, so an id of no such item is a 404.
 */
export async function mountedVia(
  api: Lms,
  type: ContentType & { mount?: { parent: string; parentId: number } },
): Promise<Via | null> {
  const mount = type.mount;
  if (!mount) return null;
  const parentType = REGISTRY_TYPES.find((t) => t.segment === mount.parent)!;
  const res = await api.get<{ name?: string }>(`${parentType.api}${mount.parentId}/`, { accept: [404] });
  invariantResponse(res.status !== 404, "Not Found", { status: 404, headers: api.headers() });
  return viaParent(mount.parent, mount.parentId, String(res.data.name ?? ""));
}

/**
 * The content library's links in the header (docs/decisions/071): a library item's take page; an
 * organisation item taken from the library, its original.
 */
function libraryLinks(type: ContentType, base: string, item: Record<string, unknown>) {
  if ("library" in type && type.library) return { takeHref: `${base}/take`, source: null };
  const source = item.library_source as { id: number; name: string } | null | undefined;
  const libraryType = source ? REGISTRY_TYPES.find((t) => "library" in t && t.library?.of === type.key) : undefined;
  if (!source || !libraryType) return null;
  return {
    takeHref: null,
    source: { name: source.name, href: dash(`${libraryType.segment}/${source.id}/${libraryType.defaultTab}`) },
  };
}

/**
 * The registry's `readOnly` trait applied to the item (content.js ContentType): null while the
 * API answers it editable; else the notice to show above the tabs, with when it became so.
 */
function readOnlyOf(type: ContentType, item: Record<string, unknown>) {
  const trait = "readOnly" in type ? type.readOnly : undefined;
  if (!trait || item.is_read_only !== true) return null;
  const at = trait.atField ? item[trait.atField] : null;
  const reason = trait.reason ? item[trait.reason.field] : null;
  return {
    noticeKey: trait.noticeKey,
    refusalKey: trait.refusalKey,
    at: typeof at === "string" ? at : null,
    reason: trait.reason && typeof reason === "string" && reason ? { key: trait.reason.key, text: reason } : null,
  };
}

/**
 * What the header and the publish panel show of the item: a content item as it is; a master data
 * row by the fields the registry names (a user: first and last name, username), and nothing else
 * (a user's answer is long, and the layout's data travels with every tab).
 */
function heading(type: ContentType, item: ContentRow & Record<string, unknown>): ContentRow {
  if (type.publish !== false) return item;
  const name = type.nameFields
    ? type.nameFields
        .map((f) => item[f])
        .filter((v) => v != null && v !== "")
        .join(" ")
    : item.name;
  const code = type.codeField ? item[type.codeField] : item.code;
  return { id: item.id, name, code: code == null ? null : String(code) } as ContentRow;
}

/**
 * What a publish refusal names beside its message (a test's section and scores, docs/decisions/076):
 * its other text and number fields, which the toast's text fills in.
 */
function refusalValues(body: Record<string, unknown> | null): Record<string, string | number> | undefined {
  const values = Object.entries(body ?? {})
    .slice(1)
    .filter((e): e is [string, string | number] => typeof e[1] === "string" || typeof e[1] === "number");
  return values.length ? Object.fromEntries(values) : undefined;
}

/**
 * Publish now, schedule by start time, or unpublish (spec 001 §4). The form posts to this layout
 * from whichever tab is open, so every outcome — refusals included (412 / 417 / 428 name what
 * publishing lacks, spec 002 §8) — goes back to that tab with a toast.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { api, type } = await requireContent(request, "publish");
  const { form, refusal } = await readForm(request);
  if (!form) return data({ result: refusal.result }, { status: refusal.status });
  await requireCsrf(api, form);
  const id = itemId(type, params);
  const base = dash(`${type.segment}/${id}`);
  const wanted = String(form.get("back") ?? "");
  const back = wanted.startsWith(`${base}/`) && !wanted.includes("//") ? wanted : `${base}/${type.defaultTab}`;
  const fail = (message: string, values?: Record<string, string | number>, status?: number) =>
    redirectWithToast(back, { type: "error", message, values, status }, { headers: api.headers() });
  const intent = String(form.get("intent") ?? "");
  // A type whose items can turn read-only asks first: such an item is published no more.
  if ("readOnly" in type && type.readOnly) {
    const item = await api.get<Record<string, unknown>>(`${type.api}${id}/`, { accept: [404] });
    if (item.status === 404) return fail(MSG.not_found, undefined, 404);
    const readOnly = readOnlyOf(type, item.data);
    if (readOnly) return fail(readOnly.refusalKey);
  }
  const offset = await zoneOffset();
  let body: { is_display: boolean; datetime_start?: string | null };
  if (intent === "publish") body = { is_display: true, datetime_start: null };
  else if (intent === "unpublish") body = { is_display: false };
  else if (intent === "schedule") {
    const start = fromLocalInput(String(form.get("datetime_start") ?? ""), offset);
    if (!start) return fail("schedule_start_required");
    body = { is_display: true, datetime_start: start };
  } else throw new Response("Bad Request", { status: 400 });
  const res = await api.patch<Record<string, string | string[]>>(`${type.api}${id}/`, body, {
    accept: [400, 412, 417, 424, 428],
  });
  if (res.status !== 200) {
    const first = Object.values(res.data ?? {}).flat()[0];
    return fail(typeof first === "string" ? first : MSG.invalid, refusalValues(res.data), res.status);
  }
  const message =
    intent === "publish" ? "toast_published" : intent === "schedule" ? "toast_scheduled" : "toast_unpublished";
  return redirectWithToast(back, { type: "success", message }, { headers: api.headers() });
}

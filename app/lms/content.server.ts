import type { Paged, FilterOption } from "../../contract/http";
import { CONTENT_TAG_EXTRAS } from "../../contract/codes";
import { alsoFlags, contentFlag } from "~/registry/content.js";
import { REGISTRY_TYPES } from "~/registry/types.js";
import { contentAt } from "~/registry/mounts.js";
import { switchesAt } from "~/registry/features.js";
import type { Lms } from "./api.server";
import { requestOf, requirePermission, requireSwitchesOn, type RequestArgs, type SignedIn } from "./auth.server";
import { filterVersion } from "./store.server";
import { invariantResponse, idParam } from "./invariant";
import { answerHolds, granted } from "../../contract/permissions";
import { codeOptions } from "./code-options";

export type ContentType = (typeof REGISTRY_TYPES)[number];
export type Action = Parameters<typeof contentFlag>[1];
/** A select's option; `labelKey`: a code's label, which the page translates (code-options.ts). */
export type Option = { value: string; label: string; group?: string; labelKey?: string };

/**
 * The content type a request is for: the first path segment after /dashboard/, or a type mounted
 * under another's item (app/registry/mounts.js: a program's class). The type is answered as this
 * URL places it: its `segment` is the path of its list here (`class-program/4/class`), so every
 * page's links (`{segment}/{id}/…`) stay under the program; `mount` says under which item.
 */
export function contentTypeOf(
  request: Request,
): ContentType & { mount?: { field: string; parentId: number; parent: string } } {
  const at = contentAt(new URL(request.url).pathname);
  const type = REGISTRY_TYPES.find((t) => t.segment === at?.segment);
  invariantResponse(at && type, "Not Found", { status: 404 });
  return at.mount && at.parentId !== null
    ? { ...type, segment: at.base, mount: { field: at.mount.field, parentId: at.parentId, parent: at.mount.parent } }
    : type;
}

/** The path segments after the item id of a content page (its tab, sub-page…), wherever the type is mounted. */
export function pathAfterItem(request: Request): string[] {
  return contentAt(new URL(request.url).pathname)?.rest.slice(1) ?? [];
}

/**
 * The signed-in user holding the content type's flag for `action` (the registry names it), on a
 * page whose config switches are on. Every content loader and action comes through here, so a
 * switched-off page (docs/decisions/020) answers 404 — before the flag, since for nobody does it
 * exist — while its route stays: the config changes at run time, the route table at build time.
 */
export async function requireContent(
  from: RequestArgs,
  action: Action,
  opts: { flagOnly?: boolean } = {},
): Promise<SignedIn & { type: ReturnType<typeof contentTypeOf> }> {
  const request = requestOf(from);
  const type = contentTypeOf(request);
  await requireSwitchesOn(from, switchesAt(type, pathAfterItem(request)));
  const user = await requirePermission(from, contentFlag(type, action), alsoFlags(type, action, opts));
  return { ...(await narrowedToItem(user, type, request, action)), type };
}

/**
 * On an item of a type whose items grant roles (`grantedBy`: a playlist's collaborators,
 * docs/decisions/102), the guard `granted_{kind}` stands for "some item grants you something",
 * not this one: for an account holding it (and not both the type's view and change flags, which
 * leave a role nothing to add), the API says what this item allows (GET {api}{id}/grant/, its
 * flags and its roles; 404 when it grants nothing), and the page — its forms, its tab bar — sees
 * exactly those actions as the type's flags. An action it does not allow is the 403 of any guard.
 */
async function narrowedToItem(user: SignedIn, type: ContentType, request: Request, action: Action): Promise<SignedIn> {
  const kind = "grantedBy" in type ? type.grantedBy : undefined;
  if (!kind || !answerHolds(user.permission, granted(kind))) return user;
  if ((["view", "change"] as const).every((a) => answerHolds(user.permission, contentFlag(type, a)))) return user;
  const item = contentAt(new URL(request.url).pathname)?.rest[0] ?? "";
  // A list: the API lists the items that grant something, and nothing of the list needs more.
  if (!/^\d{1,12}$/.test(item)) return user;
  const res = await user.api.get<{ actions: Action[] }>(`${type.api}${item}/grant/`, { accept: [404] });
  invariantResponse(res.status !== 404, "Not Found", { status: 404, headers: user.api.headers() });
  const permission: SignedIn["permission"] = {
    ...user.permission,
    granted: (user.permission.granted ?? []).filter((k) => k !== kind),
    permission: {
      ...user.permission.permission,
      ...Object.fromEntries(res.data.actions.map((a) => [contentFlag(type, a), true])),
    },
  };
  if (![contentFlag(type, action), ...alsoFlags(type, action)].some((f) => answerHolds(permission, f)))
    throw await user.api.refuse();
  return { ...user, permission };
}

/** The item id from the route params, or 404. */
export function itemId(type: ContentType, params: Record<string, string | undefined>): number {
  return idParam(params[type.param]);
}

type FilterRows = (FilterOption & { parent_id?: number | null })[];

/**
 * Filter lists are the same for every dashboard user, so this process keeps each one until
 * `config/check-update/` reports a newer update time for it (docs/decisions/016): a list page
 * or a form then costs no filter calls at all. A failed read is not kept, and a caller never
 * inherits another request's failure: it reads the list itself.
 */
const filterCache = new Map<string, { version: string; rows: Promise<FilterRows> }>();

async function filterList(api: Lms, path: string, query: Record<string, string | number> = {}): Promise<FilterRows> {
  const read = async () =>
    (await api.get<Paged<FilterRows[number]>>(`dashboard/filter/${path}/`, { query: { page_size: 1000, ...query } }))
      .data.results;
  // `tag/type/GENERAL` is the `tag` list, `sub-category` its own: the first segment names it.
  const version = await filterVersion(path.split("/")[0]);
  if (version === undefined) return read();
  const key = `${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;
  const hit = filterCache.get(key);
  if (hit?.version === version) {
    const rows = await hit.rows.catch(() => null);
    if (rows) return rows;
  }
  const rows = read();
  filterCache.set(key, { version, rows });
  rows.catch(() => {
    if (filterCache.get(key)?.rows === rows) filterCache.delete(key);
  });
  return rows;
}

/**
 * Options of a select field by its registry `source`: a filter list, the category tree (top
 * categories with their sub-categories as groups), a typed tag list for a config extra, or a
 * code list (`code:{name}`).
 */
export async function optionsFor(api: Lms, source: string, field: string): Promise<Option[]> {
  if (source.startsWith("code:")) return codeOptions(source.slice("code:".length));
  // A list beside its data (`dashboard/location/filter/`, docs/decisions/039), read afresh: it has no update time to cache by.
  if (source.startsWith("dashboard/")) {
    const { data: page } = await api.get<Paged<FilterOption>>(source, { query: { page_size: 1000 } });
    return page.results.map((o) => ({ value: String(o.id), label: o.name }));
  }
  if (source === "category-tree") {
    const [tops, subs] = await Promise.all([filterList(api, "category"), filterList(api, "sub-category")]);
    const out: Option[] = [];
    for (const top of tops) {
      out.push({ value: String(top.id), label: top.name, group: top.name });
      for (const sub of subs) {
        if (sub.parent_id === top.id)
          out.push({ value: String(sub.id), label: `${top.name} › ${sub.name}`, group: top.name });
      }
    }
    return out;
  }
  const extra = CONTENT_TAG_EXTRAS.find((e) => e.field === field);
  const path = source === "tag-extra" && extra ? `tag/type/${extra.type}` : source;
  return (await filterList(api, path)).map((o) => ({ value: String(o.id), label: o.code ? `${o.name}` : o.name }));
}

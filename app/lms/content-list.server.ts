import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { Paged } from "../../contract/http";
import { MSG } from "../../contract/messages";
import { LIST_ROWS, type Row } from "~/components/content/list-table";
import { keepForRender, wantsDocument } from "~/components/render-only";
import { contentTitles } from "./content-titles.server";
import { allows, listExportLink, listPages } from "./content-navigation.server";
import { requireCsrf } from "./csrf.server";
import { readForm } from "./read-form.server";
import { canonicalListQuery, ORDERING_KEY, SEARCH_KEY } from "./list-query";
import { readListPage } from "./paging.server";
import { optionsFor, requireContent, type Action, type ContentType } from "./content.server";
import type { SignedIn } from "./auth.server";
import { redirectWithToast } from "./toast.server";
import { dash } from "./paths";
import { invariantResponse } from "./invariant";

/**
 * The generic list screen's loader and action (routes/content.list.tsx), for the type of the URL
 * or, through listPage/listAction, for a type listed inside another's page (a class program's
 * classes: routes/class-program.classes.tsx), with filters the page fixes.
 */

/** Where a list lives: the type as the URL places it, and filters its page sets (a program's classes). */
/** `narrowed`: the place itself is a filter (a program's classes of one status), not only a scope. */
/** `labelKey`: the page's own title (a list page beside the type's list: "Public playlists"). */
export type ListPlace = {
  type: ContentType;
  fixed?: Record<string, string>;
  inTab?: boolean;
  narrowed?: boolean;
  labelKey?: string;
};

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireContent(args, "view");
  return listPage(args, user, { type: user.type });
}

export async function action({ request }: ActionFunctionArgs) {
  return listAction(request, null);
}

/** One page of `place.type`'s list for the signed-in user (who holds its view flag). */
export async function listPage(args: LoaderFunctionArgs, { api, permission }: SignedIn, place: ListPlace) {
  const { request } = args;
  const { type } = place;
  const url = new URL(request.url);
  const canonical = canonicalListQuery(url.searchParams);
  if (canonical) throw redirect(`${url.pathname}${canonical.size ? `?${canonical}` : ""}`);
  const q = url.searchParams;
  const query: Record<string, string | number> = { ordering: q.get(ORDERING_KEY) ?? type.defaultOrdering };
  if (q.get(SEARCH_KEY)) query.search = q.get(SEARCH_KEY)!;
  for (const f of type.filters) if (q.get(f)) query[f] = q.get(f)!;
  Object.assign(query, place.fixed);
  // spec 002 §8: a page past the last lands on the last one (paging.server.ts).
  const res = await readListPage<Paged<Row>>(api, type.api, { url, query, accept: [400, 404] });
  const list: Paged<Row> =
    res.status === 200 ? res.data : { results: [], count: 0, page_size: 50, next: null, page: 1 };
  // Each filter's options from the source the registry names for it: a filter list or a code list.
  const sourceOf = (f: string) =>
    type.filterCodes?.[f] ? `code:${type.filterCodes[f]}` : type.filterSources[f as keyof typeof type.filterSources];
  const options = Object.fromEntries(
    await Promise.all(
      type.filters.map(async (f) => [f, sourceOf(f) ? await optionsFor(api, sourceOf(f)!, f) : []] as const),
    ),
  );
  const toDelete = q.get("delete");
  const pending =
    toDelete && /^\d+$/.test(toDelete) ? (list.results.find((r) => String(r.id) === toDelete) ?? null) : null;
  const can = (action: Action) => allows(type, permission, action);
  const readOnlyAt = "readOnly" in type ? type.readOnly?.atField : undefined;
  const rows = list.results.map((r) => tableRow(r, type.columns, type.nameFields, readOnlyAt));
  // A document carries the rows once, as the table's markup, which hydrates as it is: its loader
  // data leaves them out (the render gets them aside). Remix's client-side fetches of the data
  // get them, as one JSON string: turbo-stream encodes loader data a value at a time, and the
  // fifty rows' ~500 values cost more to encode than the table's markup to build (docs/decisions/016).
  const isDocument = wantsDocument(request);
  if (isDocument) keepForRender(args.context, LIST_ROWS, rows);
  return data(
    {
      titles: contentTitles(`${type.key}.list`),
      typeKey: type.key,
      labelKey: place.labelKey ?? type.labelKey,
      columns: type.columns,
      // A filter the page fixes is not offered (it would change nothing).
      filters: type.filters.filter((f) => !(place.fixed && f in place.fixed)),
      searchKey: type.searchKey,
      list: { count: list.count, page: list.page, page_size: list.page_size, count_capped: list.count_capped },
      rowCount: rows.length,
      // An empty list says why: nothing matches what was asked, or nothing exists yet (issue 33:
      // a new program's classes said "Nothing matches").
      filtered: !!query.search || type.filters.some((f) => q.get(f)) || !!place.narrowed,
      // The listed type's noun: a program's class list lists classes, though its address is the program's.
      nounKey: type.nounKey,
      // Only what the table shows (the API row carries more).
      rows: isDocument ? null : JSON.stringify(rows),
      badQuery: res.status === 400,
      options,
      pending: pending ? { id: pending.id, name: rowName(pending, type.nameFields) } : null,
      // What the kind has at all (master.js traits), and what the user's flags allow of it.
      can: {
        add: can("add"),
        publish: type.publish !== false && can("publish"),
        delete: type.deletable !== false && can("delete"),
      },
      // The pages beside the list (a user list's departments, levels, history) the user may open.
      pages: listPages(type, permission),
      // The list as xlsx/csv (a user list's, docs/decisions/081), for a holder of the export's flag.
      exportLink: place.inTab ? null : listExportLink(type, permission),
      createHref: dash(`${type.segment}/create`),
      itemBase: dash(type.segment),
      inTab: place.inTab ?? false,
    },
    { headers: api.headers() },
  );
}

/** What names a row: its `name`, or the fields the registry names (a user's first and last name). */
function rowName(row: Record<string, unknown>, nameFields?: readonly string[]): string {
  if (!nameFields) return String(row.name ?? "");
  return nameFields
    .map((f) => row[f])
    .filter((v) => v != null && v !== "")
    .join(" ");
}

/**
 * A list row cut down to the registry's columns: a ref becomes its name, the publish column its
 * label; `read_only` when the registry's readOnly trait holds for it (a cancelled class: its
 * `atField` is set), whose show/hide the API refuses, so the row offers none (docs/decisions/077).
 */
function tableRow(
  row: Row,
  columns: readonly { key: string; kind?: string }[],
  nameFields?: readonly string[],
  readOnlyAt?: string,
): Row {
  const out: Row = {
    id: row.id,
    name: rowName(row, nameFields),
    ...(readOnlyAt && row[readOnlyAt] ? { read_only: true } : {}),
  };
  for (const c of columns) {
    const v = row[c.key];
    if (c.kind === "ref") out[c.key] = v && typeof v === "object" ? ((v as { name?: string }).name ?? null) : null;
    else if (c.kind === "publish") out.publish_label = row.publish_label;
    else if (c.key !== "name") out[c.key] = v;
  }
  return out;
}

/** What a 424 may name as standing in the way: `dependent_list` of {content_name, material} (a media item's, docs/decisions/069). */
type Dependant = { content_name?: string; material?: string };
const dependantNames = (body: { dependent_list?: Dependant[] } | undefined) =>
  (body?.dependent_list ?? []).map((d) => [d.content_name, d.material].filter(Boolean).join(" — "));

/**
 * A list row's show/hide or delete; `typeFor` gives the listed type when it is not the URL's (a
 * program's classes), after the caller's own checks.
 */
export async function listAction(
  request: Request,
  typeFor: ((action: Action) => Promise<SignedIn & { type: ContentType }>) | null,
) {
  const { form, refusal } = await readForm(request);
  if (!form) return data({ warning: refusal.message }, { status: refusal.status });
  const intent = String(form.get("intent") ?? "");
  const wanted: Action = intent === "delete" ? "delete" : "publish";
  const { api, type } = typeFor ? await typeFor(wanted) : await requireContent(request, wanted);
  await requireCsrf(api, form);
  // A row's switch submits its id as `show` or `hide`; the delete confirmation posts `id`.
  const id = String((intent === "toggle" ? (form.get("show") ?? form.get("hide")) : form.get("id")) ?? "");
  invariantResponse(/^\d+$/.test(id), "Bad Request");
  const back = String(form.get("back") ?? "");
  const backTo =
    back.startsWith("?") || back === "" ? `${new URL(request.url).pathname}${back}` : new URL(request.url).pathname;
  if (intent === "toggle") {
    const show = form.has("show");
    const res = await api.patch<{ detail?: string; dependent_list?: Dependant[] }>(
      `${type.api}${id}/`,
      { is_display: show },
      { accept: [400, 412, 417, 424, 428] },
    );
    // A hide refused because others require it (a media item, docs/decisions/069): the dependency dialog naming them.
    if (res.status === 424)
      return data(
        { warning: res.data?.detail ?? MSG.cannot_delete_because_dependency, items: dependantNames(res.data) },
        { status: 424, headers: api.headers() },
      );
    if (res.status !== 200)
      return redirectWithToast(
        backTo,
        { type: "error", message: res.data?.detail ?? MSG.invalid, status: res.status },
        { headers: api.headers() },
      );
    return redirectWithToast(
      backTo,
      { type: "success", message: show ? "toast_shown" : "toast_hidden" },
      { headers: api.headers() },
    );
  }
  if (intent === "delete") {
    const res = await api.delete<{ detail?: string; dependent_list?: Dependant[] }>(`${type.api}${id}/`, {
      accept: [424],
    });
    // spec 002 §8: 424 on delete → a warning dialog with cannot_delete_because_dependency, or
    // the API's clearer reason when it gives one (a location with rooms, decision 039).
    if (res.status === 424)
      return data(
        { warning: res.data?.detail ?? MSG.cannot_delete_because_dependency, items: dependantNames(res.data) },
        { status: 424, headers: api.headers() },
      );
    return redirectWithToast(
      backTo.replace(/([?&])delete=\d+&?/, "$1").replace(/[?&]$/, ""),
      { type: "success", message: "toast_deleted" },
      { headers: api.headers() },
    );
  }
  throw new Response("Bad Request", { status: 400 });
}

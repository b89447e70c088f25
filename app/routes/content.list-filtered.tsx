import type { LoaderFunctionArgs } from "@remix-run/node";
import { invariantResponse, idParam } from "~/lms/invariant";
import { requireContent } from "~/lms/content.server";
import { listPage } from "~/lms/content-list.server";

/**
 * A page beside a type's list that is the list with filters set (the registry's list page
 * `query` and `paramFilter`, app/registry/content-typedefs.js): a playlist's public list
 * (`/learning-playlist/public`: type public), a person's playlists
 * (`/learning-playlist/user/{userid}`: that owner). Its search, sorting, paging, show/hide and
 * delete are the list's own, its action too; what the page sets is fixed (the query string does
 * not change it), and its title is the page's.
 */
export { action, default } from "./content.list";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireContent(args, "view");
  const { type } = user;
  // The list page this address is: the one whose first path segment follows the type's.
  const segment = new URL(args.request.url).pathname.split(`/${type.segment}/`)[1]?.split("/")[0];
  const page = (type.listPages ?? []).find((p) => p.path.split("/")[0] === segment);
  invariantResponse(page, "Not Found", { status: 404 });
  // Its parameter, when the address names one, sets its filter instead of the page's own.
  const raw = page.paramFilter ? args.params[page.paramFilter.param] : undefined;
  const fixed =
    page.paramFilter && raw !== undefined ? { [page.paramFilter.filter]: String(idParam(raw)) } : (page.query ?? {});
  return listPage(args, user, { type, fixed, narrowed: true, labelKey: page.labelKey });
}

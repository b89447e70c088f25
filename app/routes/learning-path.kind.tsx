import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { LEARNING_PATH_KIND } from "../../contract/learning-path-codes";
import { idParam } from "~/lms/invariant";
import { dash } from "~/lms/paths";
import { requireContent } from "~/lms/content.server";
import { loader as listLoader } from "./content.list";

/**
 * /learning-path/online and /learning-path/schedule (spec 000 §2.6, docs/decisions/098): the
 * learning path list with its kind filter set from the path, so its search, sorting, paging,
 * show/hide and delete are the list's own (its action too). /learning-path/schedule/{id} leads to
 * that path's own page, whose tabs are the path's.
 */
export { action, default } from "./content.list";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const scheduled = /\/schedule(\/|$)/.test(url.pathname);
  if (args.params.learningpathid !== undefined) {
    const { type } = await requireContent(args, "view");
    return redirect(dash(`${type.segment}/${idParam(args.params.learningpathid)}`));
  }
  url.searchParams.set("kind", String(scheduled ? LEARNING_PATH_KIND.schedule : LEARNING_PATH_KIND.online));
  return listLoader({ ...args, request: new Request(url, args.request) });
}

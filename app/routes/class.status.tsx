import type { LoaderFunctionArgs } from "@remix-run/node";
import { classStatusOfPath } from "~/lms/class-status.server";
import { loader as listLoader } from "./content.list";

/**
 * /class/status/{status?} (spec 000 §2.4, docs/decisions/040): the class list of one derived
 * status, named in the path (ongoing, upcoming, past, canceled → 0–3; the digits are sent on to
 * the names, docs/decisions/077); without one, every class.
 * It is the generic list with the `status` filter set from the path, so its search, sorting,
 * paging, show/hide and delete are the list's own (its action too).
 */
export { action, default } from "./content.list";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content"] };

export async function loader(args: LoaderFunctionArgs) {
  const segment = args.params.status;
  if (segment === undefined) return listLoader(args);
  const status = classStatusOfPath(args.request, segment);
  const url = new URL(args.request.url);
  url.searchParams.set("status", String(status));
  return listLoader({ ...args, request: new Request(url, args.request) });
}

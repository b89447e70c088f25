import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { aliasAt, aliasTarget } from "~/registry/aliases.js";
import { contentTypeOf, pathAfterItem, requireContent } from "~/lms/content.server";
import { invariantResponse } from "~/lms/invariant";

/**
 * A spec address served under another path (app/registry/aliases.js; issue 33): the page's guard,
 * then a redirect to the page that serves it — a permission rule's `permission/{id}` to its
 * condition, a video's `review` to its information tab's review, `ugc/view?id=` to that card.
 * The query goes along, but for what filled the target.
 */
export async function loader(args: LoaderFunctionArgs) {
  const url = new URL(args.request.url);
  const type = contentTypeOf(args.request);
  const rest = pathAfterItem(args.request);
  const found = aliasAt(type, rest);
  invariantResponse(found, "Not Found", { status: 404 });
  const { api } = await requireContent(args, found.alias.action);
  const target = aliasTarget(found.alias, found.params, url.searchParams);
  invariantResponse(target !== null, "Not Found", { status: 404 });
  const item = url.pathname.replace(/\/+$/, "").split("/").slice(0, -rest.length).join("/");
  const query = new URLSearchParams(url.searchParams);
  for (const name of found.alias.to.match(/:(\w+)/g) ?? []) query.delete(name.slice(1));
  return redirect(`${item}/${target}${query.size ? `?${query}` : ""}`, { headers: api.headers() });
}

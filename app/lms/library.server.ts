import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ContentDetail, ContentRow } from "../../contract/schemas/content";
import { MSG } from "../../contract/messages";
import { REGISTRY_TYPES } from "~/registry/types.js";
import { allows } from "./content-navigation.server";
import { itemPage, itemPost } from "./item-page.server";
import { invariantResponse } from "./invariant";
import { dash } from "./paths";
import { redirectWithToast } from "./toast.server";
import { newIdempotencyKey, postedIdempotencyKey } from "./idempotency.server";

/**
 * The content library's take page (docs/decisions/071): a library item, what taking it copies,
 * where it was taken before, and a plain POST form — then POST {api}{id}/take/ and on to the
 * organisation's new copy with a toast. Guarded by the library's view flag (the registry's); taking
 * needs the organisation type's add flag too, which the page says when the user lacks it and the
 * API checks again.
 */

/** The organisation's type the library type repeats. */
function organisationType(type: { library?: { of: string } }) {
  const org = REGISTRY_TYPES.find((t) => t.key === type.library?.of);
  invariantResponse(org, "Not Found", { status: 404 });
  return org;
}

type LibraryItem = ContentRow & ContentDetail;

export async function takeLoader(args: LoaderFunctionArgs) {
  const page = await itemPage(args, "view");
  const org = organisationType(page.type);
  const item = (await page.api.get<LibraryItem>(page.apiBase)).data;
  const mayAdd = allows(org, page.permission, "add");
  return data(
    {
      name: item.name,
      back: `${page.base}/${page.type.defaultTab}`,
      orgLabelKey: org.labelKey,
      mayAdd,
      taken: (item.taken_list ?? []).map((c) => ({ ...c, href: dash(`${org.segment}/${c.id}/${org.defaultTab}`) })),
      // The confirmation's key: a post retried after its answer was lost makes one copy (docs/decisions/094).
      idempotencyKey: newIdempotencyKey(),
    },
    { headers: page.api.headers() },
  );
}

export async function takeAction(args: ActionFunctionArgs) {
  const post = await itemPost(args, "view", (r) => data({ error: r.message }, { status: r.status }));
  if (post.refused) return post.refused;
  const { page, here, form } = post;
  const org = organisationType(page.type);
  // The organisation type's add flag, here as in the API (the page's guard is the library's view flag).
  if (!allows(org, page.permission, "add")) throw await page.api.refuse();
  const res = await page.api.post<{ id: number } & Record<string, string[]>>(
    `${page.apiBase}take/`,
    {},
    { accept: [400, 403], idempotencyKey: postedIdempotencyKey(form) },
  );
  if (res.status === 403)
    return redirectWithToast(
      here,
      { type: "error", message: MSG.permission_denied, status: 403 },
      { headers: page.api.headers() },
    );
  if (res.status === 400) {
    const first = Object.values(res.data).flat()[0];
    return redirectWithToast(
      here,
      { type: "error", message: typeof first === "string" ? first : MSG.invalid },
      { headers: page.api.headers() },
    );
  }
  return redirectWithToast(
    dash(`${org.segment}/${res.data.id}/${org.defaultTab}`),
    { type: "success", message: "lib_toast_taken" },
    { headers: page.api.headers() },
  );
}

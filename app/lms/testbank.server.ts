import type { LoaderFunctionArgs } from "@remix-run/node";
import type { LogPage } from "~/components/testbank/log-table";
import { itemPage } from "./item-page.server";

/**
 * A test bank's log pages (docs/decisions/063): the question log tab and the overall bank log
 * read GET {bank}/log/?scope=question|bank, paged by the URL's `page`.
 */
export async function bankLog(args: LoaderFunctionArgs, scope: "question" | "bank") {
  const page = await itemPage(args, "view");
  const at = new URL(args.request.url).searchParams.get("page");
  const log = (await page.api.get<LogPage>(`${page.apiBase}log/`, { query: { scope, ...(at ? { page: at } : {}) } }))
    .data;
  return { page, log };
}

export { usageDecisionSchema, usageRequestSchema } from "../../contract/schemas/testbank";
export { parseWithZod } from "@conform-to/zod/v4";

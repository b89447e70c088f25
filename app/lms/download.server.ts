import { EXPORT_FORMATS } from "../../contract/codes";
import type { Lms } from "./api.server";
import { invariantResponse } from "./invariant";

/**
 * An export link's query made the API's: its format (xlsx unless said; another is a 404) and the
 * list keys it carries, trimmed, without the "no filter" values ("null", "all").
 */
export function exportQuery(url: URL, keys: readonly string[]): { format: string; query: Record<string, string> } {
  const format = url.searchParams.get("format_type") ?? "xlsx";
  invariantResponse((EXPORT_FORMATS as readonly string[]).includes(format), "Not Found", { status: 404 });
  const query: Record<string, string> = { format_type: format };
  for (const k of keys) {
    const v = url.searchParams.get(k)?.trim();
    if (v && !["null", "all"].includes(v)) query[k] = v;
  }
  return { format, query };
}

/**
 * An API download relayed to the browser as it comes (a resource route's answer): the session
 * kept (relayed cookies), the API's type and file name, or `fallbackName` when it gives none.
 */
export async function relayDownload(
  api: Lms,
  apiPath: string,
  query: Record<string, string>,
  fallbackName: string,
): Promise<Response> {
  const res = await api.download(apiPath, query);
  const headers = api.headers({
    "Content-Type": res.headers.get("content-type") ?? "application/octet-stream",
    "Content-Disposition": res.headers.get("content-disposition") ?? `attachment; filename="${fallbackName}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  return new Response(res.body, { status: 200, headers });
}

import type { Lms } from "./api.server";

/**
 * An API download relayed to the browser as it comes (a resource route's answer): the session
 * kept (relayed cookies), the API's type and file name, or `fallbackName` when it gives none.
 */
export async function relayDownload(api: Lms, apiPath: string, query: Record<string, string>, fallbackName: string): Promise<Response> {
  const res = await api.download(apiPath, query);
  const headers = api.headers({
    "Content-Type": res.headers.get("content-type") ?? "application/octet-stream",
    "Content-Disposition": res.headers.get("content-disposition") ?? `attachment; filename="${fallbackName}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  });
  return new Response(res.body, { status: 200, headers });
}

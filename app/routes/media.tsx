import type { LoaderFunctionArgs } from "@remix-run/node";
import { API_TIMEOUT_MS, fetchIdempotent } from "~/lms/transport.server";

const API_URL = (process.env.LMS_API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8000}`).replace(/\/+$/, "");

/**
 * Uploaded media (/api/media/…) served on the dashboard's own origin, so pages need no second
 * host in their image policy: streamed from the API with its caching headers.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const path = params["*"] ?? "";
  if (!/^[\w./-]+$/.test(path) || path.split("/").includes("..")) return new Response("Not Found", { status: 404 });
  // A player seeking in an uploaded video or audio file asks for a byte range (docs/decisions/068).
  const range = request.headers.get("range");
  // A hung API ends the wait for its answer's start at the page timeout; the file itself then
  // streams for as long as it takes (a long video), and stops when the browser goes away.
  const abort = new AbortController();
  request.signal.addEventListener("abort", () => abort.abort());
  const timer = setTimeout(() => abort.abort(), API_TIMEOUT_MS);
  let res: Response;
  try {
    // A SCORM package's launch is a redirect to its entry point (docs/decisions/084): relayed as is.
    // Asked once more on a 502, 503 or dropped connection, in the same time (decision 091).
    res = await fetchIdempotent(`${API_URL}/api/media/${path}`, {
      method: "GET",
      headers: range ? { range } : {},
      signal: abort.signal,
      redirect: "manual",
    });
  } catch {
    return new Response("Gateway Timeout", { status: 504 });
  } finally {
    clearTimeout(timer);
  }
  const location = res.headers.get("location");
  if (res.status === 302 && location && !/^[a-z]+:|^\/\//i.test(location))
    return new Response(null, { status: 302, headers: { location, "cache-control": "no-store" } });
  if (res.status === 416)
    return new Response(null, { status: 416, headers: { "content-range": res.headers.get("content-range") ?? "" } });
  if (!res.ok || !res.body) return new Response("Not Found", { status: 404 });
  const headers = new Headers();
  for (const h of [
    "content-type",
    "content-length",
    "cache-control",
    "etag",
    "last-modified",
    "x-content-type-options",
    "accept-ranges",
    "content-range",
    "content-disposition",
    "content-security-policy",
  ]) {
    const v = res.headers.get(h);
    if (v) headers.set(h, v);
  }
  return new Response(res.body, { status: res.status === 206 ? 206 : 200, headers });
}

import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { CSRF_HEADER } from "../../contract/http";
import { UPLOAD_API_PATH, UPLOAD_DASHBOARD_PATH } from "../../contract/upload-rules";
import { lms } from "~/lms/api.server";
import { getProfile, signInUrl } from "~/lms/auth.server";

/** What the browser's tus client sends that the API must see (its session cookies come from `wire`). */
const REQUEST_HEADERS = [
  "tus-resumable",
  "upload-length",
  "upload-offset",
  "upload-metadata",
  "upload-defer-length",
  "upload-concat",
  "content-type",
  "x-http-method-override",
  CSRF_HEADER,
];
/** What the API's tus answer carries back (Location moved from the API's path to this one). */
const RESPONSE_HEADERS = [
  "tus-resumable",
  "tus-version",
  "tus-extension",
  "tus-max-size",
  "upload-offset",
  "upload-length",
  "upload-metadata",
  "upload-expires",
  "cache-control",
  "content-type",
];
const ID = /^([a-f0-9]{32}(\.[a-z0-9]{1,8})?)?\/?$/;

/**
 * The resumable-upload relay (docs/decisions/068): /dashboard/upload/… is the API's
 * /api/dashboard/upload/… on the dashboard's own origin, so the browser's tus client speaks to one
 * host with its one session. Each request goes on with the session cookies and who is asking
 * (as every API call: app/lms/api.server.ts), and the browser's own X-CSRFTOKEN (the API checks it);
 * the body streams through both ways (`duplex: "half"`): a gigabyte never sits in this process.
 */
async function relay(args: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
  const { request, params } = args;
  const rest = params["*"] ?? "";
  if (!ID.test(rest)) return new Response("Not Found", { status: 404 });
  const api = lms(args);
  const { url, headers } = api.wire(`dashboard/upload/${rest}`);
  delete headers.accept;
  for (const h of REQUEST_HEADERS) {
    const v = request.headers.get(h);
    if (v !== null) headers[h] = v;
  }
  const method = request.method.toUpperCase();
  // Every tus request but OPTIONS names the protocol's version (tus 1.0.0 §"Tus-Resumable"):
  // anything else is no upload, answered here as tus would (412) — its body never goes on.
  if (method !== "OPTIONS" && !request.headers.get("tus-resumable"))
    return new Response(null, { status: 412, headers: { "tus-version": "1.0.0" } });
  const body = method === "POST" || method === "PATCH" ? request.body : null;
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body,
      redirect: "manual",
      signal: request.signal,
      ...(body ? { duplex: "half" } : {}),
    } as RequestInit);
  } catch {
    // The browser went away, or the API did: the tus client retries and resumes from the offset.
    return new Response(null, { status: 502 });
  }
  const out = new Headers();
  for (const h of RESPONSE_HEADERS) {
    const v = res.headers.get(h);
    if (v !== null) out.set(h, v);
  }
  const location = res.headers.get("location");
  if (location) out.set("location", location.replace(UPLOAD_API_PATH, UPLOAD_DASHBOARD_PATH));
  return new Response(method === "HEAD" ? null : res.body, { status: res.status, headers: out });
}

/** HEAD: where an upload stands (tus). GET: no tus method — a signed-in visitor gets an empty answer, others the sign-in page. */
export async function loader(args: LoaderFunctionArgs) {
  if (args.request.method === "HEAD") return relay(args);
  const profile = await getProfile(lms(args));
  if (!profile) throw redirect(signInUrl(args.request));
  return new Response("", {
    status: 200,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

/** POST (create), PATCH (bytes), DELETE (terminate), OPTIONS: on to the API. */
export const action = (args: ActionFunctionArgs) => relay(args);

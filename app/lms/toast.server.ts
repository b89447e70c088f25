import { createCookie, redirect } from "@remix-run/node";
import { asciiUrl } from "./paths";

/**
 * A one-shot message shown on the next page (a flash cookie; works without JavaScript). `status`:
 * the HTTP status of the refusal an error reports, which it shows (spec 002 §8: the popup shows
 * "Error", the status and the translated detail).
 */
export type Toast = {
  type: "success" | "error" | "info";
  message: string;
  values?: Record<string, string | number>;
  status?: number;
};

const toastCookie = createCookie("toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export async function toastHeader(toast: Toast): Promise<string> {
  return toastCookie.serialize(toast);
}

/** Read the pending toast and the Set-Cookie that clears it. */
export async function popToast(request: Request): Promise<{ toast: Toast | null; clear: string | null }> {
  const toast = ((await toastCookie.parse(request.headers.get("cookie"))) as Toast | null) ?? null;
  return { toast, clear: toast ? await toastCookie.serialize("", { maxAge: 0 }) : null };
}

export async function redirectWithToast(url: string, toast: Toast, init: { headers?: Headers } = {}) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastHeader(toast));
  // Callers build `url` from what a form posted (a list's query): never a non-ASCII header.
  return redirect(asciiUrl(url), { headers });
}

import { createCookie } from "@remix-run/node";
import { isHttps } from "./client.server";
import { CSRF, CSRFError } from "remix-utils/csrf/server";
import type { Lms } from "./api.server";
import { CSRF_FIELD } from "./csrf-field";
import { DASHBOARD_SECRET } from "./secret.server";

export { CSRF_FIELD };

/**
 * The dashboard's anti-forgery token (remix-utils): a signed cookie plus the same value in a
 * hidden field of every form. The API checks its own token again on the call that follows.
 * The cookie is Secure whenever the page was served over TLS (directly or behind a proxy).
 */
const make = (secure: boolean) =>
  new CSRF({
    cookie: createCookie(secure ? "__Host-csrf" : "csrf", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure,
      secrets: [DASHBOARD_SECRET],
    }),
    formDataKey: CSRF_FIELD,
    secret: DASHBOARD_SECRET,
  });
const plain = make(false);
const secure = make(true);

export const csrfFor = (request: Request) => (isHttps(request) ? secure : plain);

/** Refuse a form post whose token does not match the cookie (403, nothing sent to the API). */
export async function requireCsrf(api: Lms, form: FormData) {
  try {
    await csrfFor(api.request).validate(form, api.request.headers);
  } catch (e) {
    if (e instanceof CSRFError) throw new Response("Forbidden: invalid form token", { status: 403 });
    throw e;
  }
}

import crypto from "node:crypto";
import type { Lms } from "./api.server";

import { CSRF_FIELD } from "./csrf-field";
export { CSRF_FIELD };

/**
 * Dashboard forms carry the API's csrftoken as a hidden field; a post whose field does not match
 * the cookie did not come from our page (double submit, same token the API checks again).
 */
export function requireCsrf(api: Lms, form: FormData) {
  const sent = form.get(CSRF_FIELD);
  const cookie = api.csrfToken;
  const ok =
    typeof sent === "string" && !!cookie && sent.length === cookie.length &&
    crypto.timingSafeEqual(Buffer.from(sent), Buffer.from(cookie));
  if (!ok) throw new Response("CSRF token mismatch", { status: 403 });
}

import { IDEMPOTENCY_FIELD, IDEMPOTENCY_KEY_PATTERN } from "../../contract/http";

/**
 * A create form's idempotency key (docs/decisions/094): its page's loader makes one for each form
 * it shows, the form posts it in a hidden field (IdempotencyInput), and its action sends it with
 * the create (CallOptions.idempotencyKey). The form sent again — "send again" after an error
 * page, Back and submit, a double click without JavaScript — carries the same key, and the API
 * answers it with what the first post created.
 */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/** The key a create form posted, for the create call; undefined when it posted none, or what it posted is no key. */
export function postedIdempotencyKey(form: FormData): string | undefined {
  const key = String(form.get(IDEMPOTENCY_FIELD) ?? "");
  return IDEMPOTENCY_KEY_PATTERN.test(key) ? key : undefined;
}

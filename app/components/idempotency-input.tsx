import { IDEMPOTENCY_FIELD } from "../../contract/http";

/**
 * A create form's idempotency key (docs/decisions/094; app/lms/idempotency.server.ts), made by
 * its page's loader. `form`: the id of the form it belongs to when it stands beside it, so a form
 * component other pages share stays as it is.
 */
export function IdempotencyInput({ value, form }: { value: string; form?: string }) {
  return <input type="hidden" form={form} name={IDEMPOTENCY_FIELD} value={value} />;
}

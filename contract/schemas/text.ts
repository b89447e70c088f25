import { z } from "../zod";
import { MSG } from "../messages";

/** C0 and C1 control characters and DEL: never in a one-line text (a NUL would end up in a name). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
/** Multi-line text may hold tab, newline and carriage return; no other control character. */
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/**
 * THE text field of the contract: every string a form or a call sends is read through this, so
 * control characters are refused (`control_characters`) in one place, by the dashboard's form
 * check and the API alike. `error`: the message when the value is missing or not a string.
 * Chain `.trim()`, `.min()`, `.max()`… after it as after `z.string()`; the check runs first.
 */
export const text = (opts: { multiline?: boolean; error?: string } = {}) => {
  const refused = opts.multiline ? CONTROL_MULTILINE : CONTROL;
  return z
    .string(opts.error ? { error: opts.error } : undefined)
    .refine((s) => !refused.test(s), { message: MSG.control_characters, abort: true });
};

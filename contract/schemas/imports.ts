import { z } from "../zod";
import { MSG } from "../messages";
import { IMPORT_MODES } from "../imports";
import { withDefault } from "./form-fields";

/**
 * The user import's form (docs/decisions/032): the file travels as a multipart part beside it;
 * `mode` says what a file with bad rows does (all_or_nothing, the default, or valid_rows).
 */
export const importFormSchema = z.object({
  mode: withDefault(z.enum(IMPORT_MODES, { error: MSG.invalid_choice }), "all_or_nothing"),
});
export type ImportFormInput = z.infer<typeof importFormSchema>;

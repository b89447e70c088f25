/**
 * A learner's credit on the dashboard's side (docs/decisions/075): the top-up form's schema,
 * reached through this .server module so that zod stays out of the browser's bundle.
 */
export { parseWithZod } from "@conform-to/zod/v4";
export { creditChangeSchema } from "../../contract/schemas/credit";

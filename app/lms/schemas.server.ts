import { MSG } from "../../contract/messages";
import { forgotSendSchema } from "../../contract/schemas/account";
import { z } from "../../contract/zod";

/**
 * The zod schemas route actions validate with, reached through this .server module: Remix leaves
 * .server modules out of the client build, so a route that imports its schemas from here ships no
 * zod to the browser. Imported straight from contract/ (or built at a route's top level) they
 * would: esbuild keeps module-level calls such as `z.object(…)`, and with them all of zod
 * (47 KB gzip). docs/decisions/016.
 */
export { parseWithZod } from "@conform-to/zod/v4";
export { forgotIdentifySchema, loginSchema, newPasswordSchema } from "../../contract/schemas/account";
export {
  enrollmentSchema,
  identificationSchema as enrollmentIdentificationSchema,
} from "../../contract/schemas/content-enrollment";
export { permissionConditionSchema, permissionRuleSchema } from "../../contract/schemas/content-permission";
export { sequenceAddSchema, sequenceFormSchema } from "../../contract/schemas/sequence";
export { collaboratorRoleSchema, collaboratorSchema } from "../../contract/schemas/playlist";
export {
  identificationSchema as curriculumIdentificationSchema,
  materialSchema,
  moveSchema,
  sectionSchemas,
} from "../../contract/schemas/curriculum";
export {
  bulkProgressSchema,
  enrollPickerSchema,
  enrollSchema,
  progressChangeSchema,
} from "../../contract/schemas/enrollment";

/** Forgot password, choose-identify: the send method offered. */
export const forgotChooseSchema = z.object({ send_method: forgotSendSchema.shape.send_method });
/** Forgot password, otp: the six digits. */
export const forgotVerifySchema = z.object({
  otp: z
    .string({ error: MSG.required })
    .trim()
    .regex(/^\d{6}$/, "forgot_otp_format"),
});

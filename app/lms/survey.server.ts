/**
 * The survey pages' contract schemas, reached through a .server module so no zod goes to the
 * browser (docs/decisions/016).
 */
export { surveyDomainSchema } from "../../contract/schemas/survey";
export { parseWithZod } from "@conform-to/zod/v4";

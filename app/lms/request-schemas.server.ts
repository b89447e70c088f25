/**
 * This area's contract schemas, reached by the route modules through a .server module so no zod
 * goes to the browser (docs/decisions/016).
 */
export {
  approvalStepSchema,
  decisionSchema,
  formQuestionSchema,
  formSectionSchema,
  learningResultSchema,
} from "../../contract/schemas/requests";

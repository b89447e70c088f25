/**
 * Course's names of the engine's content contract (contract/schemas/content.ts), which the course
 * modules import by these names.
 */
export {
  CODE_PATTERN,
  DEFAULT_CONTENT_LIMITS,
  DISPLAY_KEYS,
  contentTagSchema,
  courseCreateSchema,
  courseDisplaySchema,
  courseSchemas,
  courseUpdateSchema,
  parseIsoDateTime,
} from "./content";
export type {
  ContentLimits,
  Course,
  CourseCreateInput,
  CourseDisplayInput,
  CourseRow,
  CourseUpdateInput,
  IdName,
} from "./content";

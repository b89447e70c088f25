import type { z } from "../zod";
import { CONFIG_DEFAULTS, type ConfigDict } from "../config";
import type { PasswordRule } from "./account";
import type { TagExtraField } from "../codes";
import { CONTENT_SCHEMAS, type ContentLimits } from "./content";
import { groupSchemas } from "./group";
import { categorySchemas, instructorSchemas, learningProgramSchemas, providerSchemas } from "./master-data";
import { locationSchemas, roomSchemas } from "./location";
import { budgetCategorySchemas } from "./approvals";
import { userCreateSchema, userFormSchema } from "./user";
import { approvalFlowSchemas, formSchemas } from "./requests";
import { assignmentSchemas, autoAssignmentSchemas } from "./assignment";

/**
 * The form schemas of every registry type by the name its `schema` gives (app/registry): what the
 * create page and the information tab parse with, on the dashboard, before the API sees the form.
 * `create` parses the create page; `edit` the information tab's whole form (an unticked box is
 * false, a blank field empty). The API validates with the same schemas (its own modules import
 * them), so the two sides cannot disagree on a rule.
 */
export type FormSchemaContext = { limits: ContentLimits; extras: readonly TagExtraField[]; password: PasswordRule };
type Pair = { create: z.ZodType; edit: z.ZodType };

export const FORM_SCHEMAS: Record<string, (c: FormSchemaContext) => Pair> = {
  ...Object.fromEntries(
    Object.entries(CONTENT_SCHEMAS).map(([name, make]) => [
      name,
      (c: FormSchemaContext) => {
        // A content item's form is its whole create form, saved again.
        const { create } = make(c.limits, c.extras);
        return { create, edit: create };
      },
    ]),
  ),
  // A user's edit form has no password (the bulk reset sets it) and no is_active (activation is its own call).
  user: (c) => ({ create: userCreateSchema(c.password, c.limits), edit: userFormSchema(c.limits) }),
  group: (c) => pair(groupSchemas(c.limits)),
  provider: (c) => pair(providerSchemas(c.limits)),
  instructor: (c) => pair(instructorSchemas(c.limits)),
  category: (c) => pair(categorySchemas(c.limits)),
  location: (c) => pair(locationSchemas(c.limits)),
  learning_program: (c) => pair(learningProgramSchemas(c.limits)),
  // A location's room (its tab's add and edit forms; docs/decisions/039).
  room: (c) => pair(roomSchemas(c.limits)),
  // Issue 17 (docs/decisions/056, 057): the information tab sends the whole form, so a cleared
  // field (a price bound, a code) is cleared: its edit schema is the create one, with its defaults.
  "approval-flow": (c) => whole(approvalFlowSchemas(c.limits).create),
  "enrollment-form": (c) => whole(formSchemas(c.limits).create),
  "request-form": (c) => whole(formSchemas(c.limits).create),
  // Assignment, auto-assignment and suggestion settings (docs/decisions/051–053).
  assignment: (c) => pair(assignmentSchemas(c.limits)),
  suggestion: (c) => pair(assignmentSchemas(c.limits)),
  auto_assignment: (c) => pair(autoAssignmentSchemas(c.limits)),
  // Budget categories (issue 17 §4, docs/decisions/055).
  budget_category: (c) => pair(budgetCategorySchemas(c.limits)),
};

/** A form sent whole on both pages (create and information tab). */
const whole = (create: z.ZodType): Pair => ({ create, edit: create });

/** A master kind's create schema and its PATCH schema (the fields given), which the edit form sends whole. */
const pair = (s: { create: z.ZodType; update: z.ZodType }): Pair => ({ create: s.create, edit: s.update });

/** The configured password rule (spec 001 §5), from the config dictionary every page already has. */
export function passwordRuleFrom(config: ConfigDict): PasswordRule {
  const v = (key: keyof typeof CONFIG_DEFAULTS) => config[key]?.value ?? CONFIG_DEFAULTS[key].value;
  return {
    min: Number(v("password-min-length")),
    max: Number(v("password-max-length")),
    uppercase: !!v("password-require-uppercase"),
    lowercase: !!v("password-require-lowercase"),
    number: !!v("password-require-number"),
    symbol: !!v("password-require-symbol"),
  };
}

import { CONTENT_TYPES } from "./content.js";
import { MASTER_TYPES } from "./master.js";
import { ASSIGNMENT_TYPES } from "./assignment.js";
import { APPROVALS_TYPES } from "./approvals.js";
import { REQUESTS_TYPES } from "./requests.js";
import { PROGRAM_TYPES } from "./programs.js";

/**
 * Every type the engine serves: the content types (content.js) and the master data kinds
 * (master.js). The route manifest, the menu, the guards, the titles and the namespaces read
 * this; CONTENT_TYPES alone is what the API's content definitions mirror (registry-drift test).
 * Plain data (client-safe).
 *
 * @type {import("./content-typedefs.js").ContentType[]}
 */
export const REGISTRY_TYPES = [
  ...CONTENT_TYPES,
  ...PROGRAM_TYPES,
  ...MASTER_TYPES,
  ...ASSIGNMENT_TYPES,
  ...APPROVALS_TYPES,
  ...REQUESTS_TYPES,
];

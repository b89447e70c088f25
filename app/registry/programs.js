/**
 * The programmes that string content together (spec 000 §2.6; issue 36): learning programs so
 * far, on the engine's list, create page, item layout and information form, listed in the
 * menu's content section. A program has no publishing and no enrolment of its own: contents name
 * it (their `program` field), and its content tab lists them (docs/decisions/097).
 * Plain data (client-safe).
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 */

import { ENGINE_MODULES, INFORMATION } from "./parts.js";

/** @type {ContentType} */
export const LEARNING_PROGRAM_TYPE = {
  ...ENGINE_MODULES,
  key: "learning_program",
  segment: "learning-program",
  param: "programid",
  api: "dashboard/learning-program/",
  module: "learning_program",
  labelKey: "content_learning_program",
  nounKey: "noun_learning_program",
  schema: "learning_program",
  i18n: ["program"],
  menuSection: "content",
  publish: false,
  cover: true,
  filters: [],
  filterSources: {},
  overall: [],
  columns: [
    { key: "image", labelKey: "col_cover", kind: "image" },
    { key: "name", labelKey: "col_name", sortable: true },
    { key: "code", labelKey: "col_code", sortable: true, kind: "code" },
    { key: "count_content", labelKey: "program_col_count_content" },
    { key: "datetime_update", labelKey: "col_updated", kind: "date" },
  ],
  defaultOrdering: "name",
  fields: [
    { name: "name", labelKey: "field_name", kind: "text" },
    { name: "code", labelKey: "field_code", kind: "text" },
    { name: "desc", labelKey: "field_desc", kind: "textarea" },
  ],
  defaultTab: "information",
  tabs: [
    INFORMATION,
    {
      id: "content",
      labelKey: "program_tab_content",
      action: "view",
      kind: "table",
      module: "routes/learning-program.content.tsx",
    },
  ],
};

/** @type {ContentType[]} */
export const PROGRAM_TYPES = [LEARNING_PROGRAM_TYPE];

/**
 * Class program (spec 000 §2.4 `/class-program…`, docs/decisions/044) as a content registry entry:
 * its classes (`class`, with `class/status/{status?}`), its information form (`edit`) with its
 * competencies. A class of a program opens at /class-program/{id}/class/{classid}/… with every
 * tab of a class (mounts.js), served by the class's modules.
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 * @typedef {import("./content-typedefs.js").Tab} Tab
 */
import { ENGINE_MODULES, LIST, NAME_COLUMNS, STATE_COLUMNS, HEAD_FIELDS, TAIL_FIELDS, COMPETENCY } from "./parts.js";

/** Its class list's row actions act on classes: the class's flags. */
const CLASS_ROW_POSTS = { toggle: "class_publish_class", delete: "class_delete_class" };

/** @type {ContentType} */
export const CLASS_PROGRAM_TYPE = {
  key: "class_program",
  segment: "class-program",
  param: "classprogramid",
  api: "dashboard/class_program/",
  module: "class_program",
  labelKey: "content_class_program",
  nounKey: "noun_class_program",
  i18n: ["class"],
  menuSection: "content",
  ...ENGINE_MODULES,
  cancelKind: "event",
  schema: "class_program",
  // Its cover image (spec 001 §3), on the information form as a course's; removing it keeps the
  // program published, which needs no image (docs/decisions/047).
  coverUnpublishes: false,
  columns: [
    { key: "image", labelKey: "col_cover", kind: "image" },
    ...NAME_COLUMNS,
    { key: "class_count", labelKey: "col_class_count" },
    ...STATE_COLUMNS,
  ],
  ...LIST,
  fields: [...HEAD_FIELDS, ...TAIL_FIELDS],
  defaultTab: "class",
  tabs: [
    {
      // The program's classes: the class list with the program fixed (routes/class-program.classes.tsx).
      id: "class",
      labelKey: "cls_program_classes",
      action: "view",
      kind: "table",
      module: "routes/class-program.classes.tsx",
      post: CLASS_ROW_POSTS,
      children: [
        {
          id: "status",
          path: "status/:status?",
          labelKey: "cls_status_views",
          action: "view",
          kind: "table",
          module: "routes/class-program.classes.tsx",
          post: CLASS_ROW_POSTS,
        },
      ],
    },
    // spec 000 §2.4 "edit with competency and condition": the information form and its competencies.
    {
      id: "edit",
      labelKey: "tab_information",
      action: "view",
      kind: "form",
      module: "routes/content.tab-form.tsx",
      children: [
        { ...COMPETENCY },
        // Who may see and enrol (the engine's permission rules), each rule's condition below it.
        {
          id: "condition",
          labelKey: "cls_program_condition",
          action: "change",
          kind: "table",
          module: "routes/content.permission.tsx",
        },
        {
          id: "rule",
          path: "condition/:permissionid/condition",
          labelKey: "cls_program_condition",
          action: "change",
          kind: "form",
          lists: { permissionid: "permission/" },
          module: "routes/content.permission-condition.tsx",
        },
      ],
    },
  ],
  overall: [],
};

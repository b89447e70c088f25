/**
 * The engine's pieces that content types (content.js) and master data kinds (master.js) both
 * list: the generic list, create and item modules, and the permission tab with its
 * administrators and rule conditions. Plain data (client-safe).
 *
 * @typedef {import("./content.js").Tab} Tab
 */

export const ENGINE_MODULES = { listModule: "routes/content.list.tsx", createModule: "routes/content.create.tsx", detailModule: "routes/content.detail.tsx" };

/** @type {Tab} */
export const PERMISSION = {
  id: "permission", labelKey: "tab_permission", action: "change", kind: "table", module: "routes/content.permission.tsx",
  children: [
    { id: "admin", labelKey: "tab_permission_admin", action: "change", kind: "table", module: "routes/content.permission-admin.tsx", api: "permission/admin/" },
    { id: "condition", labelKey: "tab_permission_condition", action: "change", kind: "form", param: "permissionid", paramList: "permission/", module: "routes/content.permission-condition.tsx" },
  ],
  // spec 000 §2.3, §2.4, §2.9 "permission (admin, {permissionid} with condition)": a rule's own address is its condition page.
  aliases: [{ id: "permission-rule", path: "permission/:permissionid", to: "permission/:permissionid/condition", lists: { permissionid: "permission/" } }],
};

/**
 * The master data kinds of spec 000 §2.11 (issue 15): users, groups, instructors, providers and
 * categories, as registry types of the same engine as the content types (content.js): the same
 * list, create, item layout and information tab, the same guards, titles and route smoke. What a
 * kind lacks is data, not another module: `publish: false` (no publish panel, badge, show/hide
 * switch), `cover: false` (no image), `deletable: false` (no delete), `nameFields`/`codeField`
 * (what names a row when it has no `name`/`code`), and `listPages`: pages beside the list under
 * `{segment}/{path}` (the user area's departments, levels, history, bulk reset).
 * Plain data (client-safe), like content.js.
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 * @typedef {import("./content-typedefs.js").Column} Column
 * @typedef {import("./content-typedefs.js").FormField} FormField
 */

import { ENGINE_MODULES, INFORMATION, PERMISSION } from "./parts.js";

/** What a kind without publishing or cover says. */
const PLAIN = { publish: false, cover: false };
/** @type {FormField[]} the fields every named master row has */
const NAME_CODE = [
  { name: "name", labelKey: "field_name", kind: "text" },
  { name: "code", labelKey: "field_code", kind: "text" },
];
/** @type {Column[]} */
const NAME_CODE_COLUMNS = [
  { key: "name", labelKey: "col_name", sortable: true },
  { key: "code", labelKey: "col_code", sortable: true, kind: "code" },
];
/**
 * A kind's administrators (role scopes, decision 030): the content engine's administrators page,
 * calling the kind's own `admin/` under the item (docs/decisions/035).
 * @type {import("./content-typedefs.js").Tab}
 */
// Who administers an item is the kind's flag's business, never its administrators' (flagOnly).
const ADMIN = {
  id: "admin",
  labelKey: "tab_admin",
  action: "change",
  kind: "table",
  module: "routes/content.permission-admin.tsx",
  api: "admin/",
  flagOnly: true,
};
/**
 * A group's members and condition (decision 030): every group has both tabs, so the tab bar is
 * the same for each; a group of accounts' condition page says it has none (docs/decisions/035).
 * @type {import("./content-typedefs.js").Tab[]}
 */
const GROUP_TABS = [
  { id: "member", labelKey: "tab_member", action: "view", kind: "table", module: "routes/group.member.tsx" },
  { id: "condition", labelKey: "tab_condition", action: "view", kind: "form", module: "routes/group.condition.tsx" },
];
/** @type {import("./content-typedefs.js").Tab} a provider's highlights (spec 000 §2.11 provider "highlight"). */
const HIGHLIGHT = {
  id: "highlight",
  labelKey: "tab_highlight",
  action: "view",
  kind: "table",
  module: "routes/provider.highlight.tsx",
};
/** @type {import("./content-typedefs.js").Tab} a location's rooms (spec 000 §2.11 location "room"; docs/decisions/039). */
const ROOM = { id: "room", labelKey: "tab_room", action: "view", kind: "table", module: "routes/location.room.tsx" };
/** The department flags (spec 002 §6 module "department"): the department pages have their own. */
const DEPARTMENT = {
  view: "department_view_department",
  add: "department_add_department",
  change: "department_change_department",
  delete: "department_delete_department",
};
const ACCOUNT = { add: "account_add_account", change: "account_change_account", delete: "account_delete_account" };
/**
 * The user area's pages beside the list (spec 000 §2.11; docs/decisions/034): history, levels and
 * positions (the account flags: decision 029), the department tree with its pages, the bulk
 * password reset. `under`: linked from that page rather than from the user list.
 * @type {import("./content-typedefs.js").ListPage[]}
 */
const USER_PAGES = [
  { id: "history", path: "history", labelKey: "user_history_all", module: "routes/user.history.tsx", action: "view" },
  {
    id: "level",
    path: "level",
    labelKey: "user_level_title",
    module: "routes/user.level.tsx",
    action: "view",
    post: Object.fromEntries(
      ["level", "position"].flatMap((k) => [
        [`create-${k}`, ACCOUNT.add],
        [`update-${k}`, ACCOUNT.change],
        [`delete-${k}`, ACCOUNT.delete],
      ]),
    ),
  },
  // Its label is the menu's (shell namespace): the menu lists it on every page.
  {
    id: "department",
    path: "department",
    labelKey: "master_department",
    module: "routes/user.department.tsx",
    flag: DEPARTMENT.view,
    menu: true,
  },
  {
    id: "department.new",
    path: "department/new",
    labelKey: "user_department_new",
    module: "routes/user.department-new.tsx",
    flag: DEPARTMENT.add,
    under: "department",
    post: { "": DEPARTMENT.add },
  },
  // The API's account history (account view flag) filtered to department moves.
  {
    id: "department.history",
    path: "department/history",
    labelKey: "user_department_history",
    module: "routes/user.department-history.tsx",
    action: "view",
    under: "department",
  },
  {
    id: "department.item",
    path: "department/:departmentid",
    labelKey: "user_department_item",
    module: "routes/user.department-item.tsx",
    flag: DEPARTMENT.view,
    params: { departmentid: { api: "dashboard/department/" } },
    post: { save: DEPARTMENT.change, delete: DEPARTMENT.delete },
  },
  {
    id: "reset-password",
    path: "reset-password",
    labelKey: "user_reset_title",
    module: "routes/user.reset-password.tsx",
    action: "change",
    post: { reset: ACCOUNT.change, choose: ACCOUNT.change },
  },
];

/** A kind of master data: the engine's modules, no publishing, its own dictionary namespace. */
const master = (own) => ({
  ...ENGINE_MODULES,
  ...PLAIN,
  i18n: ["people", "master"],
  menuSection: "master",
  filters: [],
  filterSources: {},
  overall: [],
  defaultTab: "information",
  ...own,
});

/** @type {ContentType[]} */
export const MASTER_TYPES = [
  master({
    key: "user",
    segment: "user",
    param: "userid",
    api: "dashboard/user/",
    module: "account",
    labelKey: "master_user",
    nounKey: "noun_user",
    schema: "user",
    // Accounts are deactivated, never deleted (their history and results stay).
    deletable: false,
    nameFields: ["first_name", "last_name"],
    codeField: "username",
    columns: [
      { key: "username", labelKey: "col_username", sortable: true, kind: "code" },
      { key: "name", labelKey: "col_full_name" },
      { key: "email", labelKey: "col_email", sortable: true },
      { key: "department", labelKey: "col_department", kind: "ref" },
      { key: "position", labelKey: "col_position", kind: "ref" },
      { key: "level", labelKey: "col_level", kind: "ref" },
      { key: "is_active", labelKey: "col_status", kind: "active" },
      { key: "last_active", labelKey: "col_last_active", sortable: true, kind: "date" },
    ],
    filters: ["department", "level", "position", "is_active"],
    filterSources: { department: "department-cascade", level: "level", position: "position" },
    filterCodes: { is_active: "active" },
    defaultOrdering: "-datetime_create",
    // spec 001 §3 "User": the form's fields, in the order an administrator fills them. A new
    // account is active (the API's default); deactivating is its own action on the user's page.
    fields: [
      { name: "username", labelKey: "field_username", kind: "text" },
      { name: "password", labelKey: "field_password", kind: "password", on: "create" },
      { name: "confirm_password", labelKey: "field_confirm_password", kind: "password", on: "create" },
      { name: "title", labelKey: "field_title", kind: "text" },
      { name: "first_name", labelKey: "field_first_name", kind: "text" },
      { name: "middle_name", labelKey: "field_middle_name", kind: "text" },
      { name: "last_name", labelKey: "field_last_name", kind: "text" },
      { name: "gender", labelKey: "field_gender", kind: "select", source: "code:gender" },
      { name: "email", labelKey: "field_email", kind: "email" },
      { name: "phone", labelKey: "field_phone", kind: "tel" },
      { name: "id_card", labelKey: "field_id_card", kind: "text" },
      { name: "code", labelKey: "field_employee_code", kind: "text" },
      { name: "code2", labelKey: "field_code2", kind: "text" },
      { name: "department", labelKey: "field_department", kind: "select", source: "department-cascade" },
      { name: "position", labelKey: "field_position", kind: "select", source: "position" },
      { name: "level", labelKey: "field_level", kind: "select", source: "level" },
      // Any active account, found by a search (the engine's account field; docs/decisions/034).
      {
        name: "supervisor",
        labelKey: "field_supervisor",
        kind: "account",
        source: "dashboard/user/?is_active=1",
        noneKey: "field_supervisor_none",
      },
      { name: "date_start", labelKey: "field_date_start", kind: "date" },
      { name: "date_joined", labelKey: "field_date_joined", kind: "date" },
      { name: "date_birth", labelKey: "field_date_birth", kind: "date" },
      { name: "expired_date", labelKey: "field_expired_date", kind: "date" },
      { name: "company", labelKey: "field_company", kind: "text" },
      // What a learner condition also reads (docs/decisions/083).
      { name: "job_family", labelKey: "field_job_family", kind: "text" },
      { name: "work_shift", labelKey: "field_work_shift", kind: "text" },
      { name: "location", labelKey: "field_location", kind: "select", source: "dashboard/location/filter/" },
      { name: "english_score", labelKey: "field_english_score", kind: "number" },
      { name: "count_experience_year", labelKey: "field_count_experience_year", kind: "number" },
      { name: "count_experience_month", labelKey: "field_count_experience_month", kind: "number" },
      { name: "work_experience", labelKey: "field_work_experience", kind: "textarea" },
      { name: "address", labelKey: "field_address", kind: "textarea" },
      { name: "language", labelKey: "field_language", kind: "select", source: "code:language" },
      { name: "is_subscribe", labelKey: "field_is_subscribe", kind: "checkbox" },
      { name: "is_force_reset_password", labelKey: "field_is_force_reset_password", kind: "checkbox" },
    ],
    // The profile leads (docs/decisions/034): an administrator opens a user to see who it is and
    // what it does; editing is the information tab, the history its own.
    defaultTab: "profile",
    tabs: [
      { id: "profile", labelKey: "tab_profile", action: "view", kind: "custom", module: "routes/user.profile.tsx" },
      INFORMATION,
      { id: "history", labelKey: "tab_history", action: "view", kind: "table", module: "routes/user.history.tsx" },
      // The learner's credit: balance, history, top-up (issue 33 §3, docs/decisions/075).
      { id: "credit", labelKey: "tab_credit", action: "view", kind: "custom", module: "routes/user.credit.tsx" },
    ],
    listPages: USER_PAGES,
    // The bulk imports live under /import/ (their own dictionaries) but start from the user list:
    // users, and learners' credit (docs/decisions/075).
    listScreens: ["user-import", "credit-import"],
    // The list as xlsx or csv, as searched, filtered and ordered (docs/decisions/081).
    listExport: "user-export",
    searchKey: "user_search_placeholder",
  }),
  master({
    key: "group",
    segment: "group",
    param: "groupid",
    api: "dashboard/group/",
    module: "group",
    labelKey: "master_group",
    nounKey: "noun_group",
    schema: "group",
    columns: [
      ...NAME_CODE_COLUMNS,
      { key: "type", labelKey: "col_group_type", kind: "label", labelPrefix: "group_type_" },
    ],
    defaultOrdering: "name",
    fields: [
      ...NAME_CODE,
      // A group's kind is chosen once (decision 030: group_type_fixed).
      { name: "type", labelKey: "field_group_type", kind: "select", source: "code:group_type", on: "create" },
      { name: "desc", labelKey: "field_desc", kind: "textarea" },
    ],
    tabs: [INFORMATION, ...GROUP_TABS, ADMIN],
    // A group's administrators (admin_list) see and manage it without the group flags (decision 041).
    administeredBy: "group",
  }),
  master({
    key: "instructor",
    segment: "instructor",
    param: "instructorid",
    api: "dashboard/instructor/",
    module: "instructor",
    labelKey: "master_instructor",
    nounKey: "noun_instructor",
    schema: "instructor",
    cover: true,
    columns: [
      { key: "image", labelKey: "col_cover", kind: "image" },
      ...NAME_CODE_COLUMNS,
      { key: "contact", labelKey: "col_contact" },
    ],
    defaultOrdering: "name",
    fields: [
      ...NAME_CODE,
      { name: "contact", labelKey: "field_contact", kind: "text" },
      { name: "overview", labelKey: "field_overview", kind: "textarea" },
    ],
    tabs: [INFORMATION, ADMIN],
  }),
  master({
    key: "provider",
    segment: "provider",
    param: "providerid",
    api: "dashboard/provider/",
    module: "provider",
    labelKey: "master_provider",
    nounKey: "noun_provider",
    schema: "provider",
    cover: true,
    columns: [
      { key: "image", labelKey: "col_cover", kind: "image" },
      ...NAME_CODE_COLUMNS,
      { key: "count_admin", labelKey: "col_count_admin" },
    ],
    defaultOrdering: "name",
    fields: [
      ...NAME_CODE,
      { name: "about", labelKey: "field_about", kind: "textarea" },
      { name: "desc", labelKey: "field_desc", kind: "textarea" },
    ],
    tabs: [INFORMATION, ADMIN, HIGHLIGHT],
  }),
  master({
    key: "category",
    segment: "category",
    param: "categoryid",
    api: "dashboard/category/",
    module: "category",
    labelKey: "master_category",
    nounKey: "noun_category",
    schema: "category",
    cover: true,
    columns: [
      { key: "image", labelKey: "col_cover", kind: "image" },
      ...NAME_CODE_COLUMNS,
      { key: "parent", labelKey: "col_parent_category", kind: "ref" },
      { key: "count_children", labelKey: "col_count_children" },
    ],
    defaultOrdering: "name",
    fields: [...NAME_CODE, { name: "parent", labelKey: "field_parent_category", kind: "select", source: "category" }],
    // Who may use a category's contents: the content engine's permission tab (rules with their
    // conditions); a category has no administrators of its own.
    tabs: [INFORMATION, { ...PERMISSION, children: (PERMISSION.children ?? []).filter((c) => c.id !== "admin") }],
  }),
  // Where class sessions take place (spec 000 §2.11 /location; issue 16 §2, docs/decisions/039).
  master({
    key: "location",
    segment: "location",
    param: "locationid",
    api: "dashboard/location/",
    module: "location",
    labelKey: "master_location",
    nounKey: "noun_location",
    schema: "location",
    // Its own texts first (its nouns and room tab live in master); people gives field_address.
    i18n: ["master", "people"],
    cover: true,
    columns: [
      { key: "image", labelKey: "col_cover", kind: "image" },
      ...NAME_CODE_COLUMNS,
      { key: "address", labelKey: "col_address" },
      { key: "count_room", labelKey: "col_count_room" },
    ],
    defaultOrdering: "name",
    fields: [
      ...NAME_CODE,
      { name: "address", labelKey: "field_address", kind: "textarea" },
      // Degrees (WGS 84) with decimals and a sign: not the whole-number kind.
      { name: "latitude", labelKey: "field_latitude", kind: "decimal" },
      { name: "longitude", labelKey: "field_longitude", kind: "decimal" },
    ],
    tabs: [INFORMATION, ROOM],
  }),
];

/**
 * The shapes of the content registry (app/registry/content.js): a content type, its tabs, item
 * pages, list columns, form fields and list pages. Types only (JSDoc), no data.
 *
 * A tab or page with a `module` is built and gets a route; one without is declared (so the tree is
 * complete) but gets no route and no tab until its screen exists.
 *
 * @typedef {string | readonly string[]} Feature  config switch names (contract/features.js)
 * @typedef {"view"|"add"|"change"|"delete"|"publish"|"transaction"|"progress"|"certificate"|"enrollment"|"learner"|"export"} Action
 * @typedef {{ id: string, labelKey: string, action?: Action, kind?: "form"|"table"|"review"|"custom", module?: string, children?: Tab[], param?: string, paramList?: string, feature?: Feature, path?: string, lists?: Record<string, string>, api?: string, flagOnly?: boolean, post?: Record<string, string>, bar?: false, mountedOnly?: boolean, texts?: Record<string, string>, aliases?: import("./aliases.js").SpecAlias[] }} Tab
 *   `aliases`: spec addresses the page serves under another path (aliases.js): each a redirect route.
 *   `texts`: dictionary keys a module serving several tabs shows for this one instead of its own
 *   (a class's material tab, the engine's curriculum page: title, intro, empty; docs/decisions/045).
 *   `mountedOnly`: a tab only where the type is mounted under another's item (a program's class
 *   settings, mounts.js; docs/decisions/047): no route and no tab for the type on its own.
 *   `bar: false`: a sub-page left out of the sub-page bar because its tab's page links to it
 *   itself (a class's "Add a session", beside the sessions it adds to).
 *   `post`: what its action needs per form intent, as flags, when they are not its type's (a
 *   program's class list shows, hides and deletes classes: the class's flags).
 *   `feature`: the config switch(es) the page exists by (app/registry/features.js, docs/decisions/020).
 *   `api`: the API path under the item that a module serving several tabs calls for this one
 *   (the administrators: a content's `permission/admin/`, a provider's `admin/`; docs/decisions/035);
 *   a `{param}` in it is that route parameter's value (a class session's surveys:
 *   `session/{sessionid}/survey/`, docs/decisions/045).
 *   A sub-page with a `param` is one row's page, `{tab}/:{param}/{id}` (a permission rule's
 *   condition): it is reached from the tab's rows, not from the sub-page bar; `paramList` is the
 *   API list (under the item's path) whose rows' ids fill the parameter. `path`: its own path under
 *   the tab or `overall/` when it is not its id (activity's `checkin/:slotid?`); `lists` then names
 *   where each parameter's values come from, as an ItemPage's.
 * @typedef {{ id: string, path: string, labelKey: string, action?: Action, module: string, lists?: Record<string, string>, summary?: string }} ItemPage
 *   A page of an item outside the tab bar, at its own `path` under the item (spec 000 §2.5
 *   `identification/{transactionid?}`…); `lists` names, per path parameter, the API list under
 *   the item whose rows' ids fill it (`{param}` in it: that parameter's value); `summary` the
 *   key of its figures on the overall landing page (overall pages use their id).
 * @typedef {{ key: string, labelKey: string, sortable?: boolean, kind?: "text"|"code"|"ref"|"publish"|"display"|"date"|"image"|"active"|"label", labelPrefix?: string }} Column
 *   `active`: an account's state (active / inactive); `label`: a code shown as the key `{labelPrefix}{value}`.
 * @typedef {{ name: string, labelKey: string, kind: "text"|"textarea"|"select"|"multiselect"|"checkbox"|"password"|"email"|"tel"|"date"|"datetime"|"number"|"decimal"|"hidden"|"account", source?: string, on?: "create"|"edit", feature?: Feature, call?: { path: string, key: string }, sourceByType?: boolean, noneKey?: string, helpKey?: string, showWhen?: { field: string, values: string[] } }} FormField
 *   `showWhen`: shown only while the form's field `field` holds one of `values` (a checkbox: "on"),
 *   and while that field is shown itself: a choice's own fields (an assignment's expiry date only
 *   with "until a date"). Not shown, it is not posted; without JavaScript the choice's "show its
 *   fields" button (intent `choose`) brings the form back as typed with its fields (docs/decisions/075).
 *   `source`: a filter list, "category-tree", "tag-extra", `code:{name}` (a code list), or a list's
 *   full API path when it lives beside its data (`dashboard/location/filter/`, docs/decisions/039).
 *   `on: "create"`: the field is on the create page only (a password, a kind chosen once); `"edit"`:
 *   on the information tab only (a field saved by its own call, which needs the item's id).
 *   `helpKey`: a text shown under the field, saying what the setting does.
 *   `feature`: the config switch(es) the field exists by (docs/decisions/020): off, it is neither
 *   shown nor posted.
 *   `account`: one account among all of them, searched (app/lms/account-field.server.ts): its
 *   `source` is an account list taking `search` and `id_list` (its query applies to the search),
 *   `noneKey` labels the "no account" choice. `sourceByType`: the source answers only those who may
 *   see the type (a playlist's owner choices), not every dashboard user.
 *   `call`: the field is not part of the item's own PATCH but sent by its own call after it, as
 *   spec 002 §7 names one (`{id}` the item's id; the body `{[key]: value}`, blank → null): the
 *   class's event zone, `location/zone/event/{id}/` with `zone` (docs/decisions/043).
 * @typedef {{
 *   key: string, segment: string, param: string, api: string, module: string, labelKey: string, nounKey: string, i18n: string[], menuSection: string,
 *   listModule?: string, createModule?: string, detailModule?: string, cancelKind?: string | { field: string, kinds: Record<string, string> }, schema: string, viewScopes?: string[], administeredBy?: "group", grantedBy?: "learning_playlist",
 *   columns: Column[], filters: string[], filterSources: Record<string, string>, defaultOrdering: string, fields: FormField[],
 *   defaultTab: string, tabs: Tab[], overall: Tab[], feature?: Feature, overallIndex?: Tab, pages?: ItemPage[],
 *   publish?: boolean, cover?: boolean, deletable?: boolean, nameFields?: string[], codeField?: string,
 *   filterCodes?: Record<string, string>, listPages?: ListPage[], listScreens?: string[], listExport?: string, searchKey?: string,
 *   readOnly?: { noticeKey: string, atField?: string, refusalKey: string, reason?: { field: string, key: string } }, createDefaults?: Record<string, string>, coverUnpublishes?: boolean,
 *   permissionKeys?: { title: string, intro: string }, library?: { of: string }
 * }} ContentType
 *   `library`: a content library type (library.js, docs/decisions/071): `of` the organisation's type it repeats.
 *   `grantedBy`: its items grant roles to the accounts they name (a playlist's owner and
 *   collaborators, docs/decisions/102): the guard `granted_{kind}` passes its view and change pages
 *   too, and each item's page asks the API what that item grants (GET {api}{id}/grant/).
 *   `permissionKeys`: the permission tab's title and intro in the type's namespace, for a type whose
 *   rules grant something other than seeing and enrolling (a test bank: who may use it).
 *   `coverUnpublishes: false`: removing its cover image leaves it published (a class program).
 *   `createDefaults`: what the create form shows before the user changes it (form values: a
 *   ticked box is "on"), where the spec gives a default (a class's check-in options).
 *   The traits of a kind without them (master.js): `publish: false` (no publish panel, badge or
 *   show/hide), `cover: false` (no image), `deletable: false`; `nameFields` / `codeField` name a
 *   row without `name` / `code` (a user: first and last name, username); `filterCodes` the list
 *   filters whose options are a code list (app/lms/code-options.ts), not a filter list;
 *   `listPages` the pages beside the list; `listScreens` ids of screens (screens.js) the list links to;
 *   `listExport` the id of the resource screen (screens.js) that exports the list as xlsx/csv;
 *   `searchKey` the list search's placeholder when it looks in more than name and code.
 *   `readOnly`: its items can become read-only for good (a cancelled class, docs/decisions/040):
 *   an item the API answers with `is_read_only: true` has no publish panel (its publish action
 *   refuses with `refusalKey`) and shows `noticeKey` above its tabs, with `{{date}}` the item's
 *   `atField` (when it became so), and `reason.key` with `{{reason}}` its `reason.field` (why) when set.
 * @typedef {{ id: string, path: string, labelKey: string, module: string, action?: Action, flag?: string, menu?: boolean, under?: string, params?: Record<string, { api: string }>, post?: Record<string, string>, query?: Record<string, string>, paramFilter?: { param: string, filter: string } }} ListPage
 *   A page beside a type's list, `{segment}/{path}` (the user area's departments, levels,
 *   history): guarded by the type's flag for `action`, or by its own `flag` (departments have
 *   their own module); `menu`: listed in the type's menu section too; `under`: linked from that
 *   list page's header instead of the list's. A path parameter (one department's page) needs
 *   `params`: the API list whose first id the route tests request (route-manifest.js
 *   ParamSource); such a page is reached from rows, never linked. `post`: what its action needs
 *   per form intent, a flag (as a screen's `post`), since its flag may not be the type's.
 *   `query`: list filters the page sets (routes/content.list-filtered.tsx: a playlist's public
 *   list is the list with `playlist_type=2`); `paramFilter`: its optional path parameter `param`,
 *   when given, sets the filter `filter` instead (a person's playlists: `owner`).
 *   `i18n`: the type's own dictionary namespaces (contract/i18n/{ns}.*.json), which its pages render
 *   beside the engine's (app/i18n/namespaces.ts); the first holds its nouns and its own tab labels.
 *   Its menu label (`labelKey`) is the shell's, as the menu is on every page.
 *   `nounKey`: the dictionary key of the type's noun as the engine's texts say it ("course"), in
 *   its first namespace; with it `{nounKey}_title` ("Course", a sentence's first word), `_a` ("a
 *   course"), `_a_title` ("A course") and `_plural_title` ("Courses"). Engine texts name the type
 *   by `{{noun}}`, `{{Noun}}`, `{{a_noun}}`, `{{A_noun}}` and `{{Nouns}}`, which the engine's
 *   translator fills (app/components/content/use-content-translation.ts).
 */

export {};

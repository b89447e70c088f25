import { adminGuards, alsoFlags, contentFlag } from "./content.js";
import { contentRoutes } from "./content-routes.js";
import { REGISTRY_TYPES } from "./types.js";
import { SCREENS } from "./menu.js";

/**
 * THE list of the site's routes, with the guard of each: routes.table.js defines exactly these
 * (nothing else), the permission matrix tests (tests/e2e/permission-matrix.spec.ts,
 * tests/api/permission-matrix.test.ts) walk them, and tests/unit/route-manifest.test.ts checks
 * that every guard is a real flag. The one-off pages are listed here once; registry screens and
 * content routes come from the registries (menu.js, content.js). Plain JS: remix.config.js loads
 * it as is, the app and the tests import it.
 *
 * A guard is a permission flag (contract/permissions.ts), "public" (anyone) or "signed-in" (any
 * session, no flag: the terms pages). A route's `post` says what its action needs, per form
 * `intent` ("" when the action reads none): a flag, "public" or "signed-in".
 *
 * @typedef {"public" | "signed-in" | string} Guard
 * @typedef {{
 *   id: string, parentId: string | null, path: string, index?: boolean, module: string,
 *   url: string, guard: Guard, layout?: boolean, example?: string,
 *   params?: Record<string, ParamSource>, post?: Record<string, Guard>, contentType?: string, alsoBy?: string[], postAlsoBy?: Record<string, string[]>
 * }} ManifestRoute
 *   `alsoBy`: flags that pass the guard too (a content type's view scopes, content.js alsoFlags);
 *   `postAlsoBy`: per intent, the guards that pass it besides its flag (content.js adminGuards).
 *   `url`: the full URL pattern. `layout`: a layout without a page of its own (its URL is served by
 *   a child). `example`: the URL to request, when the pattern has no parameter to fill from data.
 *   `params`: where each route parameter's value comes from at test time (ParamSource).
 * @typedef {string | { list: string, of: string, type?: string } | { api: string }} ParamSource
 *   A content type key: the id of an item of that type (the first the API lists). `{list, of}`:
 *   the id of a row of the API list `list` under the item named by parameter `of`
 *   (`{type.api}{of}/{list}`, e.g. a course's permission rules); a `{name}` in `list` is the
 *   value of the route's parameter `name`, filled first (a row under a row). `{list, of, type}`: such a row that is an item of content type `type`
 *   (a program's class, content.js mounts), whose own rows are read under that type's API path.
 *   `{api}`: the first
 *   id of that API list, on its own (a list page's row: a department, content.js ListPage).
 */

export const PUBLIC = "public";
export const SIGNED_IN = "signed-in";
/** The shell's guard: nobody without it uses the signed-in dashboard (spec 000 §4). */
export const DASHBOARD_GUARD = "dashboard_view_dashboard";

/**
 * What the action of each generic content module needs, per form intent: a content action, whose
 * flag is the content type's (`{module}_{action}_{module}`). A route module with an action and
 * no entry here (or `post` below) fails the unit test.
 */
const CONTENT_POSTS = {
  "routes/content.list.tsx": { toggle: "publish", delete: "delete" },
  // `find`: an account field's search (app/lms/account-field.server.ts), which saves nothing; `choose`:
  // a choice's fields asked for without JavaScript (components/content/field-choices.tsx), nor does it.
  "routes/content.create.tsx": { "": "add", find: "add", choose: "add" },
  "routes/content.detail.tsx": { publish: "publish", unpublish: "publish", schedule: "publish" },
  "routes/content.tab-form.tsx": {
    save: "change",
    "upload-image": "change",
    "remove-image": "change",
    find: "change",
    choose: "change",
  },
  "routes/content.overall-enroll.tsx": {
    "enroll-list": "learner",
    "enroll-department": "learner",
    "enroll-group": "learner",
    import: "learner",
    search: "learner",
    browse: "learner",
  },
  "routes/content.overall-progress.tsx": { change: "progress" },
  "routes/content.overall-bulk.tsx": { apply: "progress" },
  "routes/content.curriculum.tsx": Object.fromEntries(
    [
      "add-section",
      "edit-section",
      "move-section",
      "toggle-section",
      "delete-section",
      "add-material",
      "edit-material",
      "move-material",
      "toggle-material",
      "delete-material",
    ].map((intent) => [intent, "change"]),
  ),
  "routes/content.curriculum-identification.tsx": { save: "change" },
  "routes/content.enrollment.tsx": { save: "enrollment" },
  "routes/content.enrollment-identification.tsx": { save: "enrollment" },
  "routes/content.enrollment-prerequisite.tsx": { add: "enrollment", remove: "enrollment" },
  "routes/content.permission.tsx": { create: "change", update: "change", delete: "change" },
  "routes/content.permission-admin.tsx": { add: "change", remove: "change" },
  "routes/content.permission-condition.tsx": { save: "change" },
  // Taking a library item (docs/decisions/071): the library's view flag here; the action and the
  // API also ask the organisation type's add flag, which is not the page's type's.
  "routes/library.take.tsx": { take: "view" },
  // The master data kinds' own tabs (docs/decisions/035): a group's members and condition (its
  // preview counts without saving, yet sends the condition: the change flag), a provider's highlights.
  "routes/group.member.tsx": { add: "change", remove: "change" },
  "routes/group.condition.tsx": { save: "change", preview: "change" },
  "routes/provider.highlight.tsx": {
    create: "change",
    update: "change",
    delete: "change",
    "upload-image": "change",
    "remove-image": "change",
  },
  // A location's rooms (docs/decisions/039): written with the location's change flag, as the API does.
  "routes/location.room.tsx": { create: "change", update: "change", delete: "change" },
  // The extra tabs and overall pages (docs/decisions/012).
  ...Object.fromEntries(
    ["routes/content.tab-competency.tsx", "routes/content.tab-survey.tsx", "routes/content.tab-gamification.tsx"].map(
      (m) => [m, { create: "change", update: "change", delete: "change" }],
    ),
  ),
  "routes/content.tab-budget.tsx": { save: "change", "add-row": "change" },
  "routes/content.tab-budget-actual.tsx": { save: "change", "add-row": "change" },
  "routes/content.tab-budget-price.tsx": { save: "change" },
  // The sequence of a learning path or an onboarding plan (docs/decisions/099).
  "routes/content.sequence.tsx": { create: "change", update: "change", delete: "change" },
  // A playlist's collaborators (docs/decisions/102): the API asks more (its owner, an admin, or the change flag).
  "routes/learning-playlist.collaborator.tsx": { create: "change", update: "change", delete: "change" },
  "routes/content.tab-ecertificate.tsx": {
    save: "certificate",
    "upload-image": "certificate",
    "remove-image": "certificate",
  },
  // Activity's own screens (docs/decisions/023).
  "routes/activity.checklist.tsx": { create: "change", delete: "change" },
  "routes/activity.checklist-item.tsx": { save: "change", "add-inspector": "change", "remove-inspector": "change" },
  "routes/activity.checklist-inspector.tsx": { "add-inspector": "change", "remove-inspector": "change" },
  "routes/activity.slot-verify.tsx": { verify: "progress" },
  "routes/activity.overall-checkin.tsx": { checkin: "progress" },
  // Class's own screens (docs/decisions/040): sessions written, deleted, and the class cancelled with the change flag, as the API asks.
  "routes/class.curriculum.tsx": { delete: "change" },
  "routes/class.session-create.tsx": { save: "change" },
  "routes/class.session-edit.tsx": { save: "change" },
  "routes/class.cancel.tsx": { cancel: "change" },
  // A session's live details and materials (docs/decisions/045): the change flag, as the API asks.
  "routes/class.session-live.tsx": { save: "change", live: "change" },
  "routes/class.session-material.tsx": { create: "change", delete: "change" },
  // A session's learners checked in or out by hand: the progress flag, as the API asks (docs/decisions/042).
  // …and by scanning a learner's personal code (docs/decisions/046): the same flag.
  "routes/class.checkin.tsx": { checkin: "progress", scan: "progress" },
  // A learner's sessions (enrollment flag) and a program class's terms (change flag): docs/decisions/046, 047.
  "routes/class.learner-session.tsx": { save: "enrollment" },
  "routes/class.terms.tsx": { save: "change" },
  "routes/content.overall-discussion.tsx": Object.fromEntries(
    ["hide", "show", "delete"].flatMap((a) => ["thread", "reply"].map((k) => [`${a}-${k}`, "change"])),
  ),
  // A user's profile tab (docs/decisions/034).
  "routes/user.profile.tsx": { activate: "change", deactivate: "change" },
  // A learner's credit topped up or taken back: the account's transaction flag, as the API asks (docs/decisions/075).
  "routes/user.credit.tsx": { "": "transaction" },
  // Assignment, auto-assignment and suggestion tabs (docs/decisions/051–053): the kind's change
  // flag (assignment or suggestion module), as the API asks.
  "routes/assignment.content.tsx": {
    add: "change",
    remove: "change",
    "add-rule": "change",
    "remove-rule": "change",
    "match-rules": "change",
  },
  "routes/assignment.learner.tsx": {
    save: "change",
    "add-account": "change",
    "remove-account": "change",
    cancel: "change",
    approve: "change",
    fail: "change",
  },
  "routes/assignment.preview.tsx": { assign: "change" },
  "routes/assignment.progress.tsx": { change: "change" },
  // A form's sections and questions (both kinds of form), a flow's steps (docs/decisions/056, 057).
  ...Object.fromEntries(
    ["routes/request-form.section.tsx", "routes/request-form.section-item.tsx", "routes/approval-flow.step.tsx"].map(
      (m) => [m, { create: "change", update: "change", delete: "change", move: "change" }],
    ),
  ),
  // A flow's learner condition (docs/decisions/060): the flow's change flag, as the API asks.
  "routes/approval-flow.condition.tsx": { save: "change" },
  // A survey's domain (docs/decisions/062): the survey's change flag, as the API asks.
  "routes/survey.domain.tsx": { save: "change" },
  // A live's questions marked answered or hidden (docs/decisions/066): its change flag, as the API asks.
  "routes/live.question.tsx": { answer: "change", reopen: "change", hide: "change", show: "change" },
  // Media (docs/decisions/069): the information tab's form and file, a flash card set's cards and a learner's card.
  "routes/media.information.tsx": {
    save: "change",
    find: "change",
    "media-file": "change",
    "media-file-remove": "change",
  },
  "routes/media.cards.tsx": { add: "change", edit: "change", delete: "change" },
  "routes/media.ugc-item.tsx": { save: "change", approve: "change", reject: "change" },
  // A bank's usage requests (docs/decisions/063): deciding needs the bank's change flag; asking, its
  // view (the API also asks for the test change flag, the page shows the form only with it).
  "routes/testbank.overall-usage.tsx": { approve: "change", reject: "change", request: "view" },
  // A test's fill-in answers marked and its attempts approved (docs/decisions/065): the progress flag, as the API asks.
  "routes/test-overall.slot-verify.tsx": { verify: "progress" },
  "routes/test-overall.approval.tsx": { approve: "progress", reject: "progress" },
  // A test's settings, sections, questions (a bank's too) and draws (docs/decisions/064): the item's change flag, as the API asks.
  "routes/test.setting.tsx": { setting: "change" },
  "routes/test.section.tsx": { create: "change", save: "change", move: "change", delete: "change" },
  "routes/test.draw.tsx": { save: "change", delete: "change" },
  "routes/test-question.editor.tsx": {
    create: "change",
    save: "change",
    move: "change",
    delete: "change",
    "choice-add": "change",
    "choice-save": "change",
    "choice-delete": "change",
  },
};

const ANY_POST_PUBLIC = { "": PUBLIC };

/** A route of the tree below: id, path relative to its parent, module, guard, and extras. */
const page = (id, path, module, guard, extra = {}) => ({ id, path, module, guard, ...extra });

/** The guards besides each intent's flag that pass it (content.js adminGuards): `{ postAlsoBy }`, or nothing. */
function postAlso(type, posts, flagOnly) {
  const also = Object.entries(posts).flatMap(([intent, action]) => {
    const guards = adminGuards(type, action, { flagOnly });
    return guards.length ? [[intent, guards]] : [];
  });
  return also.length ? { postAlsoBy: Object.fromEntries(also) } : {};
}

/** The registry's content routes (content.js), with their params and their actions' flags. */
function contentPages() {
  const convert = (r) => {
    const type = REGISTRY_TYPES.find((t) => t.key === r.type);
    const posts = CONTENT_POSTS[r.module];
    return page(r.id, r.path, r.module, r.flag, {
      contentType: type.key,
      ...(r.alsoBy ? { alsoBy: r.alsoBy } : {}),
      paramOf: {
        // A mounted type's item is a row of its parent's list (a program's classes, mounts.js),
        // an item of its own type: the rows below it are read under its own API path.
        ...(r.mountedIn
          ? { [r.mountParam]: r.mountedIn, [type.param]: { list: r.mountList, of: r.mountParam, type: type.key } }
          : { [type.param]: type.key }),
        ...(r.param ? { [r.param]: { list: r.paramList, of: type.param } } : {}),
        ...Object.fromEntries(Object.entries(r.lists ?? {}).map(([name, list]) => [name, { list, of: type.param }])),
        // A list page's own parameters ({api}: ParamSource).
        ...(r.params ?? {}),
      },
      ...(posts
        ? {
            post: Object.fromEntries(
              Object.entries(posts).map(([intent, action]) => [intent, contentFlag(type, action)]),
            ),
          }
        : {}),
      ...(posts ? postAlso(type, posts, r.flagOnly) : {}),
      // A list page names its intents' flags itself (content.js ListPage `post`).
      ...(!posts && r.post ? { post: r.post } : {}),
      ...(r.children ? { children: r.children.map(convert) } : {}),
    });
  };
  return contentRoutes(REGISTRY_TYPES).map(convert);
}

/**
 * The class's QR print page and PDF (guard: the class's view flag; regenerating a code, a page of
 * its own that asks to confirm: its change flag) and the check-in address a code leads to: any signed-in account, learners included — they
 * have no dashboard flag (docs/decisions/042). The two pages are the class's content pages, for the
 * texts they carry (the route smoke allows a page its own type's namespaces only).
 */
function classQrPages() {
  const type = REGISTRY_TYPES.find((t) => t.key === "class");
  const view = contentFlag(type, "view");
  const also = alsoFlags(type, "view");
  const guarded = { paramOf: { classid: type.key }, ...(also.length ? { alsoBy: also } : {}) };
  return [
    page(
      "print-class-qrcode",
      "print/portrait/class/:classid/qrcode/:checkinid?",
      "routes/print.class-qrcode.tsx",
      view,
      { ...guarded, contentType: type.key },
    ),
    // Regenerating a session's code asks to confirm on a page of its own (docs/decisions/077): the change flag.
    page(
      "print-class-qrcode-regenerate",
      "print/portrait/class/:classid/qrcode/:checkinid/regenerate",
      "routes/print.class-qrcode-regenerate.tsx",
      contentFlag(type, "change"),
      {
        paramOf: { classid: type.key, checkinid: { list: "checkin/", of: "classid" } },
        ...(alsoFlags(type, "change").length ? { alsoBy: alsoFlags(type, "change") } : {}),
        contentType: type.key,
        post: { regenerate: contentFlag(type, "change") },
      },
    ),
    // A file, not a document: no content type, so the page smoke does not look for its heading.
    page(
      "print-class-qrcode-pdf",
      "print/portrait/class/:classid/qrcode-pdf/:checkinid?",
      "routes/print.class-qrcode-pdf.tsx",
      view,
      guarded,
    ),
    // The learners' personal codes when they hold the code (docs/decisions/046).
    page(
      "print-class-learner-qrcode",
      "print/portrait/class/:classid/learner-qrcode",
      "routes/print.class-learner-qrcode.tsx",
      view,
      { ...guarded, contentType: type.key },
    ),
    page("checkin", "checkin/:code", "routes/checkin.tsx", SIGNED_IN, {
      contentType: type.key,
      example: "/dashboard/checkin/0.1.not-a-code",
      post: { "": SIGNED_IN },
    }),
  ];
}

/** The whole route tree, in definition order (which routes.table.js keeps). */
const TREE = [
  page("site-index", "", "routes/site-index.tsx", PUBLIC, { index: true, example: "/" }),
  page("dashboard", "dashboard", "routes/dashboard.tsx", PUBLIC, {
    layout: true,
    children: [
      page("health", "health", "routes/health.tsx", PUBLIC),
      // One dictionary namespace for a client navigation (docs/decisions/024): public, as the dictionaries are.
      page("locales", "locales/:lng/:ns", "routes/locales.tsx", PUBLIC, { example: "/dashboard/locales/en/ui" }),
      // The shell-only document route `npm run bench` measures (root and nothing else), beside the bare Remix page.
      page("bench-minimal", "bench/minimal", "routes/bench-minimal.tsx", PUBLIC),
      // Plain-unauthenticated layout: sign-in and account recovery.
      page("account-signin", "account/signin", "routes/account.signin.tsx", PUBLIC, { post: ANY_POST_PUBLIC }),
      page("account-login", "account/login", "routes/account.signin.tsx", PUBLIC, { post: ANY_POST_PUBLIC }),
      page("account-logout", "account/logout", "routes/account.logout.tsx", PUBLIC, { post: ANY_POST_PUBLIC }),
      // Leaving a login-as (docs/decisions/033): any session may ask; the API says whether it was acting.
      page("login-as-leave", "login-as/leave", "routes/login-as.leave.tsx", SIGNED_IN, { post: { "": SIGNED_IN } }),
      // The resumable-upload relay to the API's tus endpoint (docs/decisions/068): the API checks session, CSRF, flags and address.
      page("upload", "upload/*", "routes/upload.$.tsx", SIGNED_IN, {
        example: "/dashboard/upload/",
        post: { "": SIGNED_IN },
      }),
      page("account-language", "account/language", "routes/account.language.tsx", PUBLIC, { post: ANY_POST_PUBLIC }),
      page("account-forgot-password", "account/forgot-password/:step?", "routes/account.forgot-password.tsx", PUBLIC, {
        post: ANY_POST_PUBLIC,
      }),
      page("account-checkmail", "account/checkmail", "routes/account.checkmail.tsx", PUBLIC),
      page("account-reset-password", "account/reset-password", "routes/account.reset-password.tsx", PUBLIC, {
        post: ANY_POST_PUBLIC,
      }),
      page("account-changedpass", "account/changedpass", "routes/account.changedpass.tsx", PUBLIC),
      page("account-validate", "account/validate", "routes/account.validate.tsx", PUBLIC, { post: ANY_POST_PUBLIC }),
      // Plain-authenticated layout: documents a signed-in user reads and accepts.
      page("privacy-data", "privacy-data/:page/:id?", "routes/privacy-data.tsx", SIGNED_IN, {
        example: "/dashboard/privacy-data/terms",
        post: { "": SIGNED_IN },
      }),
      // Print pages (spec 000 §2.13): their own plain layout, outside the shell. A class's check-in
      // QR sheets (docs/decisions/042 "QR code"): the page, and the same sheets as a PDF (a resource route).
      ...classQrPages(),
      page("error", "error/:status?", "routes/error.tsx", PUBLIC, { example: "/dashboard/error/404" }),
      // Default authenticated layout: header, menu, footer around every registry screen.
      page("shell", "", "routes/shell.tsx", DASHBOARD_GUARD, {
        layout: true,
        children: [
          ...SCREENS.map((s) =>
            page(s.id, s.path, s.module, s.flag, {
              ...(s.index ? { index: true } : {}),
              ...(s.post ? { post: s.post } : {}),
              ...(s.example ? { example: s.example } : {}),
              ...(s.params ? { paramOf: s.params } : {}),
              ...(s.contentType ? { contentType: s.contentType } : {}),
              // Guards that pass the page and its intents besides their flags (a flow's deciders: docs/decisions/074).
              ...(s.also ? { alsoBy: s.also } : {}),
              ...(s.postAlso ? { postAlsoBy: s.postAlso } : {}),
            }),
          ),
          ...contentPages(),
        ],
      }),
      page("dashboard-not-found", "*", "routes/not-found.tsx", PUBLIC, { example: "/dashboard/no-such-page" }),
    ],
  }),
  page("media", "api/media/*", "routes/media.tsx", PUBLIC, { example: "/api/media/none.png" }),
  page("site-not-found", "*", "routes/not-found.tsx", PUBLIC, { example: "/no-such-page" }),
];

const joinUrl = (base, path) => (path ? `${base.replace(/\/$/, "")}/${path}` : base);

/** @returns {ManifestRoute[]} the tree flattened, parents before their children. */
function flatten(nodes, parentId, base) {
  return nodes.flatMap(({ children, paramOf, ...node }) => {
    // An index route answers at its parent's URL with the trailing slash (/dashboard/ is the home).
    const url = node.index ? (base.endsWith("/") ? base : `${base}/`) : joinUrl(base, node.path);
    const own = /** @type {ManifestRoute} */ ({ ...node, parentId, url, ...(paramOf ? { params: paramOf } : {}) });
    return [own, ...(children ? flatten(children, node.id, url) : [])];
  });
}

/** @type {ManifestRoute[]} */
export const ROUTE_MANIFEST = flatten(TREE, null, "/");

/** The children of a route (null: the top level), in definition order. */
export const childrenOf = (parentId) => ROUTE_MANIFEST.filter((r) => r.parentId === parentId);

/** The routes a request can reach on its own (layouts are reached through their children). */
export const pageRoutes = () => ROUTE_MANIFEST.filter((r) => !r.layout);

/** The ancestors of a route, nearest first. */
export function ancestorsOf(route, manifest = ROUTE_MANIFEST) {
  const out = [];
  for (let p = manifest.find((r) => r.id === route.parentId); p; p = manifest.find((r) => r.id === p.parentId))
    out.push(p);
  return out;
}

/**
 * The parameters a route's URL needs, in the order they appear (optional ones left out).
 * @param {ManifestRoute} route
 * @returns {string[]}
 */
export const requiredParams = (route) =>
  route.url
    .split("/")
    .filter((s) => s.startsWith(":") && !s.endsWith("?"))
    .map((s) => s.slice(1));

/**
 * The URL to request for a route: its `example`, or its pattern with each required parameter
 * filled from `values` (parameter name → value, found from `params`), optional ones left out.
 * @param {ManifestRoute} route
 * @param {Record<string, number | string>} [values]
 */
export function exampleUrl(route, values = {}) {
  if (route.example) return route.example;
  const segments = route.url.split("/").filter((s) => !s.endsWith("?"));
  return (
    segments
      .map((s) => {
        if (!s.startsWith(":") && s !== "*") return s;
        const value = values[s.slice(1)];
        if (value === undefined) throw new Error(`route ${route.id}: no value for ${s} (give it params or an example)`);
        return String(value);
      })
      .join("/") || "/"
  );
}

/**
 * What is wrong with a manifest (empty when nothing): unknown guards, routes inside the shell
 * that are not flag-guarded, pages without a URL to request, duplicate ids.
 * @param {ManifestRoute[]} manifest
 * @param {(name: string) => boolean} isFlag contract/permissions.ts
 * @returns {string[]}
 */
export function manifestProblems(manifest, isFlag) {
  const problems = [];
  const ids = new Set();
  const isGuard = (g) => g === PUBLIC || g === SIGNED_IN || (typeof g === "string" && isFlag(g));
  for (const r of manifest) {
    if (ids.has(r.id)) problems.push(`${r.id}: duplicate route id`);
    ids.add(r.id);
    if (!isGuard(r.guard))
      problems.push(
        `${r.id} (${r.url}): guard ${JSON.stringify(r.guard)} is not a permission flag, "public" or "signed-in"`,
      );
    for (const [intent, g] of Object.entries(r.post ?? {})) {
      if (!isGuard(g))
        problems.push(
          `${r.id} (${r.url}): POST intent "${intent}" guard ${JSON.stringify(g)} is not a permission flag, "public" or "signed-in"`,
        );
    }
    const inShell = ancestorsOf(r, manifest).some((a) => a.id === "shell");
    if (inShell && !isFlag(r.guard))
      problems.push(
        `${r.id} (${r.url}): a signed-in dashboard screen must be guarded by a permission flag, not ${JSON.stringify(r.guard)}`,
      );
    if (inShell)
      for (const [intent, g] of Object.entries(r.post ?? {})) {
        if (!isFlag(g))
          problems.push(
            `${r.id} (${r.url}): POST intent "${intent}" of a dashboard screen must need a permission flag, not ${JSON.stringify(g)}`,
          );
      }
    if (r.id === "shell" && r.guard !== DASHBOARD_GUARD) problems.push(`shell: guard must be ${DASHBOARD_GUARD}`);
    if (!r.layout) {
      for (const s of r.url.split("/")) {
        const required = (s.startsWith(":") && !s.endsWith("?")) || s === "*";
        const source = r.params?.[s.slice(1)];
        if (required && !r.example && !source) problems.push(`${r.id} (${r.url}): ${s} needs params or an example`);
        if (source && typeof source === "object" && "api" in source) {
          if (typeof source.api !== "string" || !/^[\w-]+(\/[\w-]+)*\/$/.test(source.api))
            problems.push(`${r.id} (${r.url}): ${s}'s API list must be a path ending in /`);
          continue;
        }
        if (source && typeof source === "object" && (!source.list || !r.params?.[source.of]))
          problems.push(`${r.id} (${r.url}): ${s} needs a list and the parameter it lies under`);
        for (const [, inner] of source && typeof source === "object" ? source.list.matchAll(/\{(\w+)\}/g) : []) {
          if (!r.params?.[inner])
            problems.push(`${r.id} (${r.url}): ${s}'s list names {${inner}}, which no parameter fills`);
        }
      }
    }
    if (r.layout && !manifest.some((c) => c.parentId === r.id)) problems.push(`${r.id}: a layout without children`);
  }
  for (const r of manifest)
    if (r.parentId !== null && !ids.has(r.parentId)) problems.push(`${r.id}: unknown parent ${r.parentId}`);
  return problems;
}

/**
 * The routes the content registry yields (content.js): each type's list, create and item layout
 * with its tabs, overall pages, item pages and aliases, and the same again under each type it is
 * mounted in (mounts.js). routes.table.js defines them; the permission matrix walks them.
 *
 * @typedef {import("./content-typedefs.js").Tab} Tab
 */
import { alsoFlags, builtTabs, contentFlag, CONTENT_TYPES } from "./content.js";
import { MOUNTS } from "./mounts.js";
import { aliasesOf } from "./aliases.js";

/**
 * A sub-page's path under its tab or overall page: its own `path`, else `:{param}/{id}` (one row's
 * page) or `{id}`.
 * @param {Tab} child
 */
const subPath = (child) => child.path ?? (child.param ? `:${child.param}/${child.id}` : child.id);

/**
 * Where a page's path parameters come from: `param`/`paramList` or `lists`.
 * @param {Tab} page
 */
const paramsOf = (page) => ({
  ...(page.param ? { param: page.param, paramList: page.paramList } : {}),
  ...(page.lists ? { lists: page.lists } : {}),
});

/**
 * Every route the registry yields: id, URL path under /dashboard/, module, the flag that guards it
 * and the content type. routes.table.js defines them; the permission matrix test walks them.
 */
export function contentRoutes(types = CONTENT_TYPES) {
  return routesOf(types).map((r) => withAlso(r, types));
}

/** A route and its children with the flags that also pass its guard (alsoFlags). */
function withAlso(route, types) {
  const type = types.find((t) => t.key === route.type);
  const action = route.flag.slice(type.module.length + 1, -(type.module.length + 1));
  const also = alsoFlags(type, action, { flagOnly: route.flagOnly });
  return {
    ...route,
    ...(also.length ? { alsoBy: also } : {}),
    ...(route.children ? { children: route.children.map((c) => withAlso(c, types)) } : {}),
  };
}

function routesOf(types) {
  const out = [];
  for (const type of types) {
    const base = type.segment;
    const item = `${base}/:${type.param}`;
    if (type.listModule)
      out.push({
        id: `${type.key}.list`,
        path: base,
        module: type.listModule,
        flag: contentFlag(type, "view"),
        type: type.key,
      });
    for (const page of type.listPages ?? []) {
      out.push({
        id: `${type.key}.list.${page.id}`,
        path: `${base}/${page.path}`,
        module: page.module,
        flag: page.flag ?? contentFlag(type, page.action ?? "view"),
        type: type.key,
        listPage: page.id,
        ...(page.params ? { params: page.params } : {}),
        ...(page.post ? { post: page.post } : {}),
      });
    }
    if (type.createModule)
      out.push({
        id: `${type.key}.create`,
        path: `${base}/create`,
        module: type.createModule,
        flag: contentFlag(type, "add"),
        type: type.key,
      });
    if (type.detailModule) out.push(detailRoute(type, item, type.key, false));
    // The same create and item pages under each type it is mounted in (mounts.js): a class of a
    // program at class-program/:classprogramid/class/:classid/…, served by the same modules.
    for (const m of MOUNTS.filter((x) => x.child === type.segment)) {
      const parent = types.find((t) => t.segment === m.parent);
      if (!parent) continue;
      const under = `${parent.segment}/:${parent.param}/${m.path}`;
      const prefix = `${parent.key}.${type.key}`;
      const mounted = { mountedIn: parent.key, mountParam: parent.param, mountList: `${m.path}/` };
      if (type.createModule)
        out.push({
          id: `${prefix}.create`,
          path: `${under}/create`,
          module: type.createModule,
          flag: contentFlag(type, "add"),
          type: type.key,
          ...mounted,
        });
      if (type.detailModule) {
        const detail = detailRoute(type, `${under}/:${type.param}`, prefix, true);
        out.push({ ...detail, ...mounted, children: detail.children.map((c) => ({ ...c, ...mounted })) });
      }
    }
  }
  return out;
}

/**
 * An item's layout route at `path` with its tabs, overall pages and item pages as children, ids
 * under `idPrefix` (the type's key, or `{parent}.{type}` where it is mounted; `mounted`: its
 * `mountedOnly` tabs too).
 */
function detailRoute(type, path, idPrefix, mounted) {
  const detail = {
    id: `${idPrefix}.detail`,
    path,
    module: type.detailModule,
    flag: contentFlag(type, "view"),
    type: type.key,
    children: [],
  };
  for (const tab of builtTabs(type.tabs).filter((t) => mounted || !t.mountedOnly)) {
    // A tab's own `path` may carry an optional parameter (a class's `checkin/:checkinid?`, its `lists` the values).
    detail.children.push({
      id: `${idPrefix}.tab.${tab.id}`,
      path: tab.path ?? tab.id,
      module: tab.module,
      flag: contentFlag(type, tab.action ?? "view"),
      type: type.key,
      tab: tab.id,
      ...(tab.flagOnly ? { flagOnly: true } : {}),
      ...(tab.post ? { post: tab.post } : {}),
      ...(tab.lists ? { lists: tab.lists } : {}),
    });
    for (const child of tab.children) {
      const path = `${tab.id}/${subPath(child)}`;
      detail.children.push({
        id: `${idPrefix}.tab.${tab.id}.${child.id}`,
        path,
        module: child.module,
        flag: contentFlag(type, child.action ?? "view"),
        type: type.key,
        tab: tab.id,
        sub: child.id,
        ...paramsOf(child),
        ...(child.post ? { post: child.post } : {}),
      });
    }
  }
  for (const page of builtTabs(type.overall)) {
    detail.children.push({
      id: `${idPrefix}.overall.${page.id}`,
      path: `overall/${page.path ?? page.id}`,
      module: page.module,
      flag: contentFlag(type, page.action ?? "view"),
      type: type.key,
      overall: page.id,
      ...paramsOf(page),
    });
    // Sub-pages of an overall page are its siblings (overall/{page}/{child}), so the page
    // itself needs no <Outlet/> and a child without a component is a resource route. A child
    // with a `param` is one row's page: overall/{page}/:{param}/{child}.
    for (const child of page.children) {
      const path = `overall/${page.id}/${subPath(child)}`;
      detail.children.push({
        id: `${idPrefix}.overall.${page.id}.${child.id}`,
        path,
        module: child.module,
        flag: contentFlag(type, child.action ?? "view"),
        type: type.key,
        overall: page.id,
        sub: child.id,
        ...paramsOf(child),
      });
    }
  }
  if (type.overallIndex?.module)
    detail.children.push({
      id: `${idPrefix}.overall`,
      path: "overall",
      module: type.overallIndex.module,
      flag: contentFlag(type, type.overallIndex.action ?? "view"),
      type: type.key,
      overall: "index",
    });
  for (const page of type.pages ?? []) {
    detail.children.push({
      id: `${idPrefix}.page.${page.id}`,
      path: page.path,
      module: page.module,
      flag: contentFlag(type, page.action ?? "view"),
      type: type.key,
      page: page.id,
      ...(page.lists ? { lists: page.lists } : {}),
    });
  }
  // Spec addresses its pages serve under another path (aliases.js): a redirect with the page's guard.
  for (const alias of aliasesOf({
    tabs: builtTabs(type.tabs).filter((t) => mounted || !t.mountedOnly),
    overall: type.overall,
  })) {
    detail.children.push({
      id: `${idPrefix}.alias.${alias.id}`,
      path: alias.path,
      module: "routes/content.alias.tsx",
      flag: contentFlag(type, alias.action),
      type: type.key,
      alias: alias.id,
      ...(alias.lists ? { lists: alias.lists } : {}),
    });
  }
  return detail;
}

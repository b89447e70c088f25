import { childrenOf } from "./registry/route-manifest.js";

/**
 * The route table: every URL of the site and the module serving it, defined from the route
 * manifest (app/registry/route-manifest.js) and nothing else, so every route has a declared guard
 * and the permission matrix tests reach it. Everything lives under one layout route with path
 * `dashboard` (the classic compiler has no basename); the registry screens sit inside the shell
 * layout, the account, terms and error pages in the plain ones. Read by remix.config.js (plain JS).
 */
export function routes(defineRoutes) {
  return defineRoutes((route) => {
    const define = (parentId) => {
      for (const r of childrenOf(parentId)) {
        const options = r.index ? { index: true, id: r.id } : { id: r.id };
        const children = childrenOf(r.id);
        if (children.length) route(r.path, r.module, options, () => define(r.id));
        else route(r.path, r.module, options);
      }
    };
    define(null);
  });
}

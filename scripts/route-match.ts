import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import { ROUTE_MANIFEST, type ManifestRoute } from "../app/registry/route-manifest.js";

/**
 * Which routes of THE route list (app/registry/route-manifest.js) serve a dashboard URL,
 * outermost first, matched as Remix matches (@remix-run/router's matchRoutes): `npm run route`.
 */
type Node = AgnosticRouteObject & { route: ManifestRoute };

function tree(parentId: string | null): Node[] {
  return ROUTE_MANIFEST.filter((r) => r.parentId === parentId).map((r) => {
    const children = tree(r.id);
    return (
      r.index
        ? { id: r.id, index: true, route: r }
        : { id: r.id, path: r.path, route: r, ...(children.length ? { children } : {}) }
    ) as Node;
  });
}

export type RouteMatch = { route: ManifestRoute; params: Record<string, string> };

export function matchUrl(url: string): RouteMatch[] {
  const pathname = new URL(url, "http://localhost").pathname;
  return (matchRoutes(tree(null), pathname) ?? []).map((m) => ({
    route: (m.route as Node).route,
    params: Object.fromEntries(Object.entries(m.params).filter((e): e is [string, string] => e[1] !== undefined)),
  }));
}

/**
 * The route table: every dashboard URL and the module serving it. Read by remix.config.js.
 * Everything lives under one layout route with path `dashboard` (the classic compiler has no
 * basename). Plain JS because remix.config.js loads it without a TypeScript step.
 */
export function routes(defineRoutes) {
  return defineRoutes((route) => {
    route("", "routes/site-index.tsx", { index: true, id: "site-index" });
    route("dashboard", "routes/dashboard.tsx", { id: "dashboard" }, () => {
      route("", "routes/dashboard.index.tsx", { index: true, id: "dashboard-index" });
      route("*", "routes/not-found.tsx", { id: "dashboard-not-found" });
    });
    route("*", "routes/not-found.tsx", { id: "site-not-found" });
  });
}

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
      route("health", "routes/health.tsx", { id: "health" });
      route("account/signin", "routes/account.signin.tsx", { id: "account-signin" });
      route("account/login", "routes/account.signin.tsx", { id: "account-login" });
      route("account/logout", "routes/account.logout.tsx", { id: "account-logout" });
      route("privacy-data/:page/:id?", "routes/privacy-data.tsx", { id: "privacy-data" });
      route("error/:status?", "routes/error.tsx", { id: "error" });
      route("*", "routes/not-found.tsx", { id: "dashboard-not-found" });
    });
    route("*", "routes/not-found.tsx", { id: "site-not-found" });
  });
}

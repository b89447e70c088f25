import { contentRoutes } from "./registry/content.js";
import { SCREENS } from "./registry/menu.js";

/**
 * The route table: every dashboard URL and the module serving it. Read by remix.config.js.
 * Everything lives under one layout route with path `dashboard` (the classic compiler has no
 * basename). Signed-in screens come from the registries and sit inside the shell layout; the
 * account, terms and error pages use the plain layouts. Plain JS: remix.config.js loads it as is.
 */
export function routes(defineRoutes) {
  return defineRoutes((route) => {
    route("", "routes/site-index.tsx", { index: true, id: "site-index" });
    route("dashboard", "routes/dashboard.tsx", { id: "dashboard" }, () => {
      route("health", "routes/health.tsx", { id: "health" });
      // Plain-unauthenticated layout: sign-in and account recovery.
      route("account/signin", "routes/account.signin.tsx", { id: "account-signin" });
      route("account/login", "routes/account.signin.tsx", { id: "account-login" });
      route("account/logout", "routes/account.logout.tsx", { id: "account-logout" });
      route("account/language", "routes/account.language.tsx", { id: "account-language" });
      route("account/forgot-password/:step?", "routes/account.forgot-password.tsx", { id: "account-forgot-password" });
      route("account/checkmail", "routes/account.checkmail.tsx", { id: "account-checkmail" });
      route("account/reset-password", "routes/account.reset-password.tsx", { id: "account-reset-password" });
      route("account/changedpass", "routes/account.changedpass.tsx", { id: "account-changedpass" });
      route("account/validate", "routes/account.validate.tsx", { id: "account-validate" });
      // Plain-authenticated layout: documents a signed-in user reads and accepts.
      route("privacy-data/:page/:id?", "routes/privacy-data.tsx", { id: "privacy-data" });
      route("error/:status?", "routes/error.tsx", { id: "error" });
      // Default authenticated layout: header, menu, footer around every registry screen.
      route("", "routes/shell.tsx", { id: "shell" }, () => {
        for (const s of SCREENS) route(s.path, s.module, s.index ? { index: true, id: s.id } : { id: s.id });
        const define = (r) =>
          r.children ? route(r.path, r.module, { id: r.id }, () => r.children.forEach(define)) : route(r.path, r.module, { id: r.id });
        contentRoutes().forEach(define);
      });
      route("*", "routes/not-found.tsx", { id: "dashboard-not-found" });
    });
    route("api/media/*", "routes/media.tsx", { id: "media" });
    route("*", "routes/not-found.tsx", { id: "site-not-found" });
  });
}

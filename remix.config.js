import { routes } from "./app/routes.table.js";

// BUILD_DIR lets two builds live side by side (parallel test runs); default is the usual layout.
const dir = process.env.BUILD_DIR;

/** Remix v2, classic compiler, mounted under /dashboard/ (see ../shared/STACK.md). */
export default {
  ignoredRouteFiles: ["**/*"],
  routes,
  assetsBuildDirectory: dir ? `${dir}/assets` : "public/dashboard/build",
  publicPath: "/dashboard/build/",
  serverBuildPath: dir ? `${dir}/index.js` : "build/index.js",
  serverModuleFormat: "esm",
  serverDependenciesToBundle: [/^remix-i18next/, /^remix-utils/],
  tailwind: true,
  postcss: true,
  future: {
    v3_singleFetch: true,
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: false,
  },
};

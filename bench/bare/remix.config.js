/**
 * The bare Remix app of `npm run bench` (bench/build.ts builds it with this folder as its root):
 * the dashboard's Remix, React and future flags, the classic compiler, the framework's default
 * entry.client and entry.server, one route. Built into BUILD_DIR, by default .build-bench-bare/ at
 * the repository's root (gitignored and left out of lint there, like the dashboard's .build-bench/).
 */
import dashboard from "../../remix.config.js";

const dir = process.env.BUILD_DIR ?? "../../.build-bench-bare";

export default {
  ignoredRouteFiles: ["**/.*"],
  assetsBuildDirectory: `${dir}/assets`,
  publicPath: "/build/",
  serverBuildPath: `${dir}/index.js`,
  cacheDirectory: "../../.cache/bench-bare",
  serverModuleFormat: "esm",
  tailwind: false,
  postcss: false,
  // The dashboard's own flags, so both answer with the same machinery (single fetch and all).
  future: dashboard.future,
};

/**
 * The second half of `npm run build`: the dashboard's server (server/dashboard.ts) compiled to
 * plain JavaScript beside the app's build (`$BUILD_DIR/server.js`, default build/server.js), so
 * production runs it on Node alone. Under a TypeScript loader (tsx) the 2.7 MB app build was
 * transformed at every start and its source map kept: the process held twice the memory, and
 * the first error whose stack was read (a malformed form, an aborted API call) made Node parse
 * that map — hundreds of MB, which killed the process at its heap cap (issue 32, decision 073).
 * Plain `node`, no loader: `npm start`, the e2e suite and the bench all run this file.
 */
import path from "node:path";
import process from "node:process";
import { build } from "esbuild";

const dir = process.env.BUILD_DIR ?? "build";
await build({
  entryPoints: ["server/dashboard.ts"],
  outfile: path.join(dir, "server.js"),
  bundle: true,
  // Packages stay in node_modules (the app's build imports the same ones); only our own files are bundled.
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
});

/**
 * The dashboard's production server: remix-serve's parts (express, compression, static files with
 * immutable caching for the build) plus the one thing remix-serve cannot do — derive the client's
 * address and protocol from the socket and trusted proxies only (server/client-address.ts), so
 * the API is told the truth (docs/decisions/019). `npm start`, the e2e suite and the bench all
 * run it: `tsx server/dashboard.ts [build/index.js]`, PORT, HOST, TRUST_PROXY, BUILD_DIR.
 */
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import { broadcastDevReady, installGlobals, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { clientAddress, trustSetting } from "./client-address";
import { refuseCrossSitePosts } from "./cross-site";
import { drain, DRAIN_DELAY_MS, installReadiness, type Readiness } from "./drain";
import { remixHandler } from "./remix-handler";

const mode = process.env.NODE_ENV ?? "production";
const buildPath = path.resolve(process.argv[2] ?? `${process.env.BUILD_DIR ?? "build"}/index.js`);
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";

const importBuild = async (): Promise<ServerBuild> =>
  import(`${url.pathToFileURL(buildPath).href}?t=${fs.statSync(buildPath).mtimeMs}`);

let build = await importBuild();
installGlobals({ nativeFetch: build.future.v3_singleFetch });

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", trustSetting(process.env.TRUST_PROXY));
// Readiness (/dashboard/health/ready), 503 from SIGTERM on; liveness stays the Remix route (server/drain.ts).
const readiness: Readiness = { draining: false };
installReadiness(app, readiness);
app.use(clientAddress());
app.use(refuseCrossSitePosts());
// Documents come gzipped from entry.server already (a faster level); this compresses the rest.
app.use(compression());
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
app.use(express.static("public", { maxAge: "1h" }));

if (mode === "development") {
  // `remix dev --manual`: a new build replaces the old one without a restart.
  const { watch } = await import("chokidar");
  watch(path.resolve(buildPath, "..", "version.txt"), { ignoreInitial: true }).on("all", async () => {
    build = await importBuild();
    await broadcastDevReady(build);
  });
  app.all("*", (req, res, next) => remixHandler(build, mode)(req, res, next));
} else {
  app.all("*", remixHandler(build, mode));
}

const server = app.listen(port, host, () => {
  console.log(`[dashboard] http://${host}:${port}/dashboard/`);
  if (mode === "development") void broadcastDevReady(build);
});
// An idle kept-alive connection is closed by the server after this long. Node's 5 s is shorter
// than what clients and balancers keep one (HAProxy, browsers, undici: longer): a request they send
// on it as the server closes it is reset. Longer here, so the client always gives up first.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    if (readiness.draining) return;
    void drain(server, readiness, DRAIN_DELAY_MS).then(() => process.exit(0));
  });
}

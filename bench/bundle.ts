/**
 * What the browser downloads, read from the build: the manifest (public/dashboard/build/
 * manifest-*.js) names the entry and each route's module with its imports; every chunk's own
 * static imports are followed too, so a page's set is complete. Sizes are gzip bytes (level 6, as
 * remix-serve's compression sends them). Server-only packages are found by strings unique to
 * each one in any client chunk (the build has no source maps; when it has, their `sources` are
 * checked as well), and every signature is first proven on the package's own files.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

/** The routes each page kind renders (ids of app/routes.table.js). */
export const PAGE_KINDS: Record<string, string[]> = {
  minimal: ["root", "dashboard", "bench-minimal"],
  "sign-in": ["root", "dashboard", "account-signin"],
  list: ["root", "dashboard", "shell", "course.list"],
  detail: ["root", "dashboard", "shell", "course.detail", "course.tab.information"],
  form: ["root", "dashboard", "shell", "course.create"],
};

/** The bare Remix app's one page (bench/bare/): the framework's floor, React and Remix alone. */
export const BARE_PAGE = { kinds: { bare: ["root", "routes/_index"] }, publicPath: "/build/" };

/** Packages that must never reach the browser, each with a string only its code contains and a file of it that does. */
export const SERVER_ONLY: { name: string; signature: RegExp; proof: string }[] = [
  { name: "zod", signature: /ZodError/, proof: "zod/v4/core/errors.js" },
  { name: "exceljs", signature: /xl\/workbook\.xml/, proof: "exceljs/lib/xlsx/xlsx.js" },
  {
    name: "qrcode",
    signature: /The amount of data is too big to be stored in a QR Code/,
    proof: "qrcode/lib/core/qrcode.js",
  },
  { name: "kysely", signature: /SelectQueryNode/, proof: "kysely/dist/esm/operation-node/select-query-node.js" },
  { name: "better-sqlite3", signature: /better_sqlite3/, proof: "better-sqlite3/lib/database.js" },
  { name: "pg", signature: /SCRAM-SHA-256/, proof: "pg/lib/client.js" },
];

type Manifest = {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
};
export type BundleFigures = {
  pages: Record<string, { files: number; gzipBytes: number }>;
  serverOnly: { name: string; files: string[] }[];
};

/** Every signature matches its package's own code: a detector that finds nothing proves nothing. */
export function proveSignatures(nodeModules = "node_modules") {
  for (const p of SERVER_ONLY) {
    const file = path.join(nodeModules, p.proof);
    if (!p.signature.test(fs.readFileSync(file, "utf8")))
      throw new Error(`signature of ${p.name} not found in ${file}: update bench/bundle.ts`);
  }
}

export function readManifest(assetsDir: string): Manifest {
  const name = fs.readdirSync(assetsDir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!name) throw new Error(`no manifest-*.js in ${assetsDir}`);
  const text = fs.readFileSync(path.join(assetsDir, name), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest\s*=\s*/, "").replace(/;\s*$/, "")) as Manifest;
}

/** Static imports of a chunk (`import … from "x"`, `import "x"`), as URLs. Dynamic import() loads later, on demand. */
function staticImports(code: string, from: string): string[] {
  const out: string[] = [];
  for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) {
    out.push(m[1].startsWith("/") ? m[1] : path.posix.join(path.posix.dirname(from), m[1]));
  }
  return out;
}

/** JavaScript each page kind loads (gzip bytes, files): the routes' modules, their imports and every static import of those, once each. */
export function jsPerPage(
  assetsDir: string,
  kinds: Record<string, string[]>,
  publicPath: string,
): BundleFigures["pages"] {
  const manifest = readManifest(assetsDir);
  const fileOf = (url: string) => {
    if (!url.startsWith(publicPath)) throw new Error(`${url} is not under ${publicPath}`);
    return path.join(assetsDir, url.slice(publicPath.length));
  };
  const gz = new Map<string, number>();
  const sizeOf = (url: string) => {
    if (!gz.has(url)) gz.set(url, zlib.gzipSync(fs.readFileSync(fileOf(url))).length);
    return gz.get(url)!;
  };
  const closure = (roots: string[]) => {
    const seen = new Set<string>();
    const queue = [...roots];
    while (queue.length) {
      const url = queue.pop()!;
      if (seen.has(url)) continue;
      seen.add(url);
      queue.push(...staticImports(fs.readFileSync(fileOf(url), "utf8"), url));
    }
    return seen;
  };

  const pages: BundleFigures["pages"] = {};
  for (const [kind, ids] of Object.entries(kinds)) {
    const roots = [manifest.entry.module, ...(manifest.entry.imports ?? [])];
    for (const id of ids) {
      const route = manifest.routes[id];
      if (!route) throw new Error(`route ${id} (page kind ${kind}) is not in the manifest`);
      roots.push(route.module, ...(route.imports ?? []));
    }
    const files = closure(roots);
    pages[kind] = { files: files.size, gzipBytes: [...files].reduce((sum, url) => sum + sizeOf(url), 0) };
  }
  return pages;
}

export function analyseBundle(assetsDir: string, publicPath = "/dashboard/build/"): BundleFigures {
  const pages = jsPerPage(assetsDir, PAGE_KINDS, publicPath);

  // Every client chunk, not only those of the page kinds.
  const chunks: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".js") || e.name.endsWith(".js.map")) chunks.push(p);
    }
  };
  walk(assetsDir);
  const serverOnly = SERVER_ONLY.map((p) => {
    const files = chunks.filter((file) => {
      const text = fs.readFileSync(file, "utf8");
      if (file.endsWith(".map"))
        return ((JSON.parse(text) as { sources?: string[] }).sources ?? []).some((s) =>
          s.includes(`node_modules/${p.name}/`),
        );
      return p.signature.test(text);
    });
    return { name: p.name, files: files.map((f) => path.relative(assetsDir, f)) };
  }).filter((p) => p.files.length > 0);
  return { pages, serverOnly };
}

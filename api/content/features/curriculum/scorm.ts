import fs from "node:fs";
import path from "node:path";
import type { FastifyReply } from "fastify";
import JSZip from "jszip";
import { LRUCache } from "lru-cache";
import { notFound } from "../../../http/errors";
import { MATERIAL_FOLDER } from "./files";

/**
 * Launching a SCORM slot's package in the dashboard's preview dialog (docs/decisions/084): the
 * zip a SCORM slot stored (media/material/{hash}.zip, named by the hash of its content) is read
 * in place, never unpacked to disk, and its files are served at
 *   GET media/scorm/{hash}/            302 to the package's entry point (imsmanifest.xml)
 *   GET media/scorm/{hash}/{path…}     one file of the package, typed by extension, inline
 * Public like the zip itself (whoever can fetch the zip can unpack it). Every answer carries a
 * sandbox policy, so a package's scripts run in an origin of their own even when the file is
 * opened directly, never with the dashboard's cookies.
 */

const HASH = /^[0-9a-f]{40}$/;

/** What a package may hold and a browser shows; anything else is a 404. */
const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  htm: "text/html; charset=utf-8",
  xhtml: "application/xhtml+xml",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json",
  xml: "application/xml",
  xsd: "application/xml",
  txt: "text/plain; charset=utf-8",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  webp: "image/webp",
  ico: "image/x-icon",
  mp4: "video/mp4",
  webm: "video/webm",
  mp3: "audio/mpeg",
  wav: "audio/wav",
  ogg: "audio/ogg",
  m4a: "audio/mp4",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  otf: "font/otf",
  pdf: "application/pdf",
  vtt: "text/vtt",
};

/** The sandbox a package runs in: scripts and its own forms, no same-origin access, no top navigation. */
export const SCORM_SANDBOX = "allow-scripts allow-forms allow-popups";

/**
 * The most one file of a package may inflate to (a package is stored compressed: a small zip can
 * claim, or hold, gigabytes). Past it the file is not served, and no more of it is inflated.
 */
const MAX_FILE_BYTES = 64 * 1024 * 1024;
const MAX_MANIFEST_BYTES = 1024 * 1024;

/** A file of a package, inflated whole, or null when it would pass `limit` bytes. */
async function inflate(file: JSZip.JSZipObject, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  return new Promise((resolve, reject) => {
    const stream = file.nodeStream("nodebuffer");
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Paused, not destroyed: JSZip's worker would push into a destroyed stream and throw.
        stream.pause();
        stream.removeAllListeners("data");
        resolve(null);
      } else chunks.push(chunk);
    });
    stream.on("end", () => resolve(Buffer.concat(chunks)));
    stream.on("error", reject);
  });
}

/** Packages read recently (a launch asks for many files of one package). */
const packages = new LRUCache<string, JSZip>({ max: 8 });

async function packageOf(mediaDir: string, hash: string): Promise<JSZip> {
  if (!HASH.test(hash)) throw notFound();
  const hit = packages.get(hash);
  if (hit) return hit;
  const data = await fs.promises.readFile(path.join(mediaDir, MATERIAL_FOLDER, `${hash}.zip`)).catch(() => null);
  if (!data) throw notFound();
  const zip = await JSZip.loadAsync(data).catch(() => null);
  if (!zip) throw notFound();
  packages.set(hash, zip);
  return zip;
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, "i").exec(tag)?.[1] ?? null;

/**
 * The launch file a SCORM (1.2 or 2004) manifest names: the resource of the default
 * organisation's first item that has one, else the first resource with an href; null without.
 */
export function scormEntry(manifest: string): string | null {
  const resources = [...manifest.matchAll(/<(?:\w+:)?resource\b[^>]*>/gi)].map((m) => ({
    id: attr(m[0], "identifier"),
    href: attr(m[0], "href"),
  }));
  const refs = [...manifest.matchAll(/<(?:\w+:)?item\b[^>]*>/gi)]
    .map((m) => attr(m[0], "identifierref"))
    .filter((r): r is string => !!r);
  for (const ref of refs) {
    const hit = resources.find((r) => r.id === ref && r.href);
    if (hit) return hit.href;
  }
  return resources.find((r) => r.href)?.href ?? null;
}

/**
 * A path inside a package as the browser asked for it: plain segments only (no `..`, `.`, empty
 * segment, backslash or control character), so nothing outside the package is ever named.
 */
export function packagePath(rest: string): string | null {
  if (!rest || rest.length > 1024 || /[\\\0-\x1f]/.test(rest)) return null;
  const segments = rest.split("/");
  if (segments.some((s) => s === "" || s === "." || s === "..")) return null;
  return segments.join("/");
}

/** GET media/scorm/{hash}/{rest}: the entry point's redirect (empty rest) or one file of the package. */
export async function serveScorm(mediaDir: string, hash: string, rest: string, reply: FastifyReply) {
  const zip = await packageOf(mediaDir, hash);
  if (rest === "") {
    const manifestFile = zip.file("imsmanifest.xml");
    const manifest = manifestFile ? (await inflate(manifestFile, MAX_MANIFEST_BYTES))?.toString("utf8") : undefined;
    const entry = manifest ? scormEntry(manifest) : null;
    const [file] = (entry ?? "").split(/[?#]/);
    // A plain relative path (with a query string at most), of a file the package holds.
    if (!entry || !/^[\w./%-]+(\?[\w.=&%-]*)?$/.test(entry) || !packagePath(file) || !zip.file(file)) throw notFound();
    // Relative, so it resolves under whichever origin serves the package (the dashboard relays it).
    return reply.status(302).header("Location", entry).header("Cache-Control", "no-store").send();
  }
  const inner = packagePath(rest);
  const type =
    TYPES[
      path
        .extname(inner ?? "")
        .slice(1)
        .toLowerCase()
    ];
  const file = inner && type ? zip.file(inner) : null;
  if (!file || file.dir) throw notFound();
  const data = await inflate(file, MAX_FILE_BYTES).catch(() => null);
  if (!data) throw notFound();
  return (
    reply
      .header("Content-Type", type)
      .header("Content-Length", data.length)
      .header("Content-Disposition", "inline")
      .header("Content-Security-Policy", `sandbox ${SCORM_SANDBOX}`)
      .header("X-Content-Type-Options", "nosniff")
      // The package is named by its content's hash: it never changes under this URL.
      .header("Cache-Control", "public, max-age=31536000, immutable")
      .send(data)
  );
}

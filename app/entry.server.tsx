import crypto from "node:crypto";
import zlib from "node:zlib";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./components/nonce";
import { forScript, payloadSlot, type I18nPayload } from "./components/i18n-payload";
import { RenderOnlyProvider } from "./components/render-only";
import { TitlePartsProvider } from "./components/page-title";
import { titleParts } from "./lms/page-title";
import { dictionaryVersion, documentBundle, pick, withFallback } from "./i18n/dictionaries.server";
import { getLocale } from "./i18n/i18next.server";
import { TranslatorProvider, fixedSource } from "./i18n/react";
import { pageNamespaces } from "./i18n/namespaces";
import { TYPE_NAMESPACES } from "./i18n/namespaces.server";
import { htmlSink } from "./lms/html-sink.server";
import { securityHeaders } from "./lms/security-headers.server";

const ABORT_DELAY = 5_000;

/** Only the test suites (I18N_STRICT=1) and development read which keys a page lacked. */
const REPORT_MISSING_KEYS = process.env.I18N_STRICT === "1" || process.env.NODE_ENV === "development";

/**
 * gzip level for documents. remix-serve's compression middleware uses level 6, which cost the
 * 50-row course list more CPU than rendering it; level 1 (nginx's default) takes a third of the
 * time for a slightly larger answer (docs/decisions/016).
 */
const GZIP_LEVEL = 1;

const acceptsGzip = (request: Request) => /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "");

/**
 * Renders the document with the request's language, whole (nothing here streams: no loader
 * defers), and sends it in one piece — gzipped here at a fast level when the browser accepts it,
 * so the server's compression middleware leaves it alone.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The language the root loader settled on (detected once per request), unless it failed.
  const root = remixContext.staticHandlerContext.loaderData?.root as { locale?: string } | undefined;
  const locale = root?.locale ?? (await getLocale(request));
  // The page's namespaces (docs/decisions/024): what it renders, and all the document carries.
  const { matches } = remixContext.staticHandlerContext;
  const namespaces = pageNamespaces(
    matches.map((m) => remixContext.routeModules[m.route.id]),
    new URL(request.url).pathname,
    TYPE_NAMESPACES,
  );
  const [bundle, texts, version] = await Promise.all([
    documentBundle(locale, namespaces),
    withFallback(locale),
    dictionaryVersion(),
  ]);
  // Keys the page rendered that its namespaces lack, where they are reported (reportMissing).
  const missing = new Set<string>();
  // Keys whose texts the page used: all the document carries of its namespaces (writePayload).
  const used = new Set<string>();
  const translator = bundle.translator(REPORT_MISSING_KEYS ? (key) => missing.add(key) : undefined, (key) =>
    used.add(key),
  );
  const nonce = crypto.randomBytes(16).toString("base64");
  const payload = (): I18nPayload => ({
    lng: locale,
    v: version,
    resources: usedTexts(pick(texts, namespaces), used),
    partial: true,
  });
  for (const [k, v] of Object.entries(securityHeaders(nonce, process.env.NODE_ENV === "development")))
    responseHeaders.set(k, v);
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    // Cleared as soon as the document is complete: a pending timer holds the whole render (React's
    // request, the sink and its chunks) for ABORT_DELAY, which under load kept hundreds of
    // finished documents in memory (docs/decisions/049).
    // eslint-disable-next-line prefer-const -- set after the render starts, read by its callbacks
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TranslatorProvider value={fixedSource(translator)}>
          <RenderOnlyProvider value={loadContext}>
            <TitlePartsProvider value={titleParts}>
              <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
            </TitlePartsProvider>
          </RenderOnlyProvider>
        </TranslatorProvider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const sink = htmlSink((document) => {
            clearTimeout(abortTimer);
            let html = writePayload(document, nonce, payload);
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            responseHeaders.append("Vary", "Accept-Encoding");
            if (acceptsGzip(request)) {
              html = zlib.gzipSync(html, { level: GZIP_LEVEL });
              responseHeaders.set("Content-Encoding", "gzip");
            }
            reportMissing(missing, request, responseHeaders);
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; the client never sees a stack.
          if (shellRendered) console.error(error);
        },
      },
    );
    abortTimer = setTimeout(abort, ABORT_DELAY);
  });
}

/** Of each namespace, the texts of the keys the render used. */
function usedTexts(all: Record<string, Record<string, string> | undefined>, used: ReadonlySet<string>) {
  const out: Record<string, Record<string, string>> = {};
  for (const [ns, texts] of Object.entries(all)) {
    const kept: Record<string, string> = {};
    for (const key of used) if (texts && Object.prototype.hasOwnProperty.call(texts, key)) kept[key] = texts[key];
    out[ns] = kept;
  }
  return out;
}

/**
 * The document with the texts its render used in the payload script's slot (app/components/
 * i18n-payload.tsx): known only once the whole page has rendered, after the script itself.
 */
function writePayload(
  document: ReturnType<typeof Buffer.concat>,
  nonce: string,
  payload: () => I18nPayload,
): ReturnType<typeof Buffer.concat> {
  const slot = Buffer.from(payloadSlot(nonce));
  const at = document.indexOf(slot);
  if (at < 0) return document;
  return Buffer.concat([
    document.subarray(0, at),
    Buffer.from(`window.__i18n=${forScript(payload())}`),
    document.subarray(at + slot.length),
  ]);
}

/**
 * A key the page rendered from a namespace its routes did not declare showed as the key itself.
 * Development logs it; with I18N_STRICT=1 (the test suites) the answer names the keys in a header
 * that tests/e2e/route-smoke.spec.ts fails on.
 */
function reportMissing(missing: Set<string>, request: Request, headers: Headers) {
  if (!missing.size) return;
  const keys = [...missing].sort().join(",");
  if (process.env.I18N_STRICT === "1") headers.set("X-I18n-Missing", keys);
  else if (process.env.NODE_ENV === "development")
    console.warn(`[i18n] ${new URL(request.url).pathname}: keys of undeclared namespaces: ${keys}`);
}

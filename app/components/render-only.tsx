import { createContext, useContext } from "react";

/**
 * Values a loader hands to the server's render of the same document without putting them in the
 * page's loader data, which the document carries inline for hydration. For markup that hydrates
 * as it is (the list table's rows, a `dangerouslySetInnerHTML` React never compares), the data it
 * was built from is dead weight in the document: the browser never reads it.
 *
 * The key is the request's load context, the one object Remix hands to every loader of a request
 * and to entry.server (`handleRequest`'s fifth argument), which provides it here.
 */
const kept = new WeakMap<object, Map<string, unknown>>();

/** From a loader: keep `value` for this request's document render. */
export function keepForRender(context: object, key: string, value: unknown) {
  let values = kept.get(context);
  if (!values) kept.set(context, (values = new Map()));
  values.set(key, value);
}

const RenderOnlyContext = createContext<object | null>(null);
export const RenderOnlyProvider = RenderOnlyContext.Provider;

/** In a component: what a loader kept for the server render; undefined in the browser. */
export function useRenderOnly<T>(key: string): T | undefined {
  const context = useContext(RenderOnlyContext);
  return context ? (kept.get(context)?.get(key) as T | undefined) : undefined;
}

/**
 * A document request, rather than Remix's own fetch of loader data (`.data`, which never asks
 * for HTML). A request that asks for neither (a script) gets the data too: redundant, not wrong.
 */
export const wantsDocument = (request: Request) => /\btext\/html\b/.test(request.headers.get("accept") ?? "");

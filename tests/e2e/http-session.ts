import { parse as parseSetCookie } from "set-cookie-parser";

/**
 * A cookie jar over Node's fetch, for the suites that send thousands of requests and open no page
 * (the permission matrix, the route smoke). Playwright's request context records every call and
 * every `expect` as a step of the test, and finding a step's parent walks all the steps before it:
 * a test of 5 000 requests spent 80 % of its worker's CPU there (measured: 290 s of worker CPU
 * against 136 s for the API and the dashboard together), so the walk, not the servers, set its
 * pace. This client has the shape of the part of APIRequestContext those suites use, so their
 * helpers take either (RequestClient).
 *
 * Cookies follow RFC 6265 as a browser's do: by host and path, not port (the API on one port sets
 * the session the dashboard on another reads); Max-Age 0 or a past Expires deletes one.
 */
export type JarCookie = { name: string; value: string; path?: string; expires?: number };

export type HttpResponse = {
  status(): number;
  ok(): boolean;
  url(): string;
  headers(): Record<string, string>;
  text(): Promise<string>;
  json(): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- as APIResponse.json()
};

export type RequestOptions = {
  params?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  /** Sent as JSON (an object) or as is (a string). */
  data?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
  /** 0: answer the redirect itself; default 20, as Playwright. */
  maxRedirects?: number;
};

/** What the request-only suites call: HttpSession and Playwright's APIRequestContext both have it. */
export type RequestClient = {
  get(url: string, options?: RequestOptions): Promise<HttpResponse>;
  post(url: string, options?: RequestOptions): Promise<HttpResponse>;
  storageState(): Promise<{ cookies: JarCookie[] }>;
  dispose(): Promise<void>;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export class HttpSession implements RequestClient {
  private jar = new Map<string, JarCookie>();

  constructor(
    private baseURL: string,
    cookies: JarCookie[] = [],
  ) {
    for (const c of cookies) this.jar.set(`${c.name};${c.path ?? "/"}`, { ...c, path: c.path ?? "/" });
  }

  get(url: string, options: RequestOptions = {}) {
    return this.fetch(url, { ...options, method: "GET" });
  }

  post(url: string, options: RequestOptions = {}) {
    return this.fetch(url, { ...options, method: "POST" });
  }

  async storageState() {
    this.dropExpired();
    return { cookies: [...this.jar.values()] };
  }

  async dispose() {
    this.jar.clear();
  }

  async fetch(url: string, options: RequestOptions & { method?: string } = {}): Promise<HttpResponse> {
    let method = options.method ?? "GET";
    let target = new URL(url, this.baseURL);
    for (const [k, v] of Object.entries(options.params ?? {})) target.searchParams.set(k, String(v));
    let body = bodyOf(options);
    let redirectsLeft = options.maxRedirects ?? 20;
    for (;;) {
      const headers: Record<string, string> = { ...(body?.type ? { "content-type": body.type } : {}) };
      const cookieHeader = this.cookieHeader(target);
      if (cookieHeader) headers.cookie = cookieHeader;
      Object.assign(headers, lowerKeys(options.headers ?? {}));
      // A hung server fails the request after 30 s, as Playwright's request context does.
      const res = await fetch(target, {
        method,
        headers,
        body: body?.content,
        redirect: "manual",
        signal: AbortSignal.timeout(30_000),
      });
      // Read whole, as APIResponse is, so the connection goes back to the pool at once.
      const bytes = Buffer.from(await res.arrayBuffer());
      this.store(res.headers.getSetCookie(), target);
      const location = res.headers.get("location");
      if (REDIRECTS.has(res.status) && location && redirectsLeft > 0) {
        redirectsLeft--;
        target = new URL(location, target);
        // A browser turns a redirected POST into a GET, except after 307/308.
        if (res.status !== 307 && res.status !== 308) {
          method = "GET";
          body = undefined;
        }
        continue;
      }
      return responseOf(res, target, bytes);
    }
  }

  private cookieHeader(target: URL): string {
    this.dropExpired();
    return [...this.jar.values()]
      .filter((c) => pathMatches(target.pathname, c.path ?? "/"))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
  }

  private store(setCookies: string[], target: URL) {
    for (const c of parseSetCookie(setCookies, { decodeValues: false })) {
      const path = c.path ?? defaultPath(target);
      const key = `${c.name};${path}`;
      const expires = c.maxAge !== undefined ? Date.now() + c.maxAge * 1000 : c.expires?.getTime();
      if (expires !== undefined && expires <= Date.now()) this.jar.delete(key);
      else this.jar.set(key, { name: c.name, value: c.value, path, expires });
    }
  }

  private dropExpired() {
    const now = Date.now();
    for (const [key, c] of this.jar) if (c.expires !== undefined && c.expires <= now) this.jar.delete(key);
  }
}

function bodyOf({ data, form }: RequestOptions): { type?: string; content: string } | undefined {
  if (form) return { type: "application/x-www-form-urlencoded", content: new URLSearchParams(form).toString() };
  if (data === undefined) return undefined;
  if (typeof data === "string") return { content: data };
  return { type: "application/json", content: JSON.stringify(data) };
}

function responseOf(res: Response, url: URL, bytes: Buffer): HttpResponse {
  const headers = Object.fromEntries(res.headers);
  return {
    status: () => res.status,
    ok: () => res.status >= 200 && res.status < 300,
    url: () => url.toString(),
    headers: () => headers,
    text: async () => bytes.toString("utf8"),
    json: async () => JSON.parse(bytes.toString("utf8")),
  };
}

const lowerKeys = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

/** RFC 6265 §5.1.4: a cookie without Path belongs to the request path's directory. */
function defaultPath(url: URL): string {
  const dir = url.pathname.slice(0, url.pathname.lastIndexOf("/"));
  return dir || "/";
}

/** RFC 6265 §5.1.4: the cookie's path is the request's, or a directory of it. */
const pathMatches = (requestPath: string, cookiePath: string) =>
  requestPath === cookiePath ||
  (requestPath.startsWith(cookiePath) && (cookiePath.endsWith("/") || requestPath[cookiePath.length] === "/"));

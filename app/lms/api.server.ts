import { redirect } from "@remix-run/node";
import {
  CLIENT_ADDRESS_HEADER,
  CSRF_COOKIE,
  CSRF_HEADER,
  IDEMPOTENCY_HEADER,
  RELAY_HEADER,
  SESSION_COOKIE,
} from "../../contract/http";
import { parseSetCookie, readCookies, relaySetCookie, RELAYED_COOKIES } from "./cookies.server";
import { isHttps } from "./client.server";
import { asciiUrl, dash } from "./paths";
import { RELAY_SECRET } from "./secret.server";
import { toastHeader } from "./toast.server";
import {
  AnswerTooLargeError,
  API_TIMEOUT_MS,
  boundedText,
  fetchIdempotent,
  sendJson,
  worthRetrying,
  type WireAnswer,
} from "./transport.server";
import { pageDeadline, requestOf, type Deadline, type RequestArgs } from "./deadline.server";
import { forgetUser } from "./user-cache.server";
import { lastKnownConfig } from "./store.server";
import { underMaintenance } from "./startup-rules";

const API_URL = (process.env.LMS_API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8000}`).replace(/\/+$/, "");
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Sessions this process refused a moment ago (the 403 reaction signs them out). A page request's
 * loaders run side by side; one that reads the user on a client of its own finds the session
 * gone and would send the user to sign-in — it answers the same 403 page instead.
 */
const refusedSessions = new Map<string, number>();
const REFUSAL_MEMORY_MS = 30_000;
function rememberRefusal(sessionId: string) {
  const now = Date.now();
  for (const [id, until] of refusedSessions) if (until < now) refusedSessions.delete(id);
  refusedSessions.set(sessionId, now + REFUSAL_MEMORY_MS);
}

export type ApiResult<T> = { status: number; data: T };
type CallOptions = {
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: unknown;
  /** Statuses the caller handles itself (e.g. 400 for a form, 404 for a pager); others become responses. */
  accept?: number[];
  /**
   * A create form's idempotency key (docs/decisions/094), sent as IDEMPOTENCY_HEADER: the API
   * answers a repeat with what the first call made, so this write may be sent again like a GET.
   */
  idempotencyKey?: string;
};

/**
 * The LMS API as seen from one dashboard request (spec 002 §7): the browser's session and CSRF
 * cookies are forwarded, `X-CSRFTOKEN` goes with unsafe methods, GETs carry `format=json` and are
 * retried once on a 502, 503 or dropped connection (decision 091), paths get their trailing
 * slash, and the API's Set-Cookie headers are relayed to the browser as cookies of the dashboard's
 * own host. Errors of the catalogue (spec 002 §8) become the responses the spec prescribes.
 */
export class Lms {
  private cookies: Map<string, string>;
  /** Set-Cookie headers to relay on whatever the route answers. */
  readonly setCookies: string[] = [];
  /** GETs answered so far (one client serves every loader of a page request); a write forgets them. */
  private reads = new Map<string, Promise<{ status: number; data: unknown }>>();
  /** The 403 reaction's sign-out, once begun: every other loader of this request ends on the 403 page too. */
  private refusal: Promise<void> | null = null;

  constructor(
    readonly request: Request,
    /** The page request's deadline (pageDeadline): each call gets what is left of it. */
    private readonly deadline: Deadline = { at: Date.now() + API_TIMEOUT_MS },
  ) {
    const all = readCookies(request.headers.get("cookie"));
    this.cookies = new Map([...all].filter(([k]) => (RELAYED_COOKIES as readonly string[]).includes(k)));
    this.sentSession = this.cookies.get(SESSION_COOKIE) ?? null;
  }

  /** The session the browser sent with this request. */
  private readonly sentSession: string | null;

  /** The API session this request came with (the key of the user cache). */
  get session(): string | null {
    return this.sentSession;
  }

  /** Whether another loader of this page request refused this session a moment ago. */
  get refusedElsewhere(): boolean {
    return !!this.sentSession && (refusedSessions.get(this.sentSession) ?? 0) > Date.now();
  }

  get csrfToken(): string | null {
    return this.cookies.get(CSRF_COOKIE) ?? null;
  }

  get = <T>(path: string, opts?: CallOptions) => this.call<T>("GET", path, opts);
  post = <T>(path: string, body?: unknown, opts?: CallOptions) => this.call<T>("POST", path, { ...opts, body });
  patch = <T>(path: string, body?: unknown, opts?: CallOptions) => this.call<T>("PATCH", path, { ...opts, body });
  delete = <T>(path: string, opts?: CallOptions) => this.call<T>("DELETE", path, opts);
  /** A multipart upload (files): sent as the browser would, with the session and CSRF header. */
  upload = <T>(path: string, form: FormData, opts?: CallOptions) => this.call<T>("POST", path, { ...opts, body: form });

  async call<T>(method: string, path: string, opts: CallOptions = {}): Promise<ApiResult<T>> {
    // A sibling loader refused the user and signed them out: nothing more is asked of the API.
    if (this.refusal) throw await this.refuse();
    const url = this.url(path, method === "GET" ? { format: "json", ...opts.query } : opts.query);
    let answer: Promise<{ status: number; data: unknown }>;
    if (method === "GET") {
      // The same GET twice in one page request (a layout and its tab both read the item) is sent once.
      answer = this.reads.get(url) ?? this.exchange(method, url, undefined);
      this.reads.set(url, answer);
    } else {
      // A write may change what the session's user looks like (language, accepted terms…).
      this.reads.clear();
      forgetUser(this.sentSession);
      answer = this.exchange(method, url, opts.body, opts.idempotencyKey);
    }
    const { status, data } = await answer;
    if ((status >= 200 && status < 300) || opts.accept?.includes(status)) return { status, data: data as T };
    throw await this.failure(status);
  }

  /** What is left of the page's time for the API, in ms (0 or less: none). */
  private timeLeft(): number {
    return this.deadline.at - Date.now();
  }

  /**
   * One call on the wire, its cookies absorbed, its JSON read. An idempotent call answered 502 or
   * 503, or whose connection the API dropped or refused (a kept-alive socket it had just closed, a
   * process restarting), is sent once more if the page has time left — through a balancer most
   * likely to another process (docs/decisions/091); what was read of the first answer is dropped
   * first. A write is never sent twice. A call that used up the page's time ends it on the 504 page.
   */
  private async exchange(
    method: string,
    url: string,
    body: unknown,
    idempotencyKey?: string,
  ): Promise<{ status: number; data: unknown }> {
    const once = () =>
      body instanceof FormData ? this.sendForm(url, body) : this.sendJson(method, url, body, idempotencyKey);
    let outcome = await this.attempt(once);
    // A keyed create is safe to send again: the API answers the repeat with the first call's row.
    if (worthRetrying(idempotencyKey ? "GET" : method, outcome) && this.timeLeft() > 0)
      outcome = await this.attempt(once);
    if ("error" in outcome) throw await this.errorPage(504);
    this.absorbCookies(outcome.setCookies);
    return { status: outcome.status, data: outcome.status === 204 ? null : parseJson(outcome.text) };
  }

  /** One try: the API's answer, or the error the wire failed with (an answer past the size limit is the 500 page, never retried). */
  private async attempt(once: () => Promise<WireAnswer>): Promise<WireAnswer | { error: unknown }> {
    try {
      return await once();
    } catch (error) {
      if (error instanceof AnswerTooLargeError) throw await this.errorPage(500);
      return { error };
    }
  }

  private sendJson(method: string, url: string, body: unknown, idempotencyKey?: string) {
    const headers = this.wireHeaders(method, body === undefined ? null : "application/json");
    if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
    return sendJson(method, url, headers, body === undefined ? undefined : JSON.stringify(body), this.timeLeft());
  }

  /** A multipart upload goes through fetch, which encodes FormData; answered within the page's time. */
  private async sendForm(url: string, form: FormData): Promise<WireAnswer> {
    return this.withinDeadline(async (signal) => {
      const res = await fetch(url, {
        method: "POST",
        headers: this.wireHeaders("POST", null),
        body: form,
        redirect: "manual",
        signal,
      });
      return { status: res.status, setCookies: res.headers.getSetCookie(), text: await boundedText(res) };
    });
  }

  /** `run` given a signal that aborts when the page's time is up (never started when it is). */
  private async withinDeadline<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const left = this.timeLeft();
    if (left <= 0) throw new Error("no time left to ask the API");
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(new Error(`no answer from the API in ${left} ms`)), left);
    try {
      return await run(abort.signal);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A download (an export file): the API's own answer with its body unread, so a resource route
   * can stream it through. Errors of the catalogue become responses like any other call's.
   */
  async download(path: string, query?: CallOptions["query"]): Promise<Response> {
    let res: Response;
    try {
      res = await this.fetchStream(this.url(path, query));
    } catch {
      throw await this.errorPage(504);
    }
    this.absorbCookies(res.headers.getSetCookie());
    if (res.ok) return res;
    await res.body?.cancel();
    throw await this.failure(res.status);
  }

  /**
   * A long-lived GET its caller opens itself (the import socket, app/lms/import-socket.server.ts):
   * the URL and the headers every call carries — the session's cookies, who is asking, the relay secret.
   */
  wire(path: string): { url: string; headers: Record<string, string> } {
    return { url: this.url(path), headers: this.wireHeaders("GET", null) };
  }

  /** Headers carrying the relayed cookies, to merge into a loader/action answer. */
  headers(init?: HeadersInit): Headers {
    const h = new Headers(init);
    for (const c of this.setCookies) h.append("Set-Cookie", c);
    return h;
  }

  /** A redirect that keeps the relayed cookies. */
  redirect(url: string, init?: HeadersInit) {
    // A Location header must be ASCII whatever a caller built it from.
    return redirect(asciiUrl(url), { headers: this.headers(init) });
  }

  private url(path: string, query?: CallOptions["query"]) {
    const [p, q] = path.replace(/^\/+/, "").split("?");
    const withSlash = p.endsWith("/") ? p : `${p}/`;
    const params = new URLSearchParams(q);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) params.set(k, String(v));
    const qs = params.toString();
    return `${API_URL}/api/${withSlash}${qs ? `?${qs}` : ""}`;
  }

  /** What every call carries: JSON wanted, the session's cookies, CSRF on writes, who is asking. */
  private wireHeaders(method: string, contentType: string | null): Record<string, string> {
    const headers: Record<string, string> = { accept: "application/json" };
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (cookie) headers.cookie = cookie;
    const csrf = this.csrfToken;
    if (UNSAFE.has(method) && csrf) headers[CSRF_HEADER] = csrf;
    if (contentType) headers["content-type"] = contentType;
    // Who is asking, as our own server derived it (never what the browser claimed), with the
    // secret that makes the API believe it (docs/decisions/019).
    const client = this.request.headers.get(CLIENT_ADDRESS_HEADER);
    if (client) headers["x-forwarded-for"] = client;
    headers["x-forwarded-proto"] = isHttps(this.request) ? "https" : "http";
    headers[RELAY_HEADER] = RELAY_SECRET;
    headers["user-agent"] = this.request.headers.get("user-agent") ?? "lms-dashboard";
    return headers;
  }

  /** A GET whose body is streamed on (downloads): its headers within the page's time (retried as a page's GET is), the body as it comes. */
  private fetchStream(url: string) {
    return this.withinDeadline((signal) =>
      fetchIdempotent(url, { method: "GET", headers: this.wireHeaders("GET", null), redirect: "manual", signal }),
    );
  }

  private absorbCookies(setCookies: string[]) {
    for (const header of setCookies) {
      const { name, value, cleared } = parseSetCookie(header);
      if (!(RELAYED_COOKIES as readonly string[]).includes(name)) continue;
      if (name === SESSION_COOKIE) forgetUser(this.sentSession);
      if (cleared) this.cookies.delete(name);
      else this.cookies.set(name, value);
      this.setCookies.push(relaySetCookie(header));
    }
  }

  /** Forget the session on the browser side. */
  clearSession() {
    forgetUser(this.sentSession);
    for (const name of RELAYED_COOKIES.slice(0, 1)) {
      this.cookies.delete(name);
      this.setCookies.push(`${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    }
  }

  /** Sign out on the API and in the browser (the 403 reaction). */
  async signOut() {
    this.reads.clear();
    try {
      // POST with the CSRF header; an API of the original contract knows only GET (spec 002 §7).
      let res = await this.sendJson("POST", this.url("account/logout/"), {});
      if (res.status === 405) res = await this.sendJson("GET", this.url("account/logout/"), undefined);
      this.absorbCookies(res.setCookies);
    } catch {
      // The API being down must not keep the browser signed in.
    }
    this.clearSession();
  }

  private here() {
    const u = new URL(this.request.url);
    return `${u.pathname}${u.search}`;
  }

  /**
   * The 403 reaction (spec 002 §8): signed out on the API and in the browser, then the 403 page.
   * The layout's and the page's loaders run side by side on one client: once one of them refuses,
   * the other's calls (sent without the session now) answer the same 403 page, not the sign-in
   * page a missing session would otherwise bring. Each waits for the one sign-out, so whichever
   * redirect Remix answers with clears the session cookie.
   */
  async refuse(): Promise<Response> {
    if (this.sentSession) rememberRefusal(this.sentSession);
    this.refusal ??= this.signOut();
    await this.refusal;
    return this.redirect(dash("error/403"));
  }

  private async failure(status: number): Promise<Response> {
    if (status === 401 && (this.refusal || this.refusedElsewhere)) return this.refuse();
    if (status === 401) {
      this.clearSession();
      const h = this.headers();
      h.append("Set-Cookie", await toastHeader({ type: "error", message: "session_expired" }));
      return redirect(`${dash("account/login/")}?next=${encodeURIComponent(this.here())}`, { headers: h });
    }
    if (status === 403) return this.refuse();
    // An API that is unavailable is not one under maintenance (a process closing for a restart
    // answers 503 too): the maintenance page only when the configuration says maintenance — its
    // dashboard variant, as last read — else the spec's "server too busy" page (decision 091).
    if (status === 503) return this.errorPage(underMaintenance(lastKnownConfig()) ? "server-maintenance" : 500);
    if (status === 404) return new Response("Not Found", { status: 404, headers: this.headers() });
    return this.errorPage(status === 400 || status === 504 ? status : 500);
  }

  private async errorPage(status: number | "server-maintenance") {
    return this.redirect(dash(`error/${status}`));
  }
}

/** A client for code of one page request (the page's deadline shared when given its arguments). */
export const lms = (from: RequestArgs) => new Lms(requestOf(from), pageDeadline(from));

/** An answer's JSON, or null when it has none (an HTML error page, an empty body). */
function parseJson(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

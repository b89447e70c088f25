/**
 * A visitor of the several-processes test (tests/cluster/run.ts): plain HTTP through the balancer
 * as a browser without JavaScript talks to the dashboard (cookies kept, forms posted urlencoded,
 * redirects not followed so their target can be checked), or as a client of the API (its CSRF
 * cookie echoed in the header). A connection the balancer could not answer is status 0.
 */
export type Answer = { status: number; location: string | null; headers: Headers | null; text: string };

const ATTRIBUTE = /([a-zA-Z_:-]+)="([^"]*)"/g;
const unescape = (v: string) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The hidden inputs of the form `formId` (or of every form) in a page: what a browser posts besides what the user types. */
export function hiddenFields(html: string, formId?: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<input\b[^>]*>/g)) {
    const attrs = Object.fromEntries([...tag.matchAll(ATTRIBUTE)].map(([, k, v]) => [k, unescape(v)]));
    if (attrs.type !== "hidden" || !attrs.name) continue;
    if (formId && attrs.form !== formId && !isInsideForm(html, tag, formId)) continue;
    out[attrs.name] = attrs.value ?? "";
  }
  return out;
}

/** Whether the input `tag` sits inside `<form id="formId">…</form>` in `html`. */
function isInsideForm(html: string, tag: string, formId: string): boolean {
  const start = html.indexOf(`id="${formId}"`);
  if (start < 0) return false;
  const end = html.indexOf("</form>", start);
  const at = html.indexOf(tag, start);
  return at > start && at < end;
}

export class Visitor {
  readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  /** `timeoutMs`: the visitor gives up waiting (the connection drops) — an answer lost on the way. */
  async send(
    method: string,
    path: string,
    body?: URLSearchParams | string | Buffer,
    headers: Record<string, string> = {},
    timeoutMs = 30_000,
  ): Promise<Answer> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    try {
      const res = await fetch(`${this.base}${path}`, {
        method,
        redirect: "manual",
        body: body as BodyInit | undefined,
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(body instanceof URLSearchParams ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          ...headers,
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair.indexOf("=");
        const value = pair.slice(eq + 1);
        if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(pair.slice(0, eq));
        else this.cookies.set(pair.slice(0, eq), value);
      }
      return {
        status: res.status,
        location: res.headers.get("location"),
        headers: res.headers,
        text: await res.text(),
      };
    } catch {
      return { status: 0, location: null, headers: null, text: "" };
    }
  }

  get = (path: string) => this.send("GET", path);
  postForm = (path: string, fields: Record<string, string>, timeoutMs?: number) =>
    this.send("POST", path, new URLSearchParams(fields), {}, timeoutMs);
}

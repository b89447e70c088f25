import fc from "fast-check";

/**
 * Hostile input for the "no 500 from input" property tests (issue 12): request bodies and query
 * strings a probe might send. Shared by the API test (tests/api) and the dashboard test
 * (tests/e2e), so both face the same shapes.
 */

/** A request body as sent on the wire: no content type means the header is left out. */
export type FuzzBody = { label: string; contentType?: string; payload?: string | Buffer };

/** Text with control characters, non-Latin-1 letters and lone surrogates mixed in. */
export const nastyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(
      "\u0000",
      "\u0001",
      "\u001f",
      "\u007f",
      "\t",
      "\n",
      "\r",
      "ก",
      "é",
      "\ud800",
      "%",
      "&",
      "=",
      "a",
      " ",
    ),
    maxLength: 20,
  }),
  fc.constantFrom("", "null", "undefined", "-1", "0", "1e999", "99999999999999999999", "NaN", "[]", "{}", "true"),
);

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=xyz",
  "application/xml",
  "image/png",
  "application/octet-stream",
  ";;;",
];

const BOUNDARY = "----fuzzboundary";

/** A well-formed multipart body with the given fields (files as a small file part). */
export function multipart(
  fields: [string, string][],
  file?: { name: string; filename: string; type: string; data: Buffer },
): FuzzBody {
  const parts: Buffer[] = fields.map(([k, v]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    label: "multipart",
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    payload: Buffer.concat(parts),
  };
}

const fieldPairs = (names: readonly string[]) =>
  fc.array(
    fc.tuple(
      names.length ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 })) : fc.string({ maxLength: 8 }),
      nastyText,
    ),
    { maxLength: 6 },
  );

/**
 * Arbitrary bodies: none, empty, JSON values, text under any content type, urlencoded and
 * multipart forms with the given field names (and `fixed` fields added, e.g. a form token),
 * truncated multipart.
 */
export function fuzzBody(names: readonly string[] = [], fixed: [string, string][] = []): fc.Arbitrary<FuzzBody> {
  return fc.oneof(
    fc.constant<FuzzBody>({ label: "no body" }),
    fc.constantFrom(...CONTENT_TYPES).map((contentType): FuzzBody => ({ label: "empty", contentType, payload: "" })),
    fc
      .jsonValue()
      .map((v): FuzzBody => ({ label: "json", contentType: "application/json", payload: JSON.stringify(v) })),
    fc
      .dictionary(fc.oneof(fc.constantFrom(...names, "name"), fc.string({ maxLength: 8 })), nastyText, { maxKeys: 5 })
      .map((v): FuzzBody => ({ label: "json object", contentType: "application/json", payload: JSON.stringify(v) })),
    fc
      .tuple(fc.constantFrom(...CONTENT_TYPES), fc.string({ unit: "binary", maxLength: 60 }))
      .map(([contentType, payload]): FuzzBody => ({ label: "text", contentType, payload })),
    fieldPairs(names).map((pairs): FuzzBody => ({
      label: "urlencoded",
      contentType: "application/x-www-form-urlencoded",
      payload: new URLSearchParams([...fixed, ...pairs]).toString(),
    })),
    fieldPairs(names).map((pairs) => multipart([...fixed, ...pairs])),
    fc.tuple(fieldPairs(names), fc.nat()).map(([pairs, cut]): FuzzBody => {
      const whole = multipart([...fixed, ...pairs], {
        name: "file",
        filename: "x.png",
        type: "image/png",
        data: Buffer.from("not really a png"),
      });
      const bytes = whole.payload as Buffer;
      return { ...whole, label: "truncated multipart", payload: bytes.subarray(0, cut % bytes.length) };
    }),
  );
}

/**
 * Percent-encodes a text for a URL, but leaves "%" as it is (so malformed escapes get through) and
 * writes a lone surrogate as the invalid UTF-8 it would be: the URL stays ASCII, the junk stays.
 */
export function looseEncode(s: string): string {
  return Array.from(s, (ch) => {
    if (ch === "%") return ch;
    try {
      return encodeURIComponent(ch);
    } catch {
      return "%ED%A0%80";
    }
  }).join("");
}

/** Query strings (without the "?"): bad percent-encoding, non-Latin-1, control characters, `next` tricks. */
export const fuzzQuery: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 30 }).map((s) => `q=${looseEncode(s)}`),
  fc.constantFrom(
    "next=/%E0%B8%81",
    "next=/%C3%A9",
    "next=%",
    "next=%E0%A4%A",
    "next=/%00",
    "next=//evil.example/",
    "next=/\\evil",
    "next=/course?page=%FF",
    "page=-1",
    "page=1e9",
    "page=%FF",
    "search=%00",
    "ordering=;drop",
    "id_list=1,x,%",
    "format=json&page_size=100000",
    "%=%&&==",
  ),
  fc
    .array(
      fc.tuple(
        fc.constantFrom("next", "page", "search", "ordering", "q", "token", "days", "thread", "format_type", "error"),
        nastyText,
      ),
      { maxLength: 4 },
    )
    .map((pairs) => pairs.map(([k, v]) => `${k}=${looseEncode(v)}`).join("&")),
);

/** A route parameter: a real value, or junk that is not a row id. */
export const fuzzParam = (real: readonly string[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...real), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        "0",
        "-1",
        "abc",
        "1.5",
        "2147483648",
        "999999999999",
        "99999999999999",
        "%E0%B8%81",
        "%00",
        "%ZZ",
        "null",
      ),
      weight: 1,
    },
  );

/** Tables bookkeeping writes even when a call is refused (attempts, throttling, rate-limit counters, sessions): not fingerprinted. */
export const BOOKKEEPING = new Set(["session", "login_attempt", "login_guard", "rate_limit_counter"]);
/** Columns of other tables that a session's use stamps whatever the call (api/http/session.ts). */
export const BOOKKEEPING_COLUMNS: Record<string, string[]> = { account: ["last_active"] };

/**
 * One SQL query (both dialects) giving every table's row count and largest id: a cheap
 * fingerprint of the database, the same before and after a request that wrote nothing.
 */
export function fingerprintQuery(tables: { name: string; hasId: boolean }[]): string {
  return (
    tables
      .filter((t) => !BOOKKEEPING.has(t.name))
      // max(id) as text: one column type for the union in PostgreSQL (the upload table's ids are text).
      .map(
        (t) =>
          `select '${t.name}' as t, count(*) as n, ${t.hasId ? "cast(max(id) as text)" : "'0'"} as m from "${t.name}"`,
      )
      .join(" union all ")
  );
}

/** The rows of that query as one text; `changed` lists the tables that differ. */
export const fingerprintText = (rows: { t: string; n: number; m: string | number | null }[]) =>
  rows.map((r) => `${r.t}:${r.n}:${r.m}`).join(" ");
export function changed(before: string, after: string): string[] {
  const old = new Set(before.split(" "));
  return after.split(" ").filter((t) => !old.has(t));
}

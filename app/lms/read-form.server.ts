import {
  data,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { MSG } from "../../contract/messages";
import { bodyArrived } from "./deadline.server";
import { BodyTooLargeError, boundedStream, declaredLength, readText } from "./bounded-body.server";

/**
 * Why a post could not be read as a form: its status (415 for a body that is not a form at all,
 * 413 for a form or file over its limit, 400 for a form that does not parse), the message key, and
 * the same as a conform result with a form-level error, which an action answers as it answers its
 * own refusals (the page is shown again with that error). Nothing has been sent to the API.
 */
export type FormRefusal = {
  status: 400 | 413 | 415;
  message: string;
  tooLarge: boolean;
  result: SubmissionResult<string[]>;
};
export type FormRead = { form: FormData; refusal?: undefined } | { form?: undefined; refusal: FormRefusal };

/** A text field of a multipart form: generous for text, small enough to keep in memory. */
const TEXT_PART_BYTES = 1024 * 1024;
/** The text of a form: a whole urlencoded body, or a multipart form's parts besides its file (room for a 1 MB Thai text, percent-encoded). */
export const FORM_TEXT_BYTES = 4 * 1024 * 1024;
/** Fields (urlencoded pairs, multipart parts) a form may hold: far above any page's, far below what would cost memory. */
export const MAX_FORM_FIELDS = 5000;
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

class TooManyFields extends Error {}

const refuse = (status: FormRefusal["status"], message: string): FormRead => ({
  refusal: {
    status,
    message,
    tooLarge: status === 413,
    result: { status: "error", initialValue: null, error: { "": [message] } },
  },
});

/**
 * The one way an action reads its form (never `request.formData()`, which throws — a 500 — on an
 * empty, JSON, text or malformed body, and reads a body of any size). Every body is read with
 * limits and fails closed (issue 32): at most FORM_TEXT_BYTES of text (plus `maxPartSize` for a
 * form that uploads a file: the largest file it takes, kept in memory up to it), MAX_FORM_FIELDS
 * fields; over them a 413 refusal, a body that does not parse a 400, and nothing is sent on.
 */
export async function readForm(request: Request, opts: { maxPartSize?: number } = {}): Promise<FormRead> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!type) return refuse(400, MSG.form_unreadable);
  if (!FORM_TYPES.includes(type)) return refuse(415, MSG.form_content_type);
  const multipart = type === "multipart/form-data";
  const limit = FORM_TEXT_BYTES + (multipart ? (opts.maxPartSize ?? 0) : 0);
  const tooLarge = opts.maxPartSize ? MSG.file_too_large : MSG.form_too_large;
  // A body that says it is too long is refused before a byte of it is read.
  if ((declaredLength(request) ?? 0) > limit) return refuse(413, tooLarge);
  if (!request.body) return refuse(400, MSG.form_unreadable);
  const body = boundedStream(request.body, limit);
  try {
    const form = multipart
      ? await readMultipart(request, body.stream, opts.maxPartSize ?? TEXT_PART_BYTES)
      : await readUrlEncoded(body.stream);
    bodyArrived(request); // a slow upload does not use up the page's time for the API
    return { form };
  } catch (e) {
    // What the parser left unread is read and dropped before the refusal is answered (bounded-body.server.ts).
    await body.drainRest();
    if (e instanceof MaxPartSizeExceededError || e instanceof BodyTooLargeError)
      return refuse(413, e instanceof MaxPartSizeExceededError ? MSG.file_too_large : tooLarge);
    if (e instanceof TooManyFields) return refuse(413, MSG.form_too_large);
    return refuse(400, MSG.form_unreadable);
  }
}

async function readUrlEncoded(body: ReadableStream<Uint8Array>): Promise<FormData> {
  const form = new FormData();
  let fields = 0;
  for (const [name, value] of new URLSearchParams(await readText(body))) {
    if (++fields > MAX_FORM_FIELDS) throw new TooManyFields();
    form.append(name, value);
  }
  return form;
}

/** Parts with a file name are held up to `filePartBytes`, text parts up to TEXT_PART_BYTES. */
function readMultipart(request: Request, body: ReadableStream<Uint8Array>, filePartBytes: number): Promise<FormData> {
  const bounded = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body,
    duplex: "half",
  } as RequestInit);
  const files = unstable_createMemoryUploadHandler({ maxPartSize: filePartBytes });
  const texts = unstable_createMemoryUploadHandler({ maxPartSize: TEXT_PART_BYTES });
  let parts = 0;
  const handler: UploadHandler = (part) => {
    if (++parts > MAX_FORM_FIELDS) throw new TooManyFields();
    return part.filename ? files(part) : texts(part);
  };
  return unstable_parseMultipartFormData(bounded, handler);
}

/** The answer of an action whose refusals are `{ result }` (conform's shape): the page again, with the error. */
export const refusalAnswer = (r: FormRefusal) => data({ result: r.result }, { status: r.status });

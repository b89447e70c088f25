import { data, MaxPartSizeExceededError, unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { MSG } from "../../contract/messages";
import { bodyArrived } from "./deadline.server";

/**
 * Why a post could not be read as a form: its status (415 for a body that is not a form at all,
 * 400 for a form that does not parse or is too large), the message key, and the same as a conform
 * result with a form-level error, which an action answers as it answers its own refusals (the page
 * is shown again with that error). Nothing has been sent to the API.
 */
export type FormRefusal = { status: 400 | 415; message: string; tooLarge: boolean; result: SubmissionResult<string[]> };
export type FormRead = { form: FormData; refusal?: undefined } | { form?: undefined; refusal: FormRefusal };

/** A field of a form that uploads nothing: generous for text, small enough to keep in memory. */
const TEXT_PART_BYTES = 1024 * 1024;
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

const refuse = (status: 400 | 415, message: string, tooLarge = false): FormRead => ({
  refusal: { status, message, tooLarge, result: { status: "error", initialValue: null, error: { "": [message] } } },
});

/**
 * The one way an action reads its form (never `request.formData()`, which throws — a 500 — on an
 * empty, JSON, text or malformed body). `maxPartSize`: the largest file the form may upload
 * (multipart parts are read into memory up to it; a larger one is refused with `tooLarge`).
 */
export async function readForm(request: Request, opts: { maxPartSize?: number } = {}): Promise<FormRead> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (!type) return refuse(400, MSG.form_unreadable);
  if (!FORM_TYPES.includes(type)) return refuse(415, MSG.form_content_type);
  try {
    const form =
      type === "application/x-www-form-urlencoded"
        ? await request.formData()
        : await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: opts.maxPartSize ?? TEXT_PART_BYTES }));
    bodyArrived(request); // a slow upload does not use up the page's time for the API
    return { form };
  } catch (e) {
    if (e instanceof MaxPartSizeExceededError) return refuse(400, MSG.file_too_large, true);
    return refuse(400, MSG.form_unreadable);
  }
}

/** The answer of an action whose refusals are `{ result }` (conform's shape): the page again, with the error. */
export const refusalAnswer = (r: FormRefusal) => data({ result: r.result }, { status: r.status });

import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs } from "@remix-run/node";
import type { z } from "zod/v4";
import { apiFieldErrors } from "./content-form.server";
import { itemPost, type ItemPage } from "./item-page.server";
import { redirectWithToast } from "./toast.server";

export {
  choiceSchema,
  drawSchema,
  questionCreateSchema,
  questionMoveSchema,
  questionUpdateSchema,
  sectionSchema,
  testSettingSchema,
} from "../../contract/schemas/test";

/**
 * The server half of a test's own pages (docs/decisions/064): the setting tab, sections, the
 * question editor (a section's and a bank's) and draw rules. Each post names its form (`intent`);
 * it is parsed with the contract's schema before anything is sent (a refused form sends nothing),
 * the API's 400 comes back onto the form it came from, and a success redirects with a toast, so
 * every form works without JavaScript.
 */

export type TestAnswer = { form: string; result: SubmissionResult<string[]> };
type Sent = { status: number; data: unknown };

/** The page's post: its guard (change), its form and intent, or the refusal as the answer. */
export async function testPost(args: ActionFunctionArgs) {
  return itemPost(args, "change", (r) => data<TestAnswer>({ form: "", result: r.result }, { status: r.status }));
}

/**
 * Parse `form` as form `name` with `schema` and send it: a refused form → 400 answer (nothing
 * sent); the API's 400 → 400 answer with its errors; else null with what the API answered.
 */
export async function sendForm<S extends z.ZodType>(
  name: string,
  form: FormData,
  schema: S,
  send: (value: z.output<S>) => Promise<Sent>,
  page: Pick<ItemPage, "api">,
): Promise<{ refused: ReturnType<typeof data<TestAnswer>>; sent?: undefined } | { refused: null; sent: Sent }> {
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success")
    return {
      refused: data<TestAnswer>(
        { form: name, result: submission.reply() as SubmissionResult<string[]> },
        { status: 400, headers: page.api.headers() },
      ),
    };
  const sent = await send(submission.value as z.output<S>);
  if (sent.status === 400) {
    const errors = apiFieldErrors(sent.data as Record<string, unknown>);
    // Keys the API adds beside its message (`limit`) are no fields of the form.
    delete errors.fieldErrors.limit;
    return {
      refused: data<TestAnswer>(
        { form: name, result: submission.reply(errors) as SubmissionResult<string[]> },
        { status: 400, headers: page.api.headers() },
      ),
    };
  }
  return { refused: null, sent };
}

/** Redirect to `to` with a success toast (`message`, a dictionary key). */
export const done = (page: Pick<ItemPage, "api">, to: string, message: string) =>
  redirectWithToast(to, { type: "success", message }, { headers: page.api.headers() });

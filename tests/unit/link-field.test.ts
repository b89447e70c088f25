import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import "../../contract/schemas/content";
import { MSG } from "../../contract/messages";
import { materialSchema } from "../../contract/schemas/curriculum";
import { mediaSchemas } from "../../contract/schemas/media";

/**
 * A link left blank says "required", not "not valid" (R297; spec 001 §5 "messages distinguish
 * missing URL and missing prefix"), as the dashboard's form parse reads it: conform turns a blank
 * field back into a missing value after the schema's own step, which then met the text check.
 */
const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};
/** The link field's errors of a parse (a synchronous one: the schemas have no async step). */
const urlErrors = (submission: { status?: string; error?: Record<string, string[] | null> | null }) =>
  submission.status === "success" ? [] : (submission.error?.url ?? []);

describe("a link field left blank", () => {
  const schemas = {
    "an external video's link": mediaSchemas("external_video")().create,
    "a web link slot's link": materialSchema("weblink", undefined, { form: true }),
    "a YouTube slot's link": materialSchema("youtube", undefined, { form: true }),
  };
  for (const [what, schema] of Object.entries(schemas)) {
    it(`${what}: required; a link without http(s) its own message`, () => {
      for (const blank of ["", "   "])
        expect(
          urlErrors(
            parseWithZod(
              form([
                ["name", "N"],
                ["url", blank],
              ]),
              { schema },
            ),
          ),
          JSON.stringify(blank),
        ).toEqual([MSG.required]);
      expect(urlErrors(parseWithZod(form([["name", "N"]]), { schema }))).toEqual([MSG.required]);
      expect(
        urlErrors(
          parseWithZod(
            form([
              ["name", "N"],
              ["url", "www.example.com"],
            ]),
            { schema },
          ),
        ),
      ).toEqual([MSG.url_must_start_with_http]);
    });
  }
});

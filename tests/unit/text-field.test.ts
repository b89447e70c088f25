import { describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { courseSchemas } from "../../contract/schemas/course";
import { text } from "../../contract/schemas/text";

describe("the contract's text field (issue 12)", () => {
  const line = text().trim().min(1, MSG.required);
  const block = text({ multiline: true });
  const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
    r.error?.issues.map((i) => i.message);

  it.each(["a\u0000b", "\u0001", "x\u001f", "x\u007f", "x\u0085y", "x\u009b", "tab\there", "new\nline", "cr\r"])(
    "a one-line text refuses control characters: %j",
    (v) => expect(message(line.safeParse(v))).toEqual([MSG.control_characters]),
  );
  it("multi-line text takes tab, newline and carriage return, nothing else of C0", () => {
    expect(block.safeParse("one\ttwo\r\nthree").success).toBe(true);
    for (const v of ["a\u0000", "\u000b", "\u000c", "\u001b[31m", "\u007f", "\u0085", "\u009b[31m"])
      expect(message(block.safeParse(v)), JSON.stringify(v)).toEqual([MSG.control_characters]);
  });
  it("ordinary text, Thai included, passes; the other checks still apply", () => {
    expect(line.safeParse("หลักสูตร é").success).toBe(true);
    expect(message(line.safeParse("   "))).toEqual([MSG.required]);
  });
  it("a course name with a NUL is refused by the very schema the API and the dashboard use", () => {
    const r = courseSchemas().create.safeParse({ name: "Course\u0000", code: "C1", category: 1, provider: 1 });
    expect(r.success).toBe(false);
    expect(r.error?.issues.find((i) => i.path[0] === "name")?.message).toBe(MSG.control_characters);
  });
});

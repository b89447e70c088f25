import { describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { readForm } from "~/lms/read-form.server";

const post = (body?: BodyInit, contentType?: string) =>
  new Request("http://x/dashboard/course/create", { method: "POST", body, headers: contentType ? { "content-type": contentType } : {} });

describe("readForm: every action's way to read its form (issue 12)", () => {
  it("reads urlencoded and multipart forms", async () => {
    expect((await readForm(post("a=1&b=%E0%B8%81", "application/x-www-form-urlencoded"))).form?.get("b")).toBe("ก");
    const fd = new FormData();
    fd.set("a", "1");
    fd.set("file", new File(["hello"], "x.txt"));
    const read = await readForm(new Request("http://x/", { method: "POST", body: fd }), { maxPartSize: 100 });
    expect(read.form?.get("a")).toBe("1");
    expect(await (read.form?.get("file") as File).text()).toBe("hello");
  });
  it.each([
    ["no body, no type", undefined, undefined, 400, MSG.form_unreadable],
    ["JSON", '{"a":1}', "application/json", 415, MSG.form_content_type],
    ["text", "hello", "text/plain", 415, MSG.form_content_type],
    ["multipart without boundary", "--x\r\n", "multipart/form-data", 400, MSG.form_unreadable],
    ["truncated multipart", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nabc', "multipart/form-data; boundary=x", 400, MSG.form_unreadable],
  ] as const)("refuses %s with %i, as a form-level error", async (_label, body, type, status, message) => {
    const { form, refusal } = await readForm(post(body, type));
    expect(form).toBeUndefined();
    expect(refusal).toMatchObject({ status, message, tooLarge: false, result: { status: "error", error: { "": [message] } } });
  });
  it("says when a file is larger than the form takes", async () => {
    const fd = new FormData();
    fd.set("file", new File(["x".repeat(200)], "x.txt"));
    const { refusal } = await readForm(new Request("http://x/", { method: "POST", body: fd }), { maxPartSize: 100 });
    expect(refusal).toMatchObject({ status: 400, message: MSG.file_too_large, tooLarge: true });
  });
});

import { describe, expect, it } from "vitest";
import { MSG } from "../../contract/messages";
import { FORM_TEXT_BYTES, MAX_FORM_FIELDS, readForm } from "~/lms/read-form.server";

const post = (body?: BodyInit, contentType?: string) =>
  new Request("http://x/dashboard/course/create", {
    method: "POST",
    body,
    headers: contentType ? { "content-type": contentType } : {},
  });

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
    ["no body with a form's type", undefined, "application/x-www-form-urlencoded", 400, MSG.form_unreadable],
    ["JSON", '{"a":1}', "application/json", 415, MSG.form_content_type],
    ["text", "hello", "text/plain", 415, MSG.form_content_type],
    ["multipart without boundary", "--x\r\n", "multipart/form-data", 400, MSG.form_unreadable],
    [
      "truncated multipart",
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nabc',
      "multipart/form-data; boundary=x",
      400,
      MSG.form_unreadable,
    ],
  ] as const)("refuses %s with %i, as a form-level error", async (_label, body, type, status, message) => {
    const { form, refusal } = await readForm(post(body, type));
    expect(form).toBeUndefined();
    expect(refusal).toMatchObject({
      status,
      message,
      tooLarge: false,
      result: { status: "error", error: { "": [message] } },
    });
  });
  it("says when a file is larger than the form takes", async () => {
    const fd = new FormData();
    fd.set("file", new File(["x".repeat(200)], "x.txt"));
    const { refusal } = await readForm(new Request("http://x/", { method: "POST", body: fd }), { maxPartSize: 100 });
    expect(refusal).toMatchObject({ status: 413, message: MSG.file_too_large, tooLarge: true });
  });
  it("takes a file of exactly the size the form takes", async () => {
    const fd = new FormData();
    fd.set("file", new File(["x".repeat(100)], "x.txt"));
    expect(
      (
        (await readForm(new Request("http://x/", { method: "POST", body: fd }), { maxPartSize: 100 })).form?.get(
          "file",
        ) as File
      ).size,
    ).toBe(100);
  });
});

/** A body as a stream without a length (chunked), so only the reading itself can stop it. */
const streamed = (text: string, contentType: string) => {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= bytes.length) return c.close();
      c.enqueue(bytes.subarray(at, (at += 65536)));
    },
  });
  return new Request("http://x/", {
    method: "POST",
    body,
    headers: { "content-type": contentType },
    duplex: "half",
  } as RequestInit);
};

describe("readForm's limits (issue 32): a 413, never an unbounded read", () => {
  it.each([
    ["urlencoded text", `a=${"a".repeat(FORM_TEXT_BYTES)}`, "application/x-www-form-urlencoded"],
    [
      "a multipart part header that never ends",
      `--x\r\nContent-Disposition: form-data; name="a"\r\n${"X".repeat(FORM_TEXT_BYTES)}`,
      "multipart/form-data; boundary=x",
    ],
  ])("refuses %s past the limit, sent without a length", async (_label, text, type) => {
    expect((await readForm(streamed(text, type))).refusal).toMatchObject({
      status: 413,
      message: MSG.form_too_large,
      tooLarge: true,
    });
  });
  it("refuses a body whose length says it is too long before reading it", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({ pull: () => void pulled++ });
    const request = new Request("http://x/", {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(FORM_TEXT_BYTES + 1) },
      duplex: "half",
    } as RequestInit);
    expect((await readForm(request)).refusal).toMatchObject({ status: 413, message: MSG.form_too_large });
    expect(pulled).toBeLessThanOrEqual(1);
  });
  it.each([
    [
      "urlencoded",
      Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => `f${i}=1`).join("&"),
      "application/x-www-form-urlencoded",
    ],
    [
      "multipart",
      `${Array.from({ length: MAX_FORM_FIELDS + 1 }, (_, i) => `--x\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n1\r\n`).join("")}--x--\r\n`,
      "multipart/form-data; boundary=x",
    ],
  ])("refuses more than the fields a form may hold (%s)", async (_label, text, type) => {
    expect((await readForm(streamed(text, type))).refusal).toMatchObject({ status: 413, message: MSG.form_too_large });
  });
  it("takes a form of exactly the fields it may hold", async () => {
    const text = Array.from({ length: MAX_FORM_FIELDS }, (_, i) => `f${i}=1`).join("&");
    expect([
      ...((await readForm(streamed(text, "application/x-www-form-urlencoded"))).form?.keys() ?? []),
    ]).toHaveLength(MAX_FORM_FIELDS);
  });
  it("reads a refused multipart body to its end (the connection then serves the answer)", async () => {
    let ended = false;
    const bytes = new TextEncoder().encode(
      `--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${"x".repeat(300_000)}\r\n--x--\r\n`,
    );
    let at = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (at >= bytes.length) return ((ended = true), c.close());
        c.enqueue(bytes.subarray(at, (at += 16384)));
      },
    });
    const request = new Request("http://x/", {
      method: "POST",
      body,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    expect((await readForm(request, { maxPartSize: 1000 })).refusal).toMatchObject({
      status: 413,
      message: MSG.file_too_large,
    });
    expect(ended).toBe(true);
  });
});

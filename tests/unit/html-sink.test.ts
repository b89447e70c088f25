import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { htmlSink } from "~/lms/html-sink.server";

/** Render through the sink, as app/entry.server.tsx does. */
function render(element: ReturnType<typeof createElement>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => pipe(htmlSink(resolve)),
      onShellError: reject,
    });
  });
}

const THAI = "การบริการลูกค้าอย่างเป็นเลิศ";

describe("htmlSink (React 18.3 writes unused buffer bytes as NULs)", () => {
  it("keeps Thai text whole wherever it meets the end of React's 2 KB write buffer", async () => {
    // Forty list items of Thai (each its own small write), shifted a byte at a time by ASCII
    // padding, so that some character straddles the end of the 2 KB buffer in every run.
    for (let pad = 0; pad < 3; pad++) {
      const items = Array.from({ length: 40 }, (_, i) => createElement("li", { key: i }, THAI));
      const html = await render(createElement("ul", null, createElement("li", null, "a".repeat(pad)), ...items));
      expect(html.includes(0)).toBe(false);
      expect(html.toString("utf8").split(THAI)).toHaveLength(41);
    }
  });

  it("passes ASCII through as written", async () => {
    const text = "plain & <simple>";
    expect((await render(createElement("p", { title: text }, text))).toString("utf8")).toBe(
      '<p title="plain &amp; &lt;simple&gt;">plain &amp; &lt;simple&gt;</p>',
    );
  });
});

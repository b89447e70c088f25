import { describe, expect, it } from "vitest";
import { html } from "~/lms/html";

describe("html (markup built as a string)", () => {
  it("escapes every interpolated value, in text and in quoted attributes", () => {
    const name = `<script>alert("x")</script> & 'co'`;
    expect(html`<a title="${name}">${name}</a>`.value).toBe(
      '<a title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</a>',
    );
  });

  it("writes nested html as it is, joins arrays and skips null, undefined and false", () => {
    const items = ["a<b", "c"].map((v) => html`<li>${v}</li>`);
    expect(html`<ul>${items}${null}${undefined}${false}</ul>`.value).toBe("<ul><li>a&lt;b</li><li>c</li></ul>");
    expect(html`${0}|${true}`.value).toBe("0|true");
  });

  it("does not trust a string that only looks like markup", () => {
    const fake = { value: "<b>" };
    expect(html`${"<b>"}${fake.value}`.value).toBe("&lt;b&gt;&lt;b&gt;");
  });
});

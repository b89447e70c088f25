import { describe, expect, it } from "vitest";
import { DICTIONARIES } from "../../contract/i18n/index";
import { rowLabels, rowsHtml, type Column, type Row } from "~/components/content/list-rows";
import { TextBundle } from "~/i18n/translator";

const COLUMNS: Column[] = [
  { key: "image", labelKey: "col_image", kind: "image" },
  { key: "name", labelKey: "col_name" },
  { key: "code", labelKey: "col_code", kind: "code" },
  { key: "category", labelKey: "col_category", kind: "ref" },
  { key: "publish_status", labelKey: "col_publish", kind: "publish" },
  { key: "datetime_update", labelKey: "col_update", kind: "date" },
  { key: "is_display", labelKey: "col_display", kind: "display" },
];
const HOSTILE = `<img src=x onerror="alert(1)"> & 'Co'`;
const ROWS: Row[] = [
  {
    id: 7,
    name: HOSTILE,
    image: `/m/a".png`,
    code: "<C1>",
    category: "Tech & <Data>",
    publish_label: "publish_label_published",
    datetime_update: "2026-11-20T10:00:00Z",
    is_display: true,
  },
  {
    id: 8,
    name: "Plain",
    image: null,
    code: null,
    category: null,
    publish_label: "publish_label_draft",
    datetime_update: null,
    is_display: false,
  },
];

async function labels() {
  return rowLabels(new TextBundle("en").add(DICTIONARIES.en).translator().t);
}

describe("list rows as markup", () => {
  it("escapes every value from the API, in text and attributes", async () => {
    const out = rowsHtml({
      columns: COLUMNS,
      rows: ROWS,
      itemBase: "/dashboard/course",
      can: { publish: true, delete: true },
      labels: await labels(),
      language: "en",
      deleteBase: "?page=2&delete=",
      offset: 420,
    });
    expect(out).not.toContain("<img src=x");
    expect(out).not.toContain("<C1>");
    expect(out).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;Co&#39;");
    expect(out).toContain('src="/m/a&quot;.png"');
    expect(out).toContain('<td data-label="Category">Tech &amp; &lt;Data&gt;</td>');
    expect(out).toContain('href="?page=2&amp;delete=7"');
    expect(out).toContain(
      `aria-label="${DICTIONARIES.en.action_hide_named.replace("{{name}}", "&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;Co&#39;")}"`,
    );
  });

  it("writes one row per item, a cell per column plus the actions, and what each kind shows", async () => {
    const l = await labels();
    const out = rowsHtml({
      columns: COLUMNS,
      rows: ROWS,
      itemBase: "/dashboard/course",
      can: { publish: true, delete: true },
      labels: l,
      language: "en",
      deleteBase: "?delete=",
      offset: 420,
    });
    const rows = out.split("</tr>").filter(Boolean);
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.match(/<td[ >]/g)).toHaveLength(COLUMNS.length + 1);
    expect(rows[0]).toContain('<a href="/dashboard/course/7" class="row-name">');
    expect(rows[0]).toContain('<td class="code" data-label="Code">&lt;C1&gt;</td>');
    expect(rows[0]).toContain(`<span class="badge badge-published">${DICTIONARIES.en.publish_label_published}</span>`);
    // The date kind (docs/decisions/025), in the organisation's zone; it never breaks inside.
    expect(rows[0]).toContain('<time datetime="2026-11-20T10:00:00Z">20\u00a0Nov\u00a02026</time>');
    expect(rows[0]).toMatch(
      /<button type="submit" form="list-row-actions" name="hide" value="7" role="switch" aria-checked="true"/,
    );
    expect(rows[1]).toContain('<span class="thumb"></span>');
    expect(rows[1]).toContain('<td class="code" data-label="Code"></td>');
    expect(rows[1]).toContain('<td data-label="Category">—</td>');
    expect(rows[1]).toMatch(/name="show" value="8" role="switch" aria-checked="false"/);
  });

  it("leaves out what the account may not do", async () => {
    const out = rowsHtml({
      columns: COLUMNS,
      rows: ROWS,
      itemBase: "/dashboard/course",
      can: { publish: false, delete: false },
      labels: await labels(),
      language: "en",
      deleteBase: "?delete=",
      offset: 420,
    });
    expect(out).not.toContain("<button");
    expect(out).not.toContain("row-delete");
    expect(out).toContain(`<td data-label="${DICTIONARIES.en.col_display}">${DICTIONARIES.en.state_shown}</td>`);
  });

  it("names each cell's column, which a card shows above 1920 px (spec 000 §9; issue 33 R145)", async () => {
    const out = rowsHtml({
      columns: COLUMNS,
      rows: ROWS,
      itemBase: "/dashboard/course",
      can: { publish: true, delete: true },
      labels: await labels(),
      language: "en",
      deleteBase: "?delete=",
      offset: 420,
    });
    const first = out.split("</tr>")[0];
    expect(first.match(/data-label="[^"]*"/g)).toEqual(
      COLUMNS.map((c) => `data-label="${DICTIONARIES.en[c.labelKey as keyof typeof DICTIONARIES.en] ?? c.labelKey}"`),
    );
  });
});

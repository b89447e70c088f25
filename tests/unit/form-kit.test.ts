import { useForm } from "@conform-to/react";
import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import {
  CheckboxField,
  Field,
  MultiSelectField,
  RadioGroupField,
  SelectField,
  TextareaField,
} from "~/components/forms";

/** The form kit (app/components/forms.tsx): every control wires its label, aria-invalid, aria-describedby and error list. */
const html = (el: ReactElement) => renderToStaticMarkup(el);
const attr = (markup: string, tag: string, name: string) =>
  new RegExp(`<${tag}\\b[^>]*\\s${name}="([^"]*)"`).exec(markup)?.[1];
const options = [
  { value: "a", label: "Alpha" },
  { value: "b", label: "Beta" },
];

const controls: { kind: string; tag: string; render: (errors?: string[], help?: string) => ReactElement }[] = [
  {
    kind: "Field",
    tag: "input",
    render: (errors, help) =>
      createElement(Field, {
        id: "f-x",
        name: "x",
        label: "Name",
        errors,
        help,
        inputProps: { type: "text", defaultValue: "v" },
      }),
  },
  {
    kind: "TextareaField",
    tag: "textarea",
    render: (errors, help) =>
      createElement(TextareaField, { id: "f-x", name: "x", label: "Name", errors, help, textareaProps: { rows: 4 } }),
  },
  {
    kind: "SelectField",
    tag: "select",
    render: (errors, help) =>
      createElement(SelectField, { id: "f-x", name: "x", label: "Name", errors, help, options, emptyOption: "Choose" }),
  },
  {
    kind: "CheckboxField",
    tag: "input",
    render: (errors, help) => createElement(CheckboxField, { id: "f-x", name: "x", label: "Name", errors, help }),
  },
  {
    kind: "MultiSelectField",
    tag: "select",
    render: (errors, help) =>
      createElement(MultiSelectField, {
        id: "f-x",
        name: "x",
        label: "Name",
        errors,
        help,
        options,
        defaultValue: ["b"],
      }),
  },
];

describe.each(controls)("$kind", ({ tag, render }) => {
  it("labels its control by id and names it", () => {
    const out = html(render());
    expect(out).toContain('<label for="f-x"');
    expect(attr(out, tag, "id")).toBe("f-x");
    expect(attr(out, tag, "name")).toBe("x");
  });

  it("is neither invalid nor described without errors or help", () => {
    const out = html(render());
    expect(out).not.toContain("aria-invalid");
    expect(out).not.toContain("aria-describedby");
    expect(out).not.toContain('role="alert"');
  });

  it("with errors: aria-invalid, described by the rendered error list, the errors shown", () => {
    const out = html(render(["Too long", "Not allowed"]));
    expect(attr(out, tag, "aria-invalid")).toBe("true");
    expect(attr(out, tag, "aria-describedby")).toBe("f-x-error");
    expect(out).toMatch(
      /<div id="f-x-error"[^>]*role="alert"><ul[^>]*><li>Too long<\/li><li>Not allowed<\/li><\/ul><\/div>/,
    );
  });

  it("describes its control by the help text too, with or without errors", () => {
    expect(attr(html(render(undefined, "At most 10")), tag, "aria-describedby")).toBe("f-x-hint");
    const out = html(render(["Wrong"], "At most 10"));
    expect(attr(out, tag, "aria-describedby")).toBe("f-x-error f-x-hint");
    expect(out).toContain('<p id="f-x-hint" class="mt-1 text-xs text-slate-600">At most 10</p>');
  });

  it("ignores empty error entries", () => {
    const out = html(render([null, ""] as unknown as string[]));
    expect(out).not.toContain("aria-invalid");
    expect(out).not.toContain("f-x-error");
  });
});

describe("kit details", () => {
  it("keeps today's markup of a plain input", () => {
    expect(html(createElement(Field, { id: "u", name: "u", label: "User", inputProps: { type: "text" } }))).toBe(
      '<div><label for="u" class="mb-1 block text-sm font-medium text-slate-700">User</label>' +
        '<input name="u" type="text" id="u" class="block w-full rounded border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 aria-[invalid]:border-red-600"/></div>',
    );
  });

  it("gives a select its empty option and marks a required label", () => {
    const out = html(
      createElement(SelectField, {
        id: "s",
        name: "s",
        label: "Pick",
        requiredMark: true,
        options,
        emptyOption: "Choose",
        selectProps: { defaultValue: "b" },
      }),
    );
    expect(out).toContain(
      '<option value="">Choose</option><option value="a">Alpha</option><option value="b" selected="">Beta</option>',
    );
    expect(out).toContain('<span aria-hidden="true" class="text-red-700"> *</span>');
  });

  it("a multi-select posts every chosen value; few options become labelled checkboxes in a described fieldset", () => {
    const select = html(
      createElement(MultiSelectField, { id: "m", name: "m", label: "Tags", options, defaultValue: ["a", "b"] }),
    );
    expect(select).toMatch(/<select[^>]*multiple=""/);
    expect(select.match(/selected=""/g)).toHaveLength(2);
    const boxes = html(
      createElement(MultiSelectField, {
        id: "m",
        name: "m",
        label: "Tags",
        options,
        defaultValue: ["b"],
        checkboxLimit: 12,
        errors: ["Choose one"],
      }),
    );
    expect(boxes).toContain('<fieldset aria-describedby="m-error"><legend');
    expect(boxes.match(/<input type="checkbox" name="m"/g)).toHaveLength(2);
    expect(boxes).toContain('checked="" value="b"');
    expect(boxes.match(/aria-invalid="true"/g)).toHaveLength(2);
    expect(boxes).toContain('<div id="m-error"');
  });

  it("a radio group is a described fieldset of radios", () => {
    const out = html(
      createElement(RadioGroupField, {
        id: "r",
        name: "r",
        label: "Way",
        options,
        defaultValue: "a",
        errors: ["Pick one"],
        help: "Either",
      }),
    );
    expect(out).toContain('<fieldset aria-describedby="r-error r-hint"><legend');
    expect(out).toContain('<input type="radio" name="r" aria-invalid="true" class="h-4 w-4" checked="" value="a"/>');
    expect(out).toContain('<div id="r-error"');
  });

  it("takes its id, name and constraints from conform's field metadata", () => {
    function Form() {
      const [, fields] = useForm({
        id: "signin",
        constraint: { user: { required: true } },
        defaultValue: { user: "ann" },
      });
      return createElement(Field, { meta: fields.user, label: "User", errors: ["Unknown user"] });
    }
    const out = html(createElement(Form));
    const id = attr(out, "input", "id")!;
    expect(id).toMatch(/^signin-/);
    expect(out).toContain(`<label for="${id}"`);
    expect(attr(out, "input", "name")).toBe("user");
    expect(attr(out, "input", "value")).toBe("ann");
    expect(out).toMatch(/<input[^>]*required=""/);
    expect(attr(out, "input", "aria-describedby")).toBe(`${id}-error`);
    expect(out).toContain(`<div id="${id}-error"`);
  });
});

import * as conform from "@conform-to/react";
import { describe, expect, it } from "vitest";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "~/components/form-props";

/**
 * app/components/form-props.ts stands in for conform's helpers in the browser (docs/decisions/087):
 * the same props, in the same order (the order of the markup's attributes), for every metadata
 * the dashboard's forms give them.
 */
const field = (over: Record<string, unknown> = {}) => ({
  id: "f-name",
  name: "name",
  formId: "f",
  errorId: "f-name-error",
  descriptionId: "f-name-description",
  key: undefined,
  valid: !over.errors,
  ...over,
});

const metas = [
  field(),
  field({ initialValue: "Safety" }),
  field({ initialValue: ["a", "b"], multiple: true }),
  field({ initialValue: 3 }),
  field({ initialValue: "on" }),
  field({
    errors: ["required"],
    required: true,
    minLength: 2,
    maxLength: 40,
    pattern: "\\d+",
    min: 1,
    max: 9,
    step: 1,
    accept: ".png",
  }),
  field({ errors: [], initialValue: null }),
];

const same = (ours: object, theirs: object) => {
  expect(Object.entries(ours)).toEqual(Object.entries(theirs));
};

describe("form props (conform's helpers, as the dashboard uses them)", () => {
  it("gives inputs conform's props, every type and value option", () => {
    for (const m of metas)
      for (const options of [
        { type: "text" },
        { type: "password" },
        { type: "number" },
        { type: "checkbox" },
        { type: "radio", value: "b" },
        { type: "checkbox", value: "a" },
        { type: "text", value: false },
      ] as const)
        same(getInputProps(m, options), conform.getInputProps(m as never, options as never));
  });

  it("gives selects and textareas conform's props", () => {
    for (const m of metas) {
      same(getSelectProps(m), conform.getSelectProps(m as never));
      same(getSelectProps(m, { value: false }), conform.getSelectProps(m as never, { value: false }));
      same(getTextareaProps(m), conform.getTextareaProps(m as never));
    }
  });

  it("gives forms conform's props", () => {
    for (const m of [
      { ...field({ id: "f" }), noValidate: true, onSubmit: undefined },
      { ...field({ id: "f", errors: ["bad"] }), noValidate: true, onSubmit: undefined },
    ])
      same(getFormProps(m), conform.getFormProps(m as never));
  });
});

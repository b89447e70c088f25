import { useTranslation } from "~/i18n/react";
import { CheckboxField, ErrorList, Field, SelectField } from "~/components/forms";
import { errorsAt, shownValue, type FormResult } from "~/lms/form-result";

/**
 * A list of sub-forms inside one form (settings per section and per material, conditions per
 * group…): one fieldset per item with the same fields, named as conform reads nested lists —
 * `{name}[i].{field}`, and `{name}[i].{childName}[j].{field}` for an item's children. The item id
 * travels in a hidden `…id` field. Values come from the last refused submission, else the saved
 * ones; errors from the submission result by full field name.
 */
export type SubField = {
  name: string;
  label: string;
  kind: "checkbox" | "select" | "number" | "text";
  options?: { value: string; label: string }[];
  min?: number;
  max?: number;
  placeholder?: string;
  pattern?: string;
  /** Shown under the field of every item. */
  hint?: string;
};
export type SubItem = {
  id: number;
  title: string;
  subtitle?: string;
  values: Record<string, unknown>;
  children?: SubItem[];
};

/** Wide screens: every field of a sub-form on one line (up to six). */
const COLUMNS: Record<number, string> = {
  3: "lg:grid-cols-3",
  4: "lg:grid-cols-4",
  5: "lg:grid-cols-5",
  6: "lg:grid-cols-6",
};
const htmlId = (name: string) => `f-${name.replace(/[^A-Za-z0-9]+/g, "-")}`;
const inputClass =
  "block w-full rounded border border-slate-300 px-2 py-1.5 text-sm shadow-sm focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30 aria-[invalid]:border-red-600";

function SubFieldInput({
  field,
  fullName,
  saved,
  result,
}: {
  field: SubField;
  fullName: string;
  saved: unknown;
  result: FormResult;
}) {
  const { t } = useTranslation();
  const wiring = {
    id: htmlId(fullName),
    name: fullName,
    label: field.label,
    errors: errorsAt(result, fullName)?.map((e) => t(e)),
    help: field.hint,
  };
  if (field.kind === "checkbox") {
    return (
      <CheckboxField
        {...wiring}
        className="self-end pb-1.5"
        inputProps={{ defaultChecked: shownValue(result, fullName, saved, "checkbox") as boolean }}
      />
    );
  }
  const value = shownValue(result, fullName, saved) as string;
  const look = { labelClassName: "mb-1 block text-xs font-medium text-slate-700", controlClassName: inputClass };
  if (field.kind === "select")
    return <SelectField {...wiring} {...look} options={field.options ?? []} selectProps={{ defaultValue: value }} />;
  const number = field.kind === "number";
  return (
    <Field
      {...wiring}
      {...look}
      inputProps={{
        type: number ? "number" : "text",
        inputMode: number ? "numeric" : undefined,
        min: field.min,
        max: field.max,
        placeholder: field.placeholder,
        pattern: field.pattern,
        defaultValue: value,
      }}
    />
  );
}

function SubForm({
  item,
  prefix,
  fields,
  result,
  nested,
}: {
  item: SubItem;
  prefix: string;
  fields: SubField[];
  result: FormResult;
  nested?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const idErrors = errorsAt(result, `${prefix}.id`)?.map((e) => t(e));
  return (
    <fieldset className="rounded border border-slate-200 bg-white p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {item.title}
        {item.subtitle ? <span className="ml-2 text-xs font-normal text-slate-600">{item.subtitle}</span> : null}
      </legend>
      <input type="hidden" name={`${prefix}.id`} value={item.id} />
      <ErrorList errors={idErrors} />
      <div className={`grid gap-3 sm:grid-cols-2 ${COLUMNS[Math.min(fields.length, 6)] ?? ""}`}>
        {fields.map((f) => (
          <SubFieldInput
            key={f.name}
            field={f}
            fullName={`${prefix}.${f.name}`}
            saved={item.values[f.name]}
            result={result}
          />
        ))}
      </div>
      {nested}
    </fieldset>
  );
}

export function SubFormList({
  name,
  items,
  fields,
  result,
  childName,
  childFields,
  childrenLabel,
}: {
  name: string;
  items: SubItem[];
  fields: SubField[];
  result: FormResult;
  childName?: string;
  childFields?: SubField[];
  childrenLabel?: string;
}) {
  return (
    <div className="space-y-4">
      {items.map((item, i) => {
        const prefix = `${name}[${i}]`;
        const children = childName && childFields && item.children?.length ? item.children : null;
        return (
          <SubForm
            key={item.id}
            item={item}
            prefix={prefix}
            fields={fields}
            result={result}
            nested={
              children ? (
                <div className="mt-4 border-l-2 border-slate-200 pl-4">
                  {childrenLabel ? (
                    <p className="mb-2 text-xs font-medium uppercase tracking-wide text-slate-600">{childrenLabel}</p>
                  ) : null}
                  <div className="space-y-3">
                    {children.map((child, j) => (
                      <SubForm
                        key={child.id}
                        item={child}
                        prefix={`${prefix}.${childName}[${j}]`}
                        fields={childFields!}
                        result={result}
                      />
                    ))}
                  </div>
                </div>
              ) : null
            }
          />
        );
      })}
    </div>
  );
}

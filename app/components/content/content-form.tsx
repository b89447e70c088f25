import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { getFormProps } from "~/components/form-props";
import { useForm } from "~/components/use-form";
import { Form, useBlocker } from "@remix-run/react";
import { Fragment, lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";
import {
  CHECKBOX_LIMIT,
  CheckboxField,
  CsrfInput,
  ErrorList,
  Field,
  MultiSelectField,
  SelectField,
  TextareaField,
} from "~/components/forms";
import { SaveBar } from "~/components/form-basics";
import type { Option } from "~/lms/content.server";
import { useSubmitting } from "~/components/use-submitting";
import type { AccountSearchState } from "./account-field";
import { useItemWritable } from "./item-writable";
import { ChoiceButton, useChoices } from "./field-choices";

// Only a few types' forms have an account field (a user's supervisor): the others do not load it.
// The server renders it in place (the document is sent once everything is ready, app/entry.server.tsx),
// and the browser hydrates it when its chunk arrives.
const AccountField = lazy(() => import("./account-field").then((m) => ({ default: m.AccountField })));

type RegistryField = {
  name: string;
  labelKey: string;
  kind: string;
  source?: string;
  noneKey?: string;
  helpKey?: string;
  showWhen?: { field: string; values: string[] };
};
type Constraint = Record<
  string,
  { required?: boolean; maxLength?: number; minLength?: number; pattern?: string; multiple?: boolean }
>;
type Props = {
  id: string;
  fields: RegistryField[];
  options: Record<string, Option[]>;
  constraint: Constraint;
  defaultValue: Record<string, unknown>;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
  /** Shown but not editable (the user may view, not change). */
  readOnly?: boolean;
  /** The last search of each account field (its choices are in `options`). */
  searches?: Record<string, AccountSearchState>;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, any>;

/**
 * The generic content form: one column, labels above fields, the registry's fields, validated on
 * the server only (zod stays out of the client; the browser gets the schema's constraints). With
 * JavaScript, leaving with unsaved changes asks first.
 */
export function ContentForm({
  id,
  fields,
  options,
  constraint,
  defaultValue,
  lastResult,
  submitLabel,
  readOnly: asked = false,
  searches,
}: Props) {
  const writable = useItemWritable();
  const readOnly = asked || !writable;
  const { t } = useTranslation();
  const busy = useSubmitting();
  const [form, meta] = useForm({
    id,
    lastResult,
    constraint,
    defaultValue: defaultValue as Record<string, string>,
    shouldValidate: "onSubmit",
  });
  const dirty = form.dirty && !busy;
  const tr = (errors?: string[]) => errors?.map((e) => t(e));
  // A choice's own fields only (registry `showWhen`): field-choices.tsx.
  const choices = useChoices(
    fields,
    (name) => (meta[name as keyof typeof meta] as unknown as Meta | undefined)?.initialValue,
  );
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onChange={choices.onChange}
      className="max-w-2xl space-y-5 rounded border border-slate-200 bg-white p-5 [&>input[type=hidden]]:hidden"
    >
      <CsrfInput />
      <LeaveConfirmation dirty={dirty} message={t("leave_unsaved")} />
      {/* Enter in a field submits the form's first button: with an account search or a choice's
          button (their own buttons inside the form) that would search, so the form's first button
          is an unseen save. */}
      {!readOnly && (fields.some((f) => f.kind === "account") || choices.controllers.size) ? (
        <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" />
      ) : null}
      <ErrorList id={form.errorId} errors={tr(form.errors)} />
      <fieldset disabled={readOnly} className="space-y-5">
        {fields
          .filter((f) => choices.isShown(f))
          .map((f) => (
            <Fragment key={f.name}>
              <ContentField
                field={f}
                meta={meta[f.name as keyof typeof meta] as unknown as Meta}
                options={options[f.name] ?? []}
                required={constraint[f.name]?.required}
                maxLength={constraint[f.name]?.maxLength}
                search={searches?.[f.name]}
              />
              {!readOnly && choices.controllers.has(f.name) ? <ChoiceButton /> : null}
            </Fragment>
          ))}
      </fieldset>
      {/* Left out, not `hidden`: the `flex` class would show a hidden div anyway. */}
      {readOnly ? null : <SaveBar busy={busy}>{submitLabel}</SaveBar>}
    </Form>
  );
}

/** One registry field, through the form kit. */
function ContentField(p: {
  field: RegistryField;
  meta: Meta;
  options: Option[];
  required?: boolean;
  maxLength?: number;
  search?: AccountSearchState;
}) {
  const { field: f, meta: m, options, required, maxLength } = p;
  const { t } = useTranslation();
  // The registry's help text says what a setting does (a class's check-in options, docs/decisions/046).
  const wiring = {
    meta: m,
    label: t(f.labelKey),
    errors: (m.errors as string[] | undefined)?.map((e) => t(e)),
    ...(f.helpKey ? { help: t(f.helpKey) } : {}),
  };
  if (f.kind === "account") {
    return (
      <Suspense fallback={null}>
        <AccountField {...wiring} noneLabel={t(f.noneKey ?? "account_none")} options={options} search={p.search} />
      </Suspense>
    );
  }
  if (f.kind === "checkbox") return <CheckboxField {...wiring} controlClassName="mt-1 h-4 w-4" />;
  if (f.kind === "multiselect") {
    // The set of checkboxes has a legend without the required mark, as before.
    const boxes = options.length <= CHECKBOX_LIMIT;
    return (
      <MultiSelectField
        {...wiring}
        options={options}
        checkboxLimit={CHECKBOX_LIMIT}
        defaultValue={selectDefault(m.initialValue, true) as string[]}
        requiredMark={!boxes && required}
      />
    );
  }
  if (f.kind === "select") {
    // A code list's options carry a label key (app/lms/code-options.ts), a filter list's their names.
    const shown = options.map((o) => (o.labelKey ? { ...o, label: t(o.labelKey) } : o));
    return (
      <SelectField
        {...wiring}
        requiredMark={required}
        options={shown}
        emptyOption={t("choose")}
        selectProps={{ defaultValue: selectDefault(m.initialValue, false) }}
      />
    );
  }
  const help = maxLength ? t("max_characters", { n: maxLength }) : undefined;
  if (f.kind === "textarea")
    return <TextareaField {...wiring} requiredMark={required} help={help} textareaProps={{ rows: 6 }} />;
  if (f.kind === "hidden")
    return <input type="hidden" name={m.name} defaultValue={m.initialValue == null ? "" : String(m.initialValue)} />;
  const input = INPUT_KINDS[f.kind];
  // The registry's help (a date-time's zone, docs/decisions/077) unless the length limit speaks.
  return (
    <Field {...wiring} requiredMark={required} help={(input ? undefined : help) ?? wiring.help} inputProps={input} />
  );
}

/**
 * The input each registry kind beyond text is (FormField in app/registry/content.js): the browser
 * offers the right keyboard and picker, and a password manager knows a new password when it sees one.
 */
const INPUT_KINDS: Record<string, React.InputHTMLAttributes<HTMLInputElement>> = {
  password: { type: "password", autoComplete: "new-password" },
  email: { type: "email", autoComplete: "off" },
  tel: { type: "tel", autoComplete: "off" },
  date: { type: "date" },
  // A moment to the minute (a live's start and end); the registry field's help says which zone.
  datetime: { type: "datetime-local" },
  number: { type: "number", min: 0, inputMode: "numeric" },
  // Signed, with decimals (a location's latitude and longitude).
  decimal: { type: "text", inputMode: "decimal", autoComplete: "off" },
};

function selectDefault(v: unknown, multiple: boolean) {
  if (multiple) return Array.isArray(v) ? v.map(String) : v ? String(v).split(",") : [];
  return v == null ? "" : String(v);
}

/**
 * Ask before leaving a form with unsaved changes (in-app navigation and closing the tab). A
 * component of its own beside the fields, not a hook of the form: useBlocker sets its state right
 * after hydration, and an update in the form itself would reach the account field's Suspense
 * boundary while its chunk is still loading — React's error #421, the field thrown away and drawn
 * again (issue 33).
 */
function LeaveConfirmation({ dirty, message }: { dirty: boolean; message: string }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (blocker.state !== "blocked" || asked) return;
    setAsked(true);
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
    setAsked(false);
  }, [blocker, asked, message]);
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
  return null;
}

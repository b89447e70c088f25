import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { getFormProps } from "~/components/form-props";
import { useForm } from "~/components/use-form";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ChecklistRow } from "../../../contract/schemas/activity";
import {
  CheckboxField,
  controlClass,
  CsrfInput,
  ErrorList,
  Field,
  SelectField,
  TextareaField,
} from "~/components/forms";
import { useRoomsOf, type PlaceChoice } from "~/components/place-fields";
import { FormSubmit } from "./form-submit";

type Constraint = Record<
  string,
  { required?: boolean; maxLength?: number; min?: number | string; max?: number | string }
>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, any>;

/** The values a checklist form starts from: a saved checklist's, or a new one's defaults. */
export function checklistDefaults(row?: ChecklistRow): Record<string, string | undefined> {
  const on = (v: boolean) => (v ? "on" : undefined);
  if (!row) {
    return {
      full_score: "100",
      pass_score: "60",
      is_check_by_learner: "on",
      is_check_by_inspector: "on",
      is_verify_by_inspector: "on",
      is_verify_by_admin: "on",
    };
  }
  return {
    name: row.name,
    desc: row.desc,
    full_score: String(row.full_score),
    pass_score: String(row.pass_score),
    location: row.location ? String(row.location.id) : "",
    room: row.room ? String(row.room.id) : "",
    is_check_by_learner: on(row.is_check_by_learner),
    is_check_by_inspector: on(row.is_check_by_inspector),
    is_verify_by_inspector: on(row.is_verify_by_inspector),
    is_verify_by_admin: on(row.is_verify_by_admin),
    is_attach_file: on(row.is_attach_file),
  };
}

/**
 * A checklist's fields (spec 001 §3 "Activity checklist"): name, description, full and pass
 * scores, location and room (chosen from the locations list, the room among the location's:
 * components/place-fields.tsx), who checks learners in, who verifies, whether a file is attached.
 * A plain POST form posting `intent`; validated on the server (the browser gets the schema's
 * constraints, not zod), refusals — the API's too — come back onto their fields.
 */
export function ChecklistForm({
  id,
  intent,
  constraint,
  defaultValue,
  lastResult,
  submitLabel,
  places,
}: {
  id: string;
  intent: string;
  /** The locations and their rooms to choose from (app/lms/places.server.ts). */
  places: { locations: PlaceChoice[]; rooms: PlaceChoice[] };
  constraint: Constraint;
  defaultValue: Record<string, string | undefined>;
  lastResult?: SubmissionResult<string[]> | null;
  submitLabel: string;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id,
    lastResult,
    constraint: constraint as never,
    defaultValue,
    shouldValidate: "onSubmit",
  });
  const wire = (name: keyof typeof fields, label: string) => {
    const meta = fields[name] as unknown as Meta;
    return {
      meta,
      label,
      errors: (meta.errors as string[] | undefined)?.map((e) => t(e)),
      requiredMark: constraint[name]?.required,
    };
  };
  const score = (name: "full_score" | "pass_score", label: string, help: string) => (
    <Field
      {...wire(name, label)}
      help={help}
      controlClassName={`${controlClass} max-w-[8rem]`}
      inputProps={{ type: "number", inputMode: "numeric", step: 1 }}
    />
  );
  const box = (name: keyof typeof fields, label: string) => (
    <CheckboxField {...wire(name, label)} requiredMark={false} />
  );
  const rooms = useRoomsOf(places.rooms, fields.location.initialValue);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <CsrfInput />
      <input type="hidden" name="intent" value={intent} />
      <ErrorList id={form.errorId} errors={form.errors?.map((e) => t(e))} />
      <Field {...wire("name", t("act_field_name"))} />
      <TextareaField {...wire("desc", t("act_field_desc"))} textareaProps={{ rows: 3 }} />
      <div className="grid gap-4 sm:grid-cols-2">
        {score("full_score", t("act_field_full_score"), t("act_hint_full_score", { max: constraint.full_score?.max }))}
        {score("pass_score", t("act_field_pass_score"), t("act_hint_pass_score"))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          {...wire("location", t("act_field_location"))}
          options={places.locations}
          emptyOption={t("act_place_none")}
          selectProps={{ onChange: (e) => rooms.choose(e.currentTarget.value) }}
        />
        <SelectField
          {...wire("room", t("act_field_room"))}
          options={rooms.options}
          emptyOption={t("act_place_none")}
          grouped
        />
      </div>
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t("act_field_check_by")}</legend>
        {box("is_check_by_learner", t("act_check_by_learner"))}
        {box("is_check_by_inspector", t("act_check_by_inspector"))}
      </fieldset>
      <fieldset className="space-y-1">
        <legend className="mb-1 text-sm font-medium text-slate-700">{t("act_field_verify_by")}</legend>
        {box("is_verify_by_inspector", t("act_verify_by_inspector"))}
        {box("is_verify_by_admin", t("act_verify_by_admin"))}
      </fieldset>
      {box("is_attach_file", t("act_field_attach_file"))}
      <FormSubmit label={submitLabel} />
    </Form>
  );
}

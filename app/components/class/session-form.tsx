import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { getFormProps } from "~/components/form-props";
import { useForm } from "~/components/use-form";
import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { ClassSession } from "../../../contract/schemas/class";
import { DEFAULT_SESSION_START } from "../../../contract/class-codes";
import {
  CheckboxField,
  controlClass,
  CsrfInput,
  ErrorList,
  Field,
  MultiSelectField,
  SelectField,
  TextareaField,
  type ChoiceOption,
} from "~/components/forms";
import { FormSubmit } from "~/components/activity/form-submit";
import { OverlapNotice, SaveAnyway, type Clash } from "./overlap-confirm";
// The room select follows the location (the API refuses a room of another location: cls_msg_room_not_in_location).
import { useRoomsOf } from "~/components/place-fields";

type Constraint = Record<
  string,
  { required?: boolean; maxLength?: number; min?: number | string; max?: number | string }
>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, any>;
type Choice = { value: string; label: string; labelKey?: string; location?: string; locationId?: string };
export type SessionChoices = { types: Choice[]; locations: Choice[]; rooms: Choice[]; instructors: Choice[] };

/** The values a session form starts from: a saved session's, or a new one's (spec 002: start 06:00, classroom). */
export function sessionDefaults(s?: ClassSession): Record<string, string | string[] | undefined> {
  // A new session is checked in by QR code, as every session was before the switch (docs/decisions/077).
  if (!s) return { type: "3", start_time: DEFAULT_SESSION_START, capacity: "0", is_qr_code: "on" };
  const on = (v: boolean) => (v ? "on" : undefined);
  return {
    name: s.name,
    desc: s.desc,
    type: String(s.type),
    date: s.date,
    start_time: s.start_time,
    end_time: s.end_time,
    location: s.location ? String(s.location.id) : "",
    room: s.room ? String(s.room.id) : "",
    capacity: String(s.capacity),
    is_display: on(s.is_display),
    is_qr_code: on(s.is_qr_code),
    instructor_list: s.instructor_list.map((i) => String(i.id)),
  };
}

/** conform's initial value of a multiple choice: none, one text or a list. */
const chosenOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === "string" && v ? [v] : []);

/**
 * A session's fields (spec 001 §3 "Session and schedule"): name, description, type, date, start
 * and end times in the organisation's zone, location and room (the API's session-options), capacity
 * (0 = unlimited), shown to learners and instructors, checked in by QR code or by hand only (the
 * schedule's is_qr_code, docs/decisions/077; the link and playback are the session's live page,
 * docs/decisions/045). A plain POST form posting
 * intent save, validated on the server; every refusal — the API's field errors too — comes back
 * onto its field. When the API found overlapping sessions, the same form comes back with them
 * listed and a "save anyway" button that posts every field again with confirm_overlap.
 */
export function SessionForm(p: {
  id: string;
  constraint: Constraint;
  choices: SessionChoices;
  defaultValue: Record<string, string | string[] | undefined>;
  lastResult?: SubmissionResult<string[]> | null;
  overlap: Clash[];
  submitLabel: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: p.id,
    lastResult: p.lastResult,
    constraint: p.constraint as never,
    defaultValue: p.defaultValue,
    shouldValidate: "onSubmit",
  });
  const wire = (name: keyof typeof fields, label: string) => {
    const meta = fields[name] as unknown as Meta;
    return {
      meta,
      label,
      errors: (meta.errors as string[] | undefined)?.map((e) => t(e)),
      requiredMark: p.constraint[name]?.required,
    };
  };
  const label = (o: Choice): ChoiceOption => ({ value: o.value, label: o.labelKey ? t(o.labelKey) : o.label });
  // The form's location as it starts (after a refusal: the one posted).
  const rooms = useRoomsOf(p.choices.rooms, fields.location.initialValue);
  const box = (name: keyof typeof fields, text: string, help?: string) => (
    <CheckboxField {...wire(name, text)} help={help} requiredMark={false} />
  );
  const narrow = `${controlClass} max-w-[10rem]`;
  const clashing = p.overlap.length > 0 && !p.readOnly;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <CsrfInput />
      <input type="hidden" name="intent" value="save" />
      {clashing ? <OverlapNotice clashes={p.overlap} backTo={fields.start_time.id} /> : null}
      <ErrorList id={form.errorId} errors={form.errors?.map((e) => t(e))} />
      <fieldset disabled={p.readOnly} className="space-y-4">
        <Field {...wire("name", t("cls_field_name"))} />
        <TextareaField {...wire("desc", t("cls_field_desc"))} textareaProps={{ rows: 3 }} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            {...wire("type", t("cls_field_type"))}
            options={p.choices.types.map(label)}
            requiredMark={false}
          />
          <Field {...wire("date", t("cls_field_date"))} inputProps={{ type: "date" }} controlClassName={narrow} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            {...wire("start_time", t("cls_field_start_time"))}
            inputProps={{ type: "time" }}
            controlClassName={narrow}
            requiredMark={false}
          />
          <Field
            {...wire("end_time", t("cls_field_end_time"))}
            inputProps={{ type: "time" }}
            controlClassName={narrow}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            {...wire("location", t("cls_field_location"))}
            options={p.choices.locations.map(label)}
            emptyOption={t("cls_none")}
            selectProps={{ onChange: (e) => rooms.choose(e.currentTarget.value) }}
          />
          <SelectField
            {...wire("room", t("cls_field_room"))}
            options={rooms.options}
            emptyOption={t("cls_none")}
            grouped
          />
        </div>
        <Field
          {...wire("capacity", t("cls_field_capacity"))}
          requiredMark={false}
          controlClassName={narrow}
          inputProps={{ type: "number", inputMode: "numeric", step: 1 }}
        />
        <MultiSelectField
          {...wire("instructor_list", t("cls_field_instructor_list"))}
          options={p.choices.instructors.map(label)}
          defaultValue={chosenOf(fields.instructor_list.initialValue)}
          checkboxLimit={8}
          grouped
          empty={<p className="text-sm text-slate-600">{t("cls_none")}</p>}
        />
        <fieldset className="space-y-1">
          {box("is_display", t("cls_field_is_display"))}
          {box("is_qr_code", t("cls_field_is_qr_code"), t("cls_help_is_qr_code"))}
        </fieldset>
      </fieldset>
      {p.readOnly ? null : clashing ? <SaveAnyway saveLabel={p.submitLabel} /> : <FormSubmit label={p.submitLabel} />}
    </Form>
  );
}

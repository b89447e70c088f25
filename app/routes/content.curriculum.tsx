import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useContentTranslation } from "~/components/content/use-content-translation";
import { SLOT_TYPES } from "../../contract/curriculum-codes";
import type { Section } from "../../contract/schemas/curriculum";
import { secondsToTimeText } from "../../contract/units";
import { ChoiceList } from "~/components/content/choice-list";
import { ConfirmDelete, WarningDialog } from "~/components/content/dialogs";
import { OrderedGroup, OrderedTable } from "~/components/content/ordered-groups";
import { DisplayToggle, MoveButtons } from "~/components/content/row-actions";
import { MaterialForm } from "~/components/curriculum/material-form";
import { PreviewLink, PreviewPage } from "~/components/preview/preview-link";
import type { Preview } from "~/components/preview/preview-body";
import { CsrfInput, Field } from "~/components/forms";
import { errorsAt, shownValue, type FormResult } from "~/lms/form-result";
import { WritableFields } from "~/components/content/item-writable";
import { IdempotencyInput } from "~/components/idempotency-input";
import type { ActionAnswer, action, loader } from "~/lms/curriculum-tab.server";

/** Its loader and action: app/lms/curriculum-tab.server.ts. */
export { action, loader } from "~/lms/curriculum-tab.server";

/** The dictionary namespaces this page renders (app/i18n/namespaces.ts). */
export const handle = { i18n: ["content", "curriculum"] };

/**
 * The curriculum tab (spec 000 §2.5, 001 §3 "Learning material", §4, §5): sections with their
 * materials in order; add and rename sections, add a material (choose its slot type, then its
 * slot form), edit, move up and down (across sections at the edges), show and hide, delete with a
 * confirmation step and the dependency refusal dialog of spec 002 §8. Every control is a plain
 * form or link; the open sub-step lives in the query (?add=, ?slot=, ?material=, ?edit-section=,
 * ?delete-section=, ?delete-material=).
 *
 * The same page is a class's material tab (docs/decisions/045): the registry tab names the API
 * path under the item (`api`, default curriculum/) and may name its own texts (`texts`), since a
 * class's sections are not its publish precondition.
 */

export default function CurriculumTab() {
  const d = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionAnswer | undefined;
  const { t } = useContentTranslation();
  const sections = d.curriculum.results as Section[];
  const resultOf = (form: string): FormResult =>
    answer && "form" in answer && answer.form === form ? (answer.result as FormResult) : null;
  const warning = answer && "warning" in answer ? answer : null;
  const addTo = sections.find((s) => s.id === d.view.addTo) ?? null;
  const editing = sections.flatMap((s) => s.material_list).find((m) => m.id === d.view.material) ?? null;
  const groups = sections.map((s) => ({
    id: s.id,
    name: s.name,
    materials: s.material_list.map((m) => ({ id: m.id, name: m.name })),
  }));

  // A slot's preview on its page of its own (the dialog's content without JS; docs/decisions/084).
  const previewing = sections.flatMap((s) => s.material_list).find((m) => m.id === d.view.preview) ?? null;
  if (previewing && d.previews[previewing.id]) {
    return (
      <PreviewPage
        title={t("preview_title", { name: previewing.name })}
        preview={d.previews[previewing.id]}
        backHref={d.here}
      />
    );
  }

  // A sub-step replaces the list: the slot-type chooser, then the slot form; or a material's form.
  if (addTo && d.view.slot) {
    return (
      <MaterialForm
        key={`add-${addTo.id}-${d.view.slot}`}
        slotType={d.view.slot}
        section={addTo}
        groups={groups}
        result={resultOf("material")}
        uploaded={answer && "uploaded" in answer ? answer.uploaded : null}
        limits={d.limits}
        media={d.media}
        reuse={d.reuse}
        cancelHref={d.here}
        idempotencyKey={d.idempotencyKey}
      />
    );
  }
  if (editing) {
    return (
      <MaterialForm
        key={`edit-${editing.id}`}
        slotType={editing.slot_type}
        section={sections.find((s) => s.id === editing.section)!}
        material={editing}
        groups={groups}
        result={resultOf("material")}
        uploaded={answer && "uploaded" in answer ? answer.uploaded : null}
        limits={d.limits}
        media={d.media}
        reuse={d.reuse}
        cancelHref={d.here}
      />
    );
  }
  if (addTo) {
    return (
      <ChoiceList
        id="slot-chooser"
        title={t("curriculum_choose_slot")}
        text={t("curriculum_choose_slot_text", { name: addTo.name })}
        choices={SLOT_TYPES.map((s) => ({
          key: s,
          href: `?add=${addTo.id}&slot=${s}`,
          label: t(`curriculum_slot_${s}`),
          description: t(`curriculum_slot_${s}_text`),
        }))}
        cancelHref={d.here}
        cancelLabel={t("cancel")}
      />
    );
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold">{t(d.texts.title)}</h2>
          <p className="text-sm text-slate-600">{t(d.texts.intro)}</p>
        </div>
        <AddSectionForm result={resultOf("add-section")} maxLength={d.limits.text} idempotencyKey={d.idempotencyKey} />
      </div>
      {sections.length ? null : (
        <p className="rounded border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-600">
          {t(d.texts.empty)} {d.texts.warning ? t(d.texts.warning) : null}
        </p>
      )}
      {sections.map((section, si) => (
        <SectionCard
          key={section.id}
          section={section}
          index={si}
          last={si === sections.length - 1}
          editing={d.view.editSection === section.id}
          editResult={resultOf("edit-section")}
          maxLength={d.limits.text}
          here={d.here}
          previews={d.previews}
        />
      ))}
      {d.view.deleteSection && !warning ? (
        <ConfirmDelete
          item={d.view.deleteSection}
          param="delete-section"
          intent="delete-section"
          text={t("curriculum_delete_section_text", { name: d.view.deleteSection.name })}
        />
      ) : null}
      {d.view.deleteMaterial && !warning ? (
        <ConfirmDelete
          item={d.view.deleteMaterial}
          param="delete-material"
          intent="delete-material"
          text={t("curriculum_delete_material_text", { name: d.view.deleteMaterial.name })}
        />
      ) : null}
      {warning ? (
        <WarningDialog
          messageKey={warning.warning}
          drop={["delete-section", "delete-material"]}
          items={warning.dependents}
          itemsLabel={t("curriculum_dependents")}
        />
      ) : null}
    </div>
  );
}

function AddSectionForm({
  result,
  maxLength,
  idempotencyKey,
}: {
  result: FormResult;
  maxLength: number;
  idempotencyKey: string;
}) {
  const { t } = useContentTranslation();
  const errors = errorsAt(result, "name")?.map((e) => t(e));
  return (
    <Form
      method="post"
      noValidate
      className="flex flex-wrap items-start gap-2"
      aria-label={t("curriculum_add_section")}
    >
      <WritableFields>
        <CsrfInput />
        <input type="hidden" name="intent" value="add-section" />
        <IdempotencyInput value={idempotencyKey} />
        <Field
          id="new-section-name"
          name="name"
          label={t("curriculum_new_section_name")}
          labelClassName="sr-only"
          errors={errors}
          controlClassName="w-64 rounded border border-slate-300 px-3 py-1.5 text-sm aria-[invalid]:border-red-600"
          inputProps={{
            type: "text",
            maxLength,
            placeholder: t("curriculum_new_section_name"),
            defaultValue: shownValue(result, "name", "") as string,
          }}
        />
        <button
          type="submit"
          className="rounded bg-primary px-4 py-1.5 text-sm font-medium text-primary-fg hover:opacity-90"
        >
          {t("curriculum_add_section")}
        </button>
      </WritableFields>
    </Form>
  );
}

function SectionCard({
  section,
  index,
  last,
  editing,
  editResult,
  maxLength,
  here,
  previews,
}: {
  section: Section;
  index: number;
  last: boolean;
  editing: boolean;
  editResult: FormResult;
  maxLength: number;
  here: string;
  previews: Record<number, Preview>;
}) {
  const { t } = useContentTranslation();
  const { search } = useLocation();
  const link = (key: string, value: number) => `?${key}=${value}`;
  const headingId = `section-${section.id}-title`;
  const errors = editing ? errorsAt(editResult, "name")?.map((e) => t(e)) : undefined;
  return (
    <OrderedGroup
      labelledBy={headingId}
      position={t("curriculum_section_n", { n: index + 1 })}
      title={section.name}
      badge={
        section.is_display ? null : (
          <span className="rounded border border-slate-300 bg-slate-100 px-2 py-0.5 text-xs text-slate-700">
            {t("curriculum_hidden_section")}
          </span>
        )
      }
      actions={
        <>
          <MoveButtons
            intent="move-section"
            id={section.id}
            canUp={index > 0}
            canDown={!last}
            labels={{
              up: t("curriculum_move_up_named", { name: section.name }),
              down: t("curriculum_move_down_named", { name: section.name }),
            }}
          />
          <a
            href={link("edit-section", section.id)}
            aria-label={t("curriculum_edit_section_named", { name: section.name })}
            className="text-sm text-primary hover:underline"
          >
            {t("curriculum_edit_section")}
          </a>
          <DisplayToggle intent="toggle-section" id={section.id} name={section.name} shown={section.is_display} />
          <a
            href={link("add", section.id)}
            className="rounded border border-primary px-2 py-0.5 text-sm text-primary hover:bg-primary/5"
            aria-label={t("curriculum_add_material_to", { name: section.name })}
          >
            {t("curriculum_add_material")}
          </a>
          <a
            href={link("delete-section", section.id)}
            aria-label={t("curriculum_delete_section_named", { name: section.name })}
            className="text-sm text-red-700 hover:underline"
          >
            {t("action_delete")}
          </a>
        </>
      }
    >
      {editing ? (
        <Form method="post" noValidate className="mb-3 flex flex-wrap items-start gap-2" action={`${here}${search}`}>
          <WritableFields>
            <CsrfInput />
            <input type="hidden" name="intent" value="edit-section" />
            <input type="hidden" name="id" value={section.id} />
            <Field
              id={`section-name-${section.id}`}
              name="name"
              label={t("curriculum_section_name")}
              labelClassName="sr-only"
              errors={errors}
              controlClassName="w-72 rounded border border-slate-300 px-3 py-1.5 text-sm aria-[invalid]:border-red-600"
              inputProps={{
                type: "text",
                maxLength,
                defaultValue: shownValue(editResult, "name", section.name) as string,
              }}
            />
            <button type="submit" className="rounded bg-primary px-3 py-1.5 text-sm font-medium text-primary-fg">
              {t("curriculum_save_section")}
            </button>
            <a href={here} className="px-2 py-1.5 text-sm text-primary underline">
              {t("cancel")}
            </a>
          </WritableFields>
        </Form>
      ) : null}
      <MaterialTable section={section} firstSection={index === 0} lastSection={last} previews={previews} />
    </OrderedGroup>
  );
}

function MaterialTable({
  section,
  firstSection,
  lastSection,
  previews,
}: {
  section: Section;
  firstSection: boolean;
  lastSection: boolean;
  previews: Record<number, Preview>;
}) {
  const { t } = useContentTranslation();
  const rows = section.material_list;
  return (
    <OrderedTable
      rows={rows}
      caption={section.name}
      empty={t("curriculum_no_materials")}
      actionsLabel={t("actions")}
      actionsClassName="w-52"
      columns={[
        { key: "sort", label: t("curriculum_position"), render: (m) => m.sort, className: "w-10 text-slate-600" },
        {
          key: "type",
          label: t("curriculum_col_type"),
          className: "w-36",
          render: (m) => (
            <span className="whitespace-nowrap text-xs text-slate-700">{t(`curriculum_slot_${m.slot_type}`)}</span>
          ),
        },
        {
          key: "name",
          label: t("curriculum_col_name"),
          render: (m) => (
            <span className="flex flex-wrap items-center gap-1.5">
              <span className="break-words font-medium text-slate-900">{m.name}</span>
              <span className="rounded border border-slate-200 px-1.5 text-xs text-slate-600">
                {t(m.is_required ? "curriculum_badge_required" : "curriculum_badge_optional")}
              </span>
              {m.is_preview ? (
                <span className="rounded border border-sky-200 bg-sky-50 px-1.5 text-xs text-sky-800">
                  {t("curriculum_badge_preview")}
                </span>
              ) : null}
              {m.media ? (
                <span className="text-xs text-slate-700">
                  {t("curriculum_material_media_row", { name: m.media.name })}
                </span>
              ) : null}
              {previews[m.id] ? (
                <PreviewLink
                  href={`?preview=${m.id}`}
                  title={t("preview_title", { name: m.name })}
                  preview={previews[m.id]}
                  label={t("preview_action")}
                  ariaLabel={t("preview_named", { name: m.name })}
                  className="rounded border border-primary px-1.5 text-xs text-primary hover:bg-primary/5"
                />
              ) : null}
              {m.file ? (
                <a href={m.file} className="text-xs text-primary underline">
                  {m.file_name ?? m.file}
                </a>
              ) : null}
              {m.url ? (
                <a
                  href={m.url}
                  className="max-w-[16rem] truncate text-xs text-primary underline"
                  rel="noreferrer noopener"
                  target="_blank"
                >
                  {m.url}
                </a>
              ) : null}
            </span>
          ),
        },
        {
          key: "duration",
          label: t("curriculum_col_duration"),
          className: "w-24",
          render: (m) => <span className="font-mono text-xs">{secondsToTimeText(m.duration)}</span>,
        },
        {
          key: "deps",
          label: t("curriculum_col_prerequisites"),
          className: "w-44",
          render: (m) =>
            m.dependency_list.length ? (
              <span className="text-xs">{m.dependency_list.map((x) => x.name).join(", ")}</span>
            ) : (
              <span className="text-slate-400">—</span>
            ),
        },
        {
          key: "shown",
          label: t("curriculum_col_shown"),
          className: "w-24",
          render: (m) => <DisplayToggle intent="toggle-material" id={m.id} name={m.name} shown={m.is_display} />,
        },
      ]}
      actions={(m, i) => (
        <span className="inline-flex items-center gap-3">
          <MoveButtons
            intent="move-material"
            id={m.id}
            canUp={!(firstSection && i === 0)}
            canDown={!(lastSection && i === rows.length - 1)}
            labels={{
              up: t("curriculum_move_up_named", { name: m.name }),
              down: t("curriculum_move_down_named", { name: m.name }),
            }}
          />
          <a
            href={`?material=${m.id}`}
            aria-label={t("curriculum_edit_material_named", { name: m.name })}
            className="text-primary hover:underline"
          >
            {t("curriculum_edit")}
          </a>
          <a
            href={`?delete-material=${m.id}`}
            aria-label={t("curriculum_delete_material_named", { name: m.name })}
            className="text-red-700 hover:underline"
          >
            {t("action_delete")}
          </a>
        </span>
      )}
    />
  );
}

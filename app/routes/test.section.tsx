import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { IDEMPOTENCY_FIELD } from "../../contract/http";
import { PASS_CONDITION_TYPES } from "../../contract/test-codes";
import type { TestSection } from "../../contract/schemas/test";
import type { SettingField } from "~/components/content/settings-form";
import { ErrorList } from "~/components/forms";
import { PostButton } from "~/components/test/post-button";
import { ConfirmLink, useConfirming } from "~/components/test/confirm-link";
import { ConfirmDelete } from "~/components/content/dialogs";
import { QuestionScore, SectionReadiness } from "~/components/test/section-readiness";
import { SavedFieldsForm } from "~/components/test/saved-fields-form";
import { resultOf, translateError, type TestAnswer } from "~/components/test/form-kit";
import { errorsAt } from "~/lms/form-result";
import { formId, itemPage } from "~/lms/item-page.server";
import { newIdempotencyKey, postedIdempotencyKey } from "~/lms/idempotency.server";
import { invariantResponse } from "~/lms/invariant";
import { done, sendForm, sectionSchema, testPost } from "~/lms/test.server";

export const handle = { i18n: ["content"] };

/**
 * A test's sections (spec 000 §2.8 `section/{sectionid?}`; docs/decisions/064): without a section
 * the list in order (add "Untitled Section", move, delete after its confirmation step `?delete=`);
 * with one its form (name, full and pass score — pass ≤ full, else a field error —, pass
 * condition, shuffle flags, description) and the way to its questions and its draws from banks.
 * Both say what its questions give against its full score and which of them cannot be marked,
 * which publishing refuses (docs/decisions/076).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { api, apiBase, base, can } = await itemPage(args, "view");
  const { data: list } = await api.get<{ results: TestSection[] }>(`${apiBase}section/`);
  const raw = args.params.sectionid;
  const section = raw === undefined ? null : list.results.find((s) => String(s.id) === raw);
  invariantResponse(raw === undefined || section, "Not Found", { status: 404 });
  // The add button's key: a post retried after its answer was lost adds one section (docs/decisions/094).
  return data(
    {
      sections: list.results,
      section: section ?? null,
      base,
      canChange: can("change"),
      idempotencyKey: newIdempotencyKey(),
    },
    { headers: api.headers() },
  );
}

export async function action(args: ActionFunctionArgs) {
  const { page, form, intent, refused } = await testPost(args);
  if (refused) return refused;
  const list = `${page.base}/section`;
  if (intent === "create") {
    const { refused: bad, sent } = await sendForm(
      "create",
      form,
      sectionSchema,
      (v) =>
        page.api.post<{ id: number }>(`${page.apiBase}section/`, v, {
          accept: [400],
          idempotencyKey: postedIdempotencyKey(form),
        }),
      page,
    );
    return bad ?? done(page, `${list}/${(sent.data as { id: number }).id}`, "tst_toast_section_added");
  }
  const id = formId(form);
  if (intent === "save") {
    const { refused: bad } = await sendForm(
      "save",
      form,
      sectionSchema,
      (v) => page.api.patch(`${page.apiBase}section/${id}/`, v, { accept: [400] }),
      page,
    );
    return bad ?? done(page, `${list}/${id}`, "tst_toast_section_saved");
  }
  if (intent === "move") {
    await page.api.post(`${page.apiBase}section/${id}/move/`, {
      direction: form.get("direction") === "up" ? "up" : "down",
    });
    return done(page, list, "tst_toast_moved");
  }
  invariantResponse(intent === "delete", "Bad Request");
  await page.api.delete(`${page.apiBase}section/${id}/`);
  return done(page, list, "tst_toast_section_deleted");
}

export default function TestSectionTab() {
  const { sections, section, base, canChange, idempotencyKey } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as TestAnswer | undefined;
  const { t } = useTranslation();
  const confirming = useConfirming();
  if (section) return <SectionForm section={section} base={base} canChange={canChange} answer={answer} />;
  const created = resultOf(answer, "create");
  const deleting = canChange ? sections.find((s) => s.id === confirming) : undefined;
  return (
    <section aria-labelledby="sections-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="sections-title" className="text-lg font-semibold text-slate-900">
            {t("tst_tab_section")}
          </h2>
          <p className="text-sm text-slate-600">{t("tst_section_intro")}</p>
        </div>
        {canChange ? (
          <PostButton intent="create" values={{ [IDEMPOTENCY_FIELD]: idempotencyKey }} label={t("tst_section_add")} />
        ) : null}
      </div>
      <ErrorList errors={errorsAt(created, "")?.map((e) => translateError(t, e))} />
      {sections.length ? (
        <table className="w-full text-left text-sm">
          <thead className="border-b border-slate-200 text-slate-600">
            <tr>
              <th className="py-2">#</th>
              <th>{t("tst_field_section_name")}</th>
              <th>{t("tst_field_full_score")}</th>
              <th>{t("tst_field_pass_score")}</th>
              <th>{t("tst_col_question_score")}</th>
              <th>{t("tst_col_question_count")}</th>
              <th>{t("tst_col_draw_count")}</th>
              {canChange ? <th>{t("tst_col_actions")}</th> : null}
            </tr>
          </thead>
          <tbody>
            {sections.map((s, i) => (
              <tr key={s.id} className="border-b border-slate-100">
                <td className="py-2">{s.sort}</td>
                <td>
                  <a href={`${base}/section/${s.id}`} className="font-medium text-primary hover:underline">
                    {s.name}
                  </a>
                </td>
                <td>{s.full_score}</td>
                <td>{s.pass_score}</td>
                <td>
                  <QuestionScore section={s} />
                </td>
                <td>
                  <a href={`${base}/section/${s.id}/question`} className="text-primary hover:underline">
                    {s.question_count}
                  </a>
                </td>
                <td>
                  <a href={`${base}/section/${s.id}/testbank`} className="text-primary hover:underline">
                    {s.draw_count}
                  </a>
                </td>
                {canChange ? (
                  <td className="space-x-1 whitespace-nowrap">
                    <PostButton
                      intent="move"
                      values={{ id: s.id, direction: "up" }}
                      label="↑"
                      ariaLabel={`${t("tst_move_up")}: ${s.name}`}
                      disabled={i === 0}
                    />
                    <PostButton
                      intent="move"
                      values={{ id: s.id, direction: "down" }}
                      label="↓"
                      ariaLabel={`${t("tst_move_down")}: ${s.name}`}
                      disabled={i === sections.length - 1}
                    />
                    <ConfirmLink id={s.id} label={t("action_delete")} ariaLabel={`${t("action_delete")}: ${s.name}`} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-slate-600">{t("tst_section_empty")}</p>
      )}
      {deleting ? (
        <ConfirmDelete
          item={{ id: deleting.id, name: deleting.name }}
          title={t("tst_delete_section_title")}
          text={t("tst_delete_section_text", {
            name: deleting.name,
            questions: deleting.question_count,
            draws: deleting.draw_count,
          })}
        />
      ) : null}
    </section>
  );
}

function SectionForm({
  section,
  base,
  canChange,
  answer,
}: {
  section: TestSection;
  base: string;
  canChange: boolean;
  answer: TestAnswer | undefined;
}) {
  const { t } = useTranslation();
  const result = resultOf(answer, "save");
  const fields: SettingField[] = [
    { name: "name", label: t("tst_field_section_name"), kind: "text", required: true },
    { name: "full_score", label: t("tst_field_full_score"), kind: "number", min: 0 },
    { name: "pass_score", label: t("tst_field_pass_score"), kind: "number", min: 0, hint: t("tst_help_pass_score") },
    {
      name: "pass_condition_type",
      label: t("tst_field_pass_condition_type"),
      kind: "select",
      options: PASS_CONDITION_TYPES.map((c) => ({ value: String(c), label: t(`tst_pass_condition_${c}`) })),
    },
    { name: "is_question_shuffle", label: t("tst_field_is_question_shuffle"), kind: "checkbox" },
    { name: "is_choice_shuffle", label: t("tst_field_is_choice_shuffle"), kind: "checkbox" },
    { name: "desc", label: t("field_desc"), kind: "textarea" },
  ];
  const saved: Record<string, unknown> = {
    ...section,
    full_score: String(section.full_score),
    pass_score: String(section.pass_score),
    pass_condition_type: String(section.pass_condition_type),
  };
  return (
    <section aria-labelledby="section-title" className="max-w-2xl space-y-6">
      <div>
        <p className="text-sm">
          <a href={`${base}/section`} className="text-primary hover:underline">
            {t("tst_back_to_sections")}
          </a>
        </p>
        <h2 id="section-title" className="text-lg font-semibold text-slate-900">
          {section.name}
        </h2>
        <p className="mt-1 flex gap-4 text-sm">
          <a href={`${base}/section/${section.id}/question`} className="text-primary hover:underline">
            {t("tst_section_questions", { count: section.question_count })}
          </a>
          <a href={`${base}/section/${section.id}/testbank`} className="text-primary hover:underline">
            {t("tst_section_draws", { count: section.draw_count })}
          </a>
        </p>
      </div>
      <SectionReadiness section={section} base={base} />
      <SavedFieldsForm
        intent="save"
        hidden={{ id: section.id }}
        fields={fields}
        saved={saved}
        result={result}
        canChange={canChange}
      />
    </section>
  );
}

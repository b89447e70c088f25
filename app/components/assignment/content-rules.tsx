import { Form } from "@remix-run/react";
import { RULE_CRITERIA, RULE_OPERATOR_CODES } from "../../../contract/assignment-codes";
import type { ContentRule } from "../../../contract/schemas/assignment";
import { DataTable } from "~/components/content/data-table";
import { CsrfInput, PRIMARY_BUTTON } from "~/components/form-basics";
import { useSubmitting } from "~/components/use-submitting";
import { IdempotencyInput } from "~/components/idempotency-input";
import { useTranslation } from "~/i18n/react";
import type { RulesData } from "~/lms/assignment-rules.server";
import { TypeSearchForm } from "./type-search-form";

const FIELD = "mt-1 w-full rounded border border-slate-300 px-2 py-1.5 text-sm";
const SECONDARY = "rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-50";

/**
 * An auto-assignment's content rules (docs/decisions/059): the rules in words with what each
 * brings, remove and "match again", and a new rule in two plain steps — a GET form chooses its
 * content type (and searches contents to keep or leave out), then a POST form takes each
 * criterion's operator and list. Works without JavaScript.
 */
export function ContentRules({
  data,
  canChange,
  params,
}: {
  data: RulesData;
  canChange: boolean;
  params: URLSearchParams;
}) {
  const { t } = useTranslation();
  const busy = useSubmitting();
  const typeName = (key: string | null) => (key ? t(`asg_ctype_${key}`) : t("asg_rules_all_types"));
  const labelOf = (criterion: string, id: number) =>
    data.options[criterion as keyof RulesData["options"]]?.find((o) => o.value === String(id))?.label ?? `#${id}`;
  const describe = (r: ContentRule) => {
    const parts = RULE_CRITERIA.filter((c) => r[`${c}_list`].length).map(
      (c) =>
        `${t(`asg_rule_${c}`)} ${t(`asg_rule_op_${r[`${c}_operator`]}`)}: ${r[`${c}_list`].map((id) => labelOf(c, id)).join(", ")}`,
    );
    if (r.content_list.length)
      parts.push(
        `${t("asg_rule_content")} ${t(`asg_rule_op_${r.content_operator}`)}: ${r.content_names.map((c) => c.name).join(", ")}`,
      );
    return parts.length ? parts : [t("asg_rules_any_content")];
  };
  const chosenType = data.typeOptions.find((x) => String(x.id) === data.rtype);
  return (
    <section aria-labelledby="rules-title" className="space-y-3">
      <h2 id="rules-title" className="text-lg font-semibold">
        {t("asg_rules_title")} <span className="text-base font-normal text-slate-600">({data.rules.length})</span>
      </h2>
      <p className="text-sm text-slate-600">{t("asg_rules_intro")}</p>
      <DataTable<ContentRule>
        caption={t("asg_rules_title")}
        rows={data.rules}
        empty={t("asg_rules_empty")}
        columns={[
          { key: "number", label: "#", render: (r) => data.rules.indexOf(r) + 1 },
          { key: "type", label: t("asg_rules_col_type"), render: (r) => typeName(r.content_type) },
          {
            key: "conditions",
            label: t("asg_rules_col_conditions"),
            render: (r) => (
              <ul className="list-disc pl-4">
                {describe(r).map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ),
          },
          { key: "count", label: t("asg_rules_col_count"), className: "text-right", render: (r) => r.count_content },
          ...(canChange
            ? [
                {
                  key: "actions",
                  label: t("actions"),
                  className: "text-right",
                  render: (r: ContentRule) => (
                    <Form method="post">
                      <CsrfInput />
                      <input type="hidden" name="id" value={r.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="remove-rule"
                        disabled={busy}
                        className="text-red-700 hover:underline"
                        aria-label={t("asg_rules_remove_named", { number: data.rules.indexOf(r) + 1 })}
                      >
                        {t("asg_remove")}
                      </button>
                    </Form>
                  ),
                },
              ]
            : []),
        ]}
      />
      {canChange && data.rules.length ? (
        <Form method="post">
          <CsrfInput />
          <button type="submit" name="intent" value="match-rules" disabled={busy} className={SECONDARY}>
            {t("asg_rules_match")}
          </button>
        </Form>
      ) : null}
      {canChange ? (
        <div className="space-y-3 rounded border border-slate-200 bg-white p-4">
          <h3 className="text-base font-semibold">{t("asg_rules_new")}</h3>
          <p className="text-sm text-slate-600">{t("asg_rules_new_intro")}</p>
          <TypeSearchForm
            names={{ type: "rtype", search: "rfind" }}
            labels={{
              type: t("asg_rules_col_type"),
              search: t("asg_rules_content_search"),
              submit: t("asg_rules_continue"),
            }}
            first={{ value: "all", label: t("asg_rules_all_types") }}
            types={data.typeOptions}
            typeName={typeName}
            value={{ type: data.rtype, search: params.get("rfind") ?? "" }}
            keep={{ ctype: params.get("ctype") ?? "", find: params.get("find") ?? "" }}
          />
          {data.rtype ? (
            <Form method="post" className="space-y-4" aria-label={t("asg_rules_new")}>
              <CsrfInput />
              <IdempotencyInput value={data.idempotencyKey} />
              <input type="hidden" name="content_type_id" value={data.rtype === "all" ? "" : data.rtype} />
              <p className="text-sm font-medium">
                {t("asg_rules_col_type")}: {chosenType ? typeName(chosenType.key) : t("asg_rules_all_types")}
              </p>
              <p className="text-xs text-slate-600">{t("asg_rule_list_hint")}</p>
              <div className="grid gap-4 sm:grid-cols-2">
                {Object.entries(data.options).map(([criterion, options]) => (
                  <Criterion
                    key={criterion}
                    name={criterion}
                    label={t(`asg_rule_${criterion}`)}
                    options={(options ?? []).map((o) => ({ value: o.value, label: o.label }))}
                  />
                ))}
                {chosenType && data.contents.length ? (
                  <Criterion
                    name="content"
                    label={t("asg_rule_content")}
                    options={data.contents.map((c) => ({
                      value: String(c.id),
                      label: c.code ? `${c.name} (${c.code})` : c.name,
                    }))}
                  />
                ) : null}
              </div>
              <button type="submit" name="intent" value="add-rule" disabled={busy} className={PRIMARY_BUTTON}>
                {t("asg_rules_add")}
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** One criterion: its operator (one of / none of) and its list, named as the API's payload names them. */
function Criterion({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">{label}</legend>
      <label className="block text-sm">
        <span className="sr-only">{t("asg_rule_operator_of", { criterion: label })}</span>
        <select name={`${name}_operator`} defaultValue="1" className={FIELD}>
          {RULE_OPERATOR_CODES.map((op) => (
            <option key={op} value={op}>
              {t(`asg_rule_op_${op}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="mt-2 block text-sm">
        <span className="sr-only">{label}</span>
        <select name={`${name}_list`} multiple size={Math.min(6, Math.max(3, options.length))} className={FIELD}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}

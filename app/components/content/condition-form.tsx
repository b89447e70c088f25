import { useTranslation } from "~/i18n/react";
import { CONDITION_OPERATOR, POINT_RANGES, PROGRESS_STATUS_CODES, type PermissionRange } from "../../../contract/codes";
import {
  CONDITION_CONTENT_TYPES,
  CONTENT_FIELD_TYPES,
  CONTENT_OPERATOR,
  contentCriterionOf,
  contentField,
  isContentCriterionFilled,
  type ConditionContentName,
} from "../../../contract/condition-content-codes";
import type { FormResult } from "~/lms/form-result";
import { ConditionEditor, type ConditionOption } from "./condition-editor";

/**
 * The fields of a condition as the server says it is offered (app/lms/condition.server.ts
 * `organisationShape` / `accountShape`), labelled with the engine's condition texts (namespace
 * "access"): one place turns a shape into the editor, so a rule's condition and a group's look
 * and post alike. Only the fields: the page supplies the <Form> and its buttons.
 */
export type ConditionShape = {
  /** The whole condition's operator (how its criteria combine). */
  operator: boolean;
  /** The department list has the switch taking its sub-departments in. */
  includeSub: boolean;
  lists: { name: string; options: ConditionOption[] }[];
  /** Typed lists of values (company codes, job families, work shifts: no master data). */
  texts: string[];
  /** Range names (`{name}_gte` / `{name}_lte`), in years (points for the English score). */
  ranges: string[];
  /** The account start dates. */
  dates: boolean;
  /** Permission by content (docs/decisions/100): per type, the contents offered. */
  contents?: { name: string; type: string; dated: boolean; options: ConditionOption[] }[];
};

export const INCLUDE_SUB_DEPARTMENT = "is_include_sub_department";

export function ConditionFields({
  shape,
  values,
  result,
  operatorLabel,
}: {
  shape: ConditionShape;
  values: Record<string, unknown>;
  result: FormResult;
  operatorLabel?: string;
}) {
  const { t } = useTranslation();
  const operators = Object.values(CONDITION_OPERATOR).map((o) => ({
    value: String(o),
    label: t(`acc_cond_operator_${o}`),
  }));
  return (
    <>
      <ConditionEditor
        operator={
          shape.operator
            ? { name: "operator", label: operatorLabel ?? t("acc_cond_operator"), options: operators }
            : undefined
        }
        lists={shape.lists.map((l) => ({
          name: l.name,
          label: t(`acc_cond_${l.name}`),
          options: l.options,
          ...(l.name === "department" && shape.includeSub
            ? { check: { name: INCLUDE_SUB_DEPARTMENT, label: t("acc_cond_is_include_sub_department") } }
            : {}),
        }))}
        texts={shape.texts.map((name) => ({ name, label: t(`acc_cond_${name}`) }))}
        ranges={shape.ranges.map((r) => ({
          name: r,
          label: t(`acc_cond_${r}`),
          unit: t(POINT_RANGES[r as PermissionRange] ? "acc_unit_points" : "acc_unit_years"),
        }))}
        dates={
          shape.dates
            ? [
                {
                  gte: "date_account_start_gte",
                  lte: "date_account_start_lte",
                  label: t("acc_cond_date_account_start"),
                },
              ]
            : []
        }
        values={values}
        result={result}
      />
      {shape.contents?.length ? <ContentCriteria contents={shape.contents} values={values} result={result} /> : null}
    </>
  );
}

/**
 * Permission by content: one block per type (its contents with "has / has not", its progress
 * statuses with "is / is not", and for dated types the learner's start and completion dates),
 * folded away until one is filled — a native <details>, so it opens without JavaScript.
 */
function ContentCriteria({
  contents,
  values,
  result,
}: {
  contents: NonNullable<ConditionShape["contents"]>;
  values: Record<string, unknown>;
  result: FormResult;
}) {
  const { t } = useTranslation();
  const shownValues = (result?.initialValue ?? values) as Record<string, unknown>;
  const filled = CONDITION_CONTENT_TYPES.some((c) => isContentCriterionFilled(contentCriterionOf(shownValues, c.name)));
  // The types a refused submission has errors in (they open, so the error shows).
  const failedTypes = new Set<string>(
    Object.keys(result?.error ?? {}).flatMap((k) => CONTENT_FIELD_TYPES.get(k) ?? []),
  );
  const failed = failedTypes.size > 0;
  const has = Object.values(CONTENT_OPERATOR).map((o) => ({ value: String(o), label: t(`acc_cond_content_op_${o}`) }));
  const is = Object.values(CONTENT_OPERATOR).map((o) => ({ value: String(o), label: t(`acc_cond_status_op_${o}`) }));
  const statuses = PROGRESS_STATUS_CODES.map((code) => ({
    value: String(code),
    // Two codes share a name (30 and 31 are both "Completed"): the code tells them apart.
    label: `${t(`progress_status_${code}`)} (${code})`,
  }));
  return (
    <details open={filled || failed} className="rounded border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer text-sm font-semibold text-slate-900">{t("acc_cond_by_content")}</summary>
      <p className="mt-2 text-xs text-slate-600">{t("acc_cond_by_content_hint")}</p>
      <div className="mt-3 space-y-2">
        {contents.map((c) => {
          const name = c.name as ConditionContentName;
          const typeLabel = t(`content_${c.type}`);
          return (
            <details
              key={c.name}
              open={isContentCriterionFilled(contentCriterionOf(shownValues, name)) || failedTypes.has(name)}
              className="rounded border border-slate-200 p-3"
            >
              <summary className="cursor-pointer text-sm font-semibold text-slate-900">{typeLabel}</summary>
              <ConditionEditor
                // A save with JavaScript keeps this page mounted; the contents offered may change
                // (a named one joins the list) and a select's default applies only when mounted.
                key={c.options.map((o) => o.value).join(",")}
                lists={[
                  {
                    name: contentField.list(name),
                    label: t("acc_cond_contents", { type: typeLabel }),
                    options: c.options,
                    operator: { name: contentField.operator(name), options: has },
                  },
                  {
                    name: contentField.statuses(name),
                    label: t("acc_cond_statuses", { type: typeLabel }),
                    options: statuses,
                    operator: { name: contentField.statusOperator(name), options: is },
                  },
                ]}
                dates={
                  c.dated
                    ? (["datetime_start", "datetime_end"] as const).map((d) => ({
                        gte: contentField.date(name, `${d}_gte`),
                        lte: contentField.date(name, `${d}_lte`),
                        label: t(`acc_cond_content_${d}`, { type: typeLabel }),
                      }))
                    : []
                }
                values={values}
                result={result}
              />
            </details>
          );
        })}
      </div>
    </details>
  );
}

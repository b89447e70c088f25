import { useTranslation } from "~/i18n/react";
import { CONDITION_OPERATOR, POINT_RANGES, type PermissionRange } from "../../../contract/codes";
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
          ? [{ gte: "date_account_start_gte", lte: "date_account_start_lte", label: t("acc_cond_date_account_start") }]
          : []
      }
      values={values}
      result={result}
    />
  );
}

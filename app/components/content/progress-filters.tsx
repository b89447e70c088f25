import { useTranslation } from "~/i18n/react";
import { PROGRESS_GROUP_KEYS, PROGRESS_SET_KEYS } from "../../../contract/codes";
import { FilterLinks } from "./filter-links";
import { QueryFilters } from "./query-filters";

/**
 * The filters of any list of learners (spec 001 §4): the status groups to do / doing / done as
 * links, and a GET form with the search and the selectable sets (progress, waiting, canceled).
 */
export function ProgressFilters({ placeholder }: { placeholder?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <FilterLinks
        param="status_group"
        label={t("enr_status_group")}
        options={[
          { value: null, label: t("filter_all") },
          ...PROGRESS_GROUP_KEYS.map((g) => ({ value: g, label: t(`progress_group_${g}`) })),
        ]}
      />
      <QueryFilters
        id="learner-filters"
        placeholder={placeholder ?? t("enr_search_placeholder")}
        keep={["ordering", "status_group"]}
        selects={[
          {
            name: "status_set",
            label: t("enr_status_set"),
            options: PROGRESS_SET_KEYS.map((s) => ({ value: s, label: t(`progress_set_${s}`) })),
          },
        ]}
      />
    </>
  );
}

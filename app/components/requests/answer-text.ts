import { QUESTION_TYPE } from "../../../contract/request-codes";
import { useDates } from "~/components/use-dates";

/**
 * A form's or survey's written answer as the page shows it: a date, a date and time or a list of
 * dates in the dashboard's one format per kind (app/lms/format.ts, docs/decisions/077), never
 * the ISO text the answer is kept as; anything else, or a value that is not a date, as written.
 */
export function useAnswerText() {
  const dates = useDates();
  return (type: number, value: string): string => {
    const shown =
      type === QUESTION_TYPE.date || type === QUESTION_TYPE.multiple_date
        ? dates.date(value)
        : type === QUESTION_TYPE.datetime
          ? dates.dateTime(value)
          : type === QUESTION_TYPE.time
            ? dates.time(value)
            : value;
    return shown === "—" ? value : shown;
  };
}

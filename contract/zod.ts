import { z } from "zod/v4";
import { MSG } from "./messages";

/**
 * zod for the contract: every issue without an explicit message becomes a message key the
 * dashboard translates, never zod's English. Schemas import `z` from here.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case "invalid_type":
        return issue.input === undefined || issue.input === null || issue.input === "" ? MSG.required : MSG.invalid;
      case "too_small":
        return issue.origin === "string" && issue.minimum === 1 ? MSG.required : MSG.too_short;
      case "too_big":
        return MSG.too_long;
      case "invalid_format":
        return issue.format === "email" ? MSG.invalid_email : MSG.invalid;
      case "invalid_value":
      case "invalid_union":
        return MSG.invalid_choice;
      default:
        return MSG.invalid;
    }
  },
});

export { z };

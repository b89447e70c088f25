import { useNavigation } from "@remix-run/react";

/** Conform's intent field (@conform-to/dom's INTENT, not re-exported by @conform-to/react). */
const CONFORM_INTENT = "__intent__";

/**
 * Whether the page is sending a form the user submitted (submit buttons show busy and refuse a
 * second click). Conform re-validates a field on blur by posting the form with its validate
 * intent; counting that as busy disabled the submit button between the mousedown that blurred the
 * field and the click, and the user's click was lost.
 */
export function useSubmitting(): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && !navigation.formData?.has(CONFORM_INTENT);
}

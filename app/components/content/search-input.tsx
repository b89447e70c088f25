import { useSearchParams, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { SEARCH_KEY, SEARCH_WAIT_MS } from "~/lms/list-query";

type Props = { id: string; placeholder?: string; className: string };

/**
 * A list's search box, inside its plain GET form (which still searches on Enter or its button,
 * and alone without JavaScript). With JavaScript the list searches as the user types, once the
 * keys have rested SEARCH_WAIT_MS (spec 002 §9), replacing the history entry rather than adding one
 * per key; the server trims and drops an empty search as for a submitted form (spec 000 §2.14).
 */
export function SearchInput({ id, placeholder, className }: Props) {
  const [params] = useSearchParams();
  const submit = useSubmit();
  const box = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const stored = params.get(SEARCH_KEY) ?? "";
  // A navigation elsewhere in the list (a page, a filter, the back button) shows the search it
  // kept — but never under the cursor of someone typing, whose text the list is catching up with.
  useEffect(() => {
    if (box.current && document.activeElement !== box.current) box.current.value = stored;
  }, [stored]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const typed = (e: React.FormEvent<HTMLInputElement>) => {
    const form = e.currentTarget.form;
    clearTimeout(timer.current);
    if (!form) return;
    timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), SEARCH_WAIT_MS);
  };
  return (
    <input
      ref={box}
      id={id}
      type="search"
      name={SEARCH_KEY}
      defaultValue={stored}
      placeholder={placeholder}
      onInput={typed}
      className={className}
    />
  );
}

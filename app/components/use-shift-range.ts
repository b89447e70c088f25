import { useEffect, useRef } from "react";

/**
 * Shift-click range selection for a table's row checkboxes (spec 002 §9: shift enables range
 * selection in tables). Put the returned ref on the element around the rows: shift-clicking a
 * checkbox gives every enabled checkbox of the same name between it and the one clicked before
 * the state just clicked. The listener is added in the browser only, so without JavaScript the
 * checkboxes work one by one as before; they stay uncontrolled, so the form posts what is ticked.
 *
 * A header box marked `data-select-all="{name}"` ticks or unticks every box of that name at once,
 * and follows them: ticked when all are, half-ticked (indeterminate) when some are. Without
 * JavaScript it posts on its own and the server reads it (app/lms/select-all.ts).
 */
export function useShiftRange<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    let last: HTMLInputElement | null = null;
    const named = (name: string) =>
      [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].filter(
        (b) => b.name === name && !b.disabled,
      );
    // The select-all boxes of `name` show whether all, some or none of its boxes are ticked.
    const follow = (name: string) => {
      const boxes = named(name);
      const on = boxes.filter((b) => b.checked).length;
      for (const all of root.querySelectorAll<HTMLInputElement>(`input[data-select-all="${CSS.escape(name)}"]`)) {
        all.checked = boxes.length > 0 && on === boxes.length;
        all.indeterminate = on > 0 && on < boxes.length;
      }
    };
    const onClick = (event: MouseEvent) => {
      const box = event.target;
      if (!(box instanceof HTMLInputElement) || box.type !== "checkbox" || !box.name) return;
      const of = box.dataset.selectAll;
      if (of) {
        for (const b of named(of)) b.checked = box.checked;
        return;
      }
      const boxes = named(box.name);
      const from = last && last.name === box.name ? boxes.indexOf(last) : -1;
      last = box;
      if (event.shiftKey && from >= 0) {
        const to = boxes.indexOf(box);
        for (const b of boxes.slice(Math.min(from, to), Math.max(from, to) + 1)) b.checked = box.checked;
        // Shift-click also extends the page's text selection; a range of rows is what was meant.
        window.getSelection()?.removeAllRanges();
      }
      follow(box.name);
    };
    root.addEventListener("click", onClick);
    return () => root.removeEventListener("click", onClick);
  }, []);
  return ref;
}

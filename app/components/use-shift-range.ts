import { useEffect, useRef } from "react";

/**
 * Shift-click range selection for a table's row checkboxes (spec 002 §9: shift enables range
 * selection in tables). Put the returned ref on the element around the rows: shift-clicking a
 * checkbox gives every enabled checkbox of the same name between it and the one clicked before
 * the state just clicked. The listener is added in the browser only, so without JavaScript the
 * checkboxes work one by one as before; they stay uncontrolled, so the form posts what is ticked.
 */
export function useShiftRange<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    let last: HTMLInputElement | null = null;
    const onClick = (event: MouseEvent) => {
      const box = event.target;
      if (!(box instanceof HTMLInputElement) || box.type !== "checkbox" || !box.name) return;
      const boxes = [...root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].filter((b) => b.name === box.name && !b.disabled);
      const from = last && last.name === box.name ? boxes.indexOf(last) : -1;
      last = box;
      if (!event.shiftKey || from < 0) return;
      const to = boxes.indexOf(box);
      for (const b of boxes.slice(Math.min(from, to), Math.max(from, to) + 1)) b.checked = box.checked;
      // Shift-click also extends the page's text selection; a range of rows is what was meant.
      window.getSelection()?.removeAllRanges();
    };
    root.addEventListener("click", onClick);
    return () => root.removeEventListener("click", onClick);
  }, []);
  return ref;
}

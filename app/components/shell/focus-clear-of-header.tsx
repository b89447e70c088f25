import { useEffect } from "react";

/**
 * Keeps what takes focus clear of the sticky header (spec 000 §9: 50 px). Keyboard focus and
 * scrolling to a target already stop at the controls' `scroll-margin-top` (app/tailwind.css), but a
 * script's `focus()` — the first invalid field after a failed submit — scrolls only when the field
 * is outside the window, so a field just under the header stayed hidden there: it is brought into
 * view by its margin. The header and the menu are fixed in place and left alone.
 */
export function FocusClearOfHeader() {
  useEffect(() => {
    const onFocus = (event: FocusEvent) => {
      const el = event.target;
      if (!(el instanceof HTMLElement) || el.closest("header, #side-menu")) return;
      const margin = parseFloat(getComputedStyle(el).scrollMarginTop) || 0;
      if (el.getBoundingClientRect().top < margin) el.scrollIntoView({ block: "nearest" });
    };
    document.addEventListener("focusin", onFocus);
    return () => document.removeEventListener("focusin", onFocus);
  }, []);
  return null;
}

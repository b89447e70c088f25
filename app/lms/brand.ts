/**
 * The tenant's primary colour (config `primary_color`, 3 or 6 hex digits per spec 000 §5) as the
 * CSS custom properties Tailwind's `primary` reads, so a colour change needs no rebuild. The
 * foreground is white or near-black, whichever contrasts more.
 */
export function hexToRgb(hex: string | undefined | null): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex ?? "");
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join("") : m[1];
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]) {
  const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

export function brandStyle(hex: string | undefined | null): Record<string, string> | undefined {
  const rgb = hexToRgb(hex);
  if (!rgb) return undefined;
  const l = luminance(rgb);
  const fg = 1.05 / (l + 0.05) >= (l + 0.05) / 0.0625 ? "255 255 255" : "15 23 42";
  return { "--color-primary": rgb.join(" "), "--color-primary-fg": fg } as Record<string, string>;
}

export type RowLink = { key: string | number; href: string; label: string; current: boolean };

/**
 * A row of links of which one is the page shown (a checklist of the activity, a usage type): plain
 * links to their own URLs, the current one marked, so it works without JavaScript.
 */
export function LinkRow({ label, links }: { label: string; links: RowLink[] }) {
  return (
    <nav aria-label={label} className="mb-3 flex flex-wrap items-center gap-1 text-sm">
      <span className="mr-1 text-xs font-medium text-slate-700" aria-hidden="true">
        {label}
      </span>
      {links.map((l) => (
        <a
          key={l.key}
          href={l.href}
          aria-current={l.current ? "page" : undefined}
          className={`rounded-full border px-3 py-1 ${l.current ? "border-primary bg-primary text-primary-fg" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"}`}
        >
          {l.label}
        </a>
      ))}
    </nav>
  );
}

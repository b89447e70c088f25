/**
 * Ordered groups of ordered rows (a curriculum's sections and their materials, a checklist's
 * parts and items…): a card per group with its place, title, state and actions, holding a table
 * of its rows with their own actions. Layout only: the caller renders cells and actions.
 */
export function OrderedGroup({
  position,
  title,
  badge,
  actions,
  children,
  labelledBy,
}: {
  position: string;
  title: string;
  badge?: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
  labelledBy: string;
}) {
  return (
    <section aria-labelledby={labelledBy} className="rounded border border-slate-200 bg-white">
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-3">
        <span className="text-xs font-medium uppercase tracking-wide text-slate-600">{position}</span>
        <h2 id={labelledBy} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {badge}
        <div className="ml-auto flex flex-wrap items-center gap-2">{actions}</div>
      </header>
      <div className="px-4 py-3">{children}</div>
    </section>
  );
}

export type OrderedColumn<R> = {
  key: string;
  label: string;
  render: (row: R, index: number) => React.ReactNode;
  className?: string;
};

/** The rows of a group, in order: numbered, with the given columns and each row's actions. */
export function OrderedTable<R extends { id: number }>({
  rows,
  columns,
  actions,
  actionsLabel,
  empty,
  caption,
  actionsClassName = "",
}: {
  rows: R[];
  /** Give every column but one a width (className) so the tables of all groups line up. */
  columns: OrderedColumn<R>[];
  actions?: (row: R, index: number) => React.ReactNode;
  actionsLabel: string;
  empty: string;
  caption: string;
  actionsClassName?: string;
}) {
  if (!rows.length) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full table-fixed text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-left text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={`px-2 py-1.5 font-semibold ${c.className ?? ""}`}>
                {c.label}
              </th>
            ))}
            {actions ? (
              <th scope="col" className={`px-2 py-1.5 ${actionsClassName}`}>
                <span className="sr-only">{actionsLabel}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, i) => (
            <tr key={row.id} className="align-middle hover:bg-slate-50">
              {columns.map((c) => (
                <td key={c.key} className={`px-2 py-1.5 ${c.className ?? ""}`}>
                  {c.render(row, i)}
                </td>
              ))}
              {actions ? <td className="whitespace-nowrap px-2 py-1.5 text-right">{actions(row, i)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

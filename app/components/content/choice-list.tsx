/**
 * A chooser: one link per kind of thing to create (a material's slot type, a question type…),
 * each with its label and a line saying what it is. Plain links, so it works without JavaScript.
 */
export type Choice = { key: string; href: string; label: string; description?: string };

export function ChoiceList({
  title,
  text,
  choices,
  cancelHref,
  cancelLabel,
  id,
}: {
  title: string;
  text?: string;
  choices: Choice[];
  cancelHref: string;
  cancelLabel: string;
  id: string;
}) {
  return (
    <section aria-labelledby={id} className="rounded border border-primary/40 bg-white p-4">
      <h2 id={id} className="text-base font-semibold">
        {title}
      </h2>
      {text ? <p className="mt-1 text-sm text-slate-600">{text}</p> : null}
      <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {choices.map((c) => (
          <li key={c.key}>
            <a
              href={c.href}
              className="block h-full rounded border border-slate-200 px-3 py-2 hover:border-primary hover:bg-slate-50"
            >
              <span className="block text-sm font-medium text-slate-900">{c.label}</span>
              {c.description ? <span className="block text-xs text-slate-600">{c.description}</span> : null}
            </a>
          </li>
        ))}
      </ul>
      <a href={cancelHref} className="mt-3 inline-block text-sm text-primary underline">
        {cancelLabel}
      </a>
    </section>
  );
}

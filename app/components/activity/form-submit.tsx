import { useSubmitting } from "~/components/use-submitting";

/** The primary button at the end of one of activity's forms, busy while the user's submission is sent. */
export function FormSubmit({ label }: { label: string }) {
  const busy = useSubmitting();
  return (
    <div className="flex justify-end">
      <button
        type="submit"
        disabled={busy}
        className="rounded bg-primary px-4 py-2 text-sm font-medium text-primary-fg hover:opacity-90 disabled:opacity-60"
      >
        {label}
      </button>
    </div>
  );
}

import { useContentTranslation } from "~/components/content/use-content-translation";
import type { Toast } from "~/lms/toast.server";

/**
 * The flash message of the last redirect: rendered by the server, so it shows without JS too. On a
 * content page its text may name the type (`{{noun}}`: app/components/content/use-content-translation.ts).
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const { t } = useContentTranslation();
  if (!toast) return null;
  const tone = toast.type === "error" ? "border-red-300 bg-red-50 text-red-900" : "border-emerald-300 bg-emerald-50 text-emerald-900";
  return (
    <div role="status" aria-live="polite" className={`fixed bottom-4 right-4 z-50 max-w-sm rounded border px-4 py-3 text-sm shadow ${tone}`}>
      {t(toast.message, toast.values)}
    </div>
  );
}

import { useContentTranslation } from "~/components/content/use-content-translation";
import type { Toast } from "~/lms/toast.server";

/**
 * The flash message of the last redirect: rendered by the server, so it shows without JS too. On a
 * content page its text may name the type (`{{noun}}`: app/components/content/use-content-translation.ts).
 * A refusal is titled "Error" with its status when it has one (spec 002 §8), then its translated detail.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const { t } = useContentTranslation();
  if (!toast) return null;
  const error = toast.type === "error";
  const tone = error ? "border-red-300 bg-red-50 text-red-900" : "border-emerald-300 bg-emerald-50 text-emerald-900";
  return (
    <div
      role="status"
      aria-live="polite"
      className={`fixed bottom-4 right-4 z-50 max-w-sm rounded border px-4 py-3 text-sm shadow ${tone}`}
    >
      {error ? (
        <p className="mb-1 font-semibold">
          {t("error_title")}
          {toast.status ? (
            <span className="ml-2 font-normal">{t("error_status", { status: toast.status })}</span>
          ) : null}
        </p>
      ) : null}
      <p>{t(toast.message, toast.values)}</p>
    </div>
  );
}

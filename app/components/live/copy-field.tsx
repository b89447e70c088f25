import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/react";

/**
 * A value shown read-only with a copy button (a live's stream details, docs/decisions/066). With
 * JavaScript the button copies it to the clipboard; without, there is no button and the read-only
 * field selects its whole value when focused, for the browser's own copy.
 */
export function CopyField({ id, label, value }: { id: string; label: string; value: string }) {
  const { t } = useTranslation();
  const [scripted, setScripted] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setScripted(true), []);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // No clipboard API (an insecure page): select the text and let the browser copy it.
      const input = document.getElementById(id) as HTMLInputElement | null;
      input?.select();
      document.execCommand("copy");
    }
    setCopied(true);
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded border border-slate-300 bg-slate-50 px-2 py-1.5 font-mono text-sm text-slate-900"
        />
        {scripted ? (
          <button
            type="button"
            onClick={copy}
            aria-label={t("live_copy_label", { name: label })}
            className="rounded border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            {copied ? t("live_copied") : t("live_copy")}
          </button>
        ) : null}
      </div>
      <span role="status" className="sr-only">
        {copied ? t("live_copied") : ""}
      </span>
    </div>
  );
}

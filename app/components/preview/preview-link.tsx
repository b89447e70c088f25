import { useRef, useState } from "react";
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { PreviewBody, type Preview } from "./preview-body";

/**
 * "Preview" of a PDF, video, audio, YouTube video or SCORM package (docs/decisions/084): a real
 * link to the preview's page of its own (`href`), which is what it is without JavaScript; with
 * JavaScript the same content opens in a Headless UI dialog over the list instead (focus moves
 * in, Escape or the close button closes it, focus returns to the link).
 */
export function PreviewLink({
  href,
  title,
  preview,
  label,
  ariaLabel,
  className,
}: {
  href: string;
  title: string;
  preview: Preview;
  label: string;
  ariaLabel?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const close = () => {
    setOpen(false);
    // Headless UI gives focus back to what opened the dialog; the link is named here so it is the link.
    requestAnimationFrame(() => link.current?.focus());
  };
  return (
    <>
      <a
        ref={link}
        href={href}
        aria-label={ariaLabel}
        aria-haspopup={hydrated ? "dialog" : undefined}
        className={className ?? "text-xs text-primary underline"}
        onClick={(e) => {
          // A new tab or window (modifier keys, middle click) still opens the page of its own.
          if (!hydrated || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
          e.preventDefault();
          setOpen(true);
        }}
      >
        {label}
      </a>
      {open ? (
        // The dialog itself covers the page (so it is what is seen), its backdrop behind the panel.
        <Dialog open onClose={close} className="fixed inset-0 z-50 flex items-center justify-center p-4">
          <div className="absolute inset-0 bg-slate-900/50" aria-hidden="true" />
          <div className="relative flex max-h-full w-full max-w-4xl">
            <DialogPanel
              className="flex max-h-full w-full flex-col gap-3 overflow-auto rounded-lg bg-white p-4 shadow-xl"
              data-testid="preview-dialog"
            >
              <div className="flex items-start justify-between gap-4">
                <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
                <button
                  type="button"
                  onClick={close}
                  className="rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50"
                >
                  {t("preview_close")}
                </button>
              </div>
              <PreviewBody preview={preview} title={title} />
              <a href={href} className="self-start text-xs text-primary underline">
                {t("preview_open_page")}
              </a>
            </DialogPanel>
          </div>
        </Dialog>
      ) : null}
    </>
  );
}

/** The preview's page of its own (without JavaScript, or opened in a new tab): title, back link, the same content. */
export function PreviewPage({ title, preview, backHref }: { title: string; preview: Preview; backHref: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="preview-title" className="space-y-3" data-testid="preview-page">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <h2 id="preview-title" className="text-lg font-semibold">
          {title}
        </h2>
        <a href={backHref} className="rounded border border-slate-300 px-3 py-1 text-sm hover:bg-slate-50">
          {t("preview_back")}
        </a>
      </div>
      <PreviewBody preview={preview} title={title} />
    </section>
  );
}

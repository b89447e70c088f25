import { useNavigation } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { Upload } from "tus-js-client";
import { CSRF_COOKIE, CSRF_HEADER } from "../../../contract/http";
import { UPLOAD_DASHBOARD_PATH, UPLOAD_EXTENSIONS, acceptOf, type UploadKind } from "../../../contract/upload-rules";
import { ErrorList, type Errors } from "~/components/form-basics";
import { useTranslation } from "~/i18n/react";
import { useFileSize } from "~/components/use-file-size";

type Props = {
  /** The file input's name; the finished upload's id posts as `{name}_upload_id`. */
  name: string;
  /** The kinds the form takes (contract/upload-rules.ts): the allowed extensions and the API's check. */
  kinds: readonly UploadKind[];
  label: ReactNode;
  /** The input's accept attribute (default: the kinds' extensions). */
  accept?: string;
  /** The field's errors from the server, already translated. */
  errors?: Errors;
  id?: string;
  requiredMark?: boolean;
  /** Bytes per PATCH (each a request through the dashboard's relay); default 8 MB. */
  chunkSize?: number;
  /**
   * Send the field's form as soon as the upload is done (issue 33 §11: choosing the file is the one
   * step; its form then needs no button with JavaScript). Once the form's post is over, the field
   * is ready for another file.
   */
  submitWhenDone?: boolean;
};

type State =
  | { step: "idle" }
  | { step: "uploading"; percent: number; file: string; paused: boolean }
  | { step: "done"; id: string; file: string }
  | { step: "saving"; id: string; file: string };

const readCookie = (name: string) =>
  document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1) ?? "";

/**
 * A file field that uploads resumably when JavaScript runs (docs/decisions/068). Without it, a
 * plain `<input type="file">` posted with the form (multipart, the general size limit). With it,
 * the chosen file goes at once to /dashboard/upload/ with tus, in chunks, with a progress bar; a
 * dropped connection is retried and resumed from the server's offset, also after a reload (the
 * browser keeps the upload by the file's fingerprint). When done, the form posts only the upload's
 * id (`{name}_upload_id`), the file input disabled. The server's refusal shows as the field's error.
 */
export function ResumableFileField({
  name,
  kinds,
  label,
  accept,
  errors,
  id,
  requiredMark,
  chunkSize = 8 * 1024 * 1024,
  submitWhenDone,
}: Props) {
  const { t } = useTranslation();
  const fileSize = useFileSize();
  const fallback = useId();
  const fieldId = id ?? fallback;
  const [state, setState] = useState<State>({ step: "idle" });
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useRef<Upload | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => void upload.current?.abort(), []);
  const navigation = useNavigation();

  // Done: the form goes with the upload's id (the hidden input is rendered by now).
  useEffect(() => {
    if (!submitWhenDone || state.step !== "done") return;
    setState({ ...state, step: "saving" });
    input.current?.form?.requestSubmit();
  }, [submitWhenDone, state]);
  // Its post over (saved, or refused with a toast): ready for the next file. The upload is the
  // item's now, or refused: it is let go without deleting it (the cleanup takes an unclaimed one).
  const posting = navigation.state !== "idle";
  const wasPosting = useRef(false);
  useEffect(() => {
    if (state.step === "saving" && wasPosting.current && !posting) {
      upload.current = null;
      setState({ step: "idle" });
      if (input.current) input.current.value = "";
    }
    wasPosting.current = posting;
  }, [posting, state.step]);

  const shown = [...(failure ? [failure] : []), ...(state.step === "idle" ? (errors ?? []) : [])].filter(Boolean);
  const errorId = shown.length ? `${fieldId}-error` : undefined;
  const hintId = `${fieldId}-hint`;
  const progressId = `${fieldId}-progress`;
  const extensions = [...new Set(kinds.flatMap((k) => UPLOAD_EXTENSIONS[k]))].join(", ");

  /** The server's answer to a refused upload, in the user's language. */
  const explain = (err: unknown): string => {
    const body = (err as { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody() ?? "";
    try {
      const parsed = JSON.parse(body) as { detail?: string; limit?: number };
      if (parsed.detail === "file_too_large" && parsed.limit)
        return t("upload_too_large_limit", { size: fileSize(parsed.limit) });
      if (parsed.detail) return t(parsed.detail);
    } catch {
      // Not the API's JSON (a proxy's page, a dropped connection): the general failure.
    }
    return t("upload_failed");
  };

  async function start(file: File) {
    setFailure(null);
    setState({ step: "uploading", percent: 0, file: file.name, paused: false });
    // Loaded when a file is chosen: pages with the field do not carry the client until then.
    const { Upload: TusUpload } = await import("tus-js-client");
    const u = new TusUpload(file, {
      endpoint: UPLOAD_DASHBOARD_PATH,
      chunkSize,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000, 30000, 60000],
      metadata: { filename: file.name, filetype: file.type, kind: kinds.join(",") },
      headers: { [CSRF_HEADER]: decodeURIComponent(readCookie(CSRF_COOKIE)) },
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) =>
        setState({
          step: "uploading",
          percent: total ? Math.floor((sent / total) * 100) : 0,
          file: file.name,
          paused: false,
        }),
      onShouldRetry: (err, _attempt, options) => {
        const status = err.originalResponse?.getStatus() ?? 0;
        const retry = status === 0 || status >= 500 || status === 409 || status === 423;
        if (retry) setState((s) => (s.step === "uploading" ? { ...s, paused: true } : s));
        return retry && (options.retryDelays?.length ?? 0) > 0;
      },
      onError: (err) => {
        setFailure(explain(err));
        setState({ step: "idle" });
        if (input.current) input.current.value = "";
      },
      onSuccess: () =>
        setState({ step: "done", id: (u.url ?? "").split("/").filter(Boolean).pop() ?? "", file: file.name }),
    });
    upload.current = u;
    const previous = await u.findPreviousUploads();
    if (previous.length) u.resumeFromPreviousUpload(previous[0]);
    u.start();
  }

  function reset() {
    // Cancelled or replaced: the server's copy is deleted now rather than by the abandoned-upload cleanup.
    void upload.current?.abort(true).catch(() => {});
    upload.current = null;
    setFailure(null);
    setState({ step: "idle" });
    if (input.current) input.current.value = "";
  }

  const busy = state.step !== "idle";
  return (
    <div>
      <label htmlFor={fieldId} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
        {requiredMark ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
      </label>
      <input
        ref={input}
        id={fieldId}
        type="file"
        name={name}
        accept={accept ?? acceptOf(kinds)}
        // A chosen file is uploaded now; the form then posts its id, not the file again.
        disabled={busy}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) void start(file);
        }}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId, busy ? progressId : null].filter(Boolean).join(" ")}
        className="block w-full text-sm file:mr-3 file:rounded file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5"
      />
      {state.step === "done" || state.step === "saving" ? (
        <input type="hidden" name={`${name}_upload_id`} value={state.id} />
      ) : null}
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {t("upload_allowed", { extensions })}
      </p>
      {state.step === "uploading" ? (
        <div id={progressId} className="mt-2 flex items-center gap-3">
          <progress
            max={100}
            value={state.percent}
            aria-label={t("upload_progress_label")}
            className="h-2 w-full max-w-xs"
          />
          <span role="status" className="text-sm text-slate-700">
            {state.paused
              ? t("upload_paused", { percent: state.percent })
              : t("upload_progress", { percent: state.percent })}
          </span>
          <button type="button" onClick={reset} className="text-sm text-primary underline">
            {t("upload_cancel")}
          </button>
        </div>
      ) : null}
      {state.step === "saving" ? (
        <div id={progressId} className="mt-2">
          <span role="status" className="text-sm text-slate-700">
            {t("upload_saving", { file: state.file })}
          </span>
        </div>
      ) : null}
      {state.step === "done" ? (
        <div id={progressId} className="mt-2 flex items-center gap-3">
          <span role="status" className="text-sm text-green-800">
            {t("upload_done", { file: state.file })}
          </span>
          <button type="button" onClick={reset} className="text-sm text-primary underline">
            {t("upload_replace")}
          </button>
        </div>
      ) : null}
      <ErrorList id={errorId} errors={shown} />
    </div>
  );
}

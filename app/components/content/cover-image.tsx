import { Form } from "@remix-run/react";
import { useRef, useState } from "react";
import { useContentTranslation } from "./use-content-translation";
import { CsrfInput } from "~/components/form-basics";
import { useItemWritable } from "./item-writable";
import { useFileSize } from "~/components/use-file-size";

type Props = {
  image: string | null;
  canChange: boolean;
  limit: number;
  width: number;
  height: number;
  /** Another picture than the item's cover (a provider's highlight): its heading and alt text, and what shows without one. */
  title?: string;
  emptyText?: string;
  /** More fields both forms post (the row the picture belongs to). */
  fields?: Record<string, string | number>;
  /** The remove button, and what removing does besides (null: nothing; default: a content is unpublished). */
  removeLabel?: string;
  removeNote?: string | null;
};

/**
 * The cover image (spec 001 §5: jpg, jpeg, png, gif; size limit from config; 800×450 default).
 * Without JavaScript it is a plain file input; with it, the chosen picture is cropped to the
 * configured size in the browser (position adjustable) before it is sent. The forms post the
 * intents upload-image (with `image`) and remove-image to the page's own action.
 */
export function CoverImage({
  image,
  canChange: mayChange,
  limit,
  width,
  height,
  title,
  emptyText,
  fields = {},
  removeLabel,
  removeNote,
}: Props) {
  const writable = useItemWritable();
  const canChange = mayChange && writable;
  const { t } = useContentTranslation();
  const fileSize = useFileSize();
  const fileRef = useRef<HTMLInputElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [source, setSource] = useState<HTMLImageElement | null>(null);
  const [pos, setPos] = useState(50);

  // The crop code arrives with the first picked picture (./cover-crop.ts).
  const crop = useRef<typeof import("./cover-crop") | null>(null);

  function onPick(e: React.ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    if (!file || file.type === "image/gif") return setSource(null); // animated GIFs are sent as they are
    const img = new Image();
    img.onload = async () => {
      crop.current ??= await import("./cover-crop");
      setSource(img);
      setPos(50);
      requestAnimationFrame(() => canvasRef.current && crop.current?.drawCrop(canvasRef.current, img, 50));
    };
    img.src = URL.createObjectURL(file);
  }

  /** Replace the chosen file with the cropped picture as the form is sent; the form then goes as any other (Remix submits it). */
  function onSubmit() {
    const canvas = canvasRef.current;
    const input = fileRef.current;
    if (!source || !canvas || !crop.current || !input?.files?.[0]) return;
    const dt = new DataTransfer();
    dt.items.add(crop.current.croppedFile(canvas, input.files[0]));
    input.files = dt.files;
    setSource(null);
  }

  return (
    <section aria-labelledby="cover-title" className="h-fit rounded border border-slate-200 bg-white p-5">
      <h2 id="cover-title" className="mb-3 text-base font-semibold">
        {title ?? t("cover_image")}
      </h2>
      {image ? (
        <img
          src={image}
          alt={title ?? t("cover_image")}
          width={width}
          height={height}
          className="aspect-video w-full rounded object-cover"
        />
      ) : (
        <p className="flex aspect-video w-full items-center justify-center rounded bg-slate-100 text-sm text-slate-600">
          {emptyText ?? t("no_cover_image")}
        </p>
      )}
      {canChange ? (
        <>
          <Form method="post" encType="multipart/form-data" onSubmit={onSubmit} className="mt-4 space-y-2">
            <CsrfInput />
            <input type="hidden" name="intent" value="upload-image" />
            <Hidden fields={fields} />
            <label htmlFor="cover-file" className="block text-sm font-medium text-slate-700">
              {t("choose_image")}
            </label>
            <input
              ref={fileRef}
              id="cover-file"
              type="file"
              name="image"
              accept=".jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif"
              onChange={onPick}
              className="block w-full text-sm"
            />
            <p className="text-xs text-slate-600">{t("image_rules", { width, height, size: fileSize(limit) })}</p>
            <div hidden={!source} className="space-y-2">
              <canvas
                ref={canvasRef}
                width={width}
                height={height}
                className="aspect-video w-full rounded border"
                aria-label={t("crop_preview")}
              />
              <label htmlFor="crop-pos" className="block text-xs text-slate-700">
                {t("crop_position")}
              </label>
              <input
                id="crop-pos"
                type="range"
                min={0}
                max={100}
                value={pos}
                onChange={(e) => {
                  const v = Number(e.target.value);
                  setPos(v);
                  if (source && canvasRef.current) crop.current?.drawCrop(canvasRef.current, source, v);
                }}
                className="w-full"
              />
            </div>
            <button type="submit" className="rounded bg-primary px-4 py-1.5 text-sm font-medium text-primary-fg">
              {t("upload_image")}
            </button>
          </Form>
          {image ? (
            <Form method="post" className="mt-3">
              <CsrfInput />
              <input type="hidden" name="intent" value="remove-image" />
              <Hidden fields={fields} />
              <button type="submit" className="text-sm text-red-700 underline">
                {removeLabel ?? t("remove_image")}
              </button>
              {removeNote === null ? null : (
                <p className="mt-1 text-xs text-slate-600">{removeNote ?? t("remove_image_unpublishes")}</p>
              )}
            </Form>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function Hidden({ fields }: { fields: Record<string, string | number> }) {
  return Object.entries(fields).map(([k, v]) => <input key={k} type="hidden" name={k} value={String(v)} />);
}

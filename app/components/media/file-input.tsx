import { useTranslation } from "~/i18n/react";
import { ResumableFileField } from "~/components/upload/resumable-file-field";
import type { UploadKind } from "../../../contract/upload-rules";

/**
 * The file field of a media item's file form: resumable with JS (progress, resume; the form posts
 * `file_upload_id` by itself once the upload is done: one step, issue 33 §11), a plain file input
 * of the kind's extensions without (docs/decisions/068, 069), sent with the form's button.
 * Its texts are the `upload` namespace's: a page using it declares it.
 */
export function MediaFileInput({ kind }: { kind: UploadKind }) {
  const { t } = useTranslation();
  return (
    <ResumableFileField name="file" id="media-file" kinds={[kind]} label={t("media_file_choose")} submitWhenDone />
  );
}

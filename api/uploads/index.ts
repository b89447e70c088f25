/**
 * The one interface content types use for uploaded files (docs/decisions/068): claim a finished
 * resumable upload, store a whole file (multipart without JavaScript; the seed), the URL a stored
 * file is served at, and deleting one.
 */
export type { StoredFile } from "./files";
export { fileUrl, deleteStoredFile } from "./files";
export { claimUpload, storeFile } from "./claim";
export { uploadCleanupTick } from "./cleanup";
export type { UploadKind } from "../../contract/upload-rules";

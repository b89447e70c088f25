import fs from "node:fs";
import path from "node:path";
import type { FastifyRequest } from "fastify";
import { MSG } from "../../../../contract/messages";
import { SLOT_FILE_EXTENSIONS, type SlotType } from "../../../../contract/curriculum-codes";
import { badRequest } from "../../../http/errors";
import { readOneFile, sniffImage } from "../../../system/media";

/**
 * Files of curriculum materials (spec 001 §5 "URLs and files"): the extensions each slot type
 * takes, the content checked to be of that type (first bytes), the size limit of config
 * `file-size-limit`, stored under the media directory's `material/` folder by content hash.
 */
export const MATERIAL_FOLDER = "material";

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const startsWith = (data: Buffer, text: string) => data.subarray(0, text.length).toString("latin1") === text;
const isZip = (d: Buffer) => d.length >= 4 && d[0] === 0x50 && d[1] === 0x4b && ((d[2] === 3 && d[3] === 4) || (d[2] === 5 && d[3] === 6));

/** Whether the bytes are a file of that extension (a loose but real check of the format). */
export function looksLike(ext: string, data: Buffer): boolean {
  switch (ext) {
    case "pdf":
      return startsWith(data, "%PDF-");
    case "zip":
    case "docx":
    case "xlsx":
      return isZip(data);
    case "doc":
    case "xls":
      return data.length >= 8 && data.subarray(0, 8).equals(OLE2);
    case "mp4":
      return data.length >= 12 && data.subarray(4, 8).toString("latin1") === "ftyp";
    case "mp3":
      return startsWith(data, "ID3") || (data.length >= 2 && data[0] === 0xff && (data[1] & 0xe0) === 0xe0);
    case "png":
    case "gif":
      return sniffImage(data) === ext;
    case "jpg":
    case "jpeg":
      return sniffImage(data) === "jpg";
    case "csv":
      // Text: no NUL byte in the first 64 KB (UTF-8 with or without BOM, or a Thai code page).
      return data.length > 0 && !data.subarray(0, 65536).includes(0);
    default:
      return false;
  }
}

export type MaterialUpload = { data: Buffer; ext: string; fileName: string };

/**
 * The one file of a multipart request in field `file`, of an extension `slotType` takes AND with
 * content of that type, at most `limit` bytes. Otherwise 400 {file: [required | invalid_file_type
 * | file_too_large]}.
 */
export async function readMaterialUpload(req: FastifyRequest, slotType: SlotType, limit: number): Promise<MaterialUpload> {
  const { data, filename } = await readOneFile(req, "file", limit);
  if (!data.length) throw badRequest({ file: [MSG.required] });
  const ext = path.extname(filename).slice(1).toLowerCase();
  if (!SLOT_FILE_EXTENSIONS[slotType].includes(ext) || !looksLike(ext, data)) throw badRequest({ file: [MSG.invalid_file_type] });
  // The name kept for display and download, as readOneFile cleaned it (uploads/file-name.ts).
  return { data, ext, fileName: filename };
}

const FILE_REF = /^\/api\/media\/material\/([0-9a-f]{40})\.([a-z0-9]{2,5})$/;

/**
 * A material's `file`: a path an upload answered, of an extension the slot type takes, whose file
 * is there. Otherwise the field's message key (invalid_file_type or file_not_ready).
 */
export function fileRefProblem(mediaDir: string, slotType: SlotType, ref: string): string | null {
  const m = FILE_REF.exec(ref);
  if (!m) return MSG.file_not_ready;
  if (!SLOT_FILE_EXTENSIONS[slotType].includes(m[2])) return MSG.invalid_file_type;
  const file = path.join(mediaDir, MATERIAL_FOLDER, `${m[1]}.${m[2]}`);
  return fs.existsSync(file) ? null : MSG.file_not_ready;
}

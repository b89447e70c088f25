import fs from "node:fs";
import path from "node:path";
import type { FastifyRequest } from "fastify";
import { MSG } from "../../../../contract/messages";
import { SLOT_FILE_EXTENSIONS, type SlotType } from "../../../../contract/curriculum-codes";
import { badRequest } from "../../../http/errors";
import { readOneFile } from "../../../system/media";
import { contentFits } from "../../../uploads/files";

/**
 * Files of curriculum materials (spec 001 §5 "URLs and files"): the extensions each slot type
 * takes, the content checked to be of that type (api/uploads/files.ts contentFits), the size limit of config
 * `file-size-limit`, stored under the media directory's `material/` folder by content hash.
 */
export const MATERIAL_FOLDER = "material";

export type MaterialUpload = { data: Buffer; ext: string; fileName: string };

/**
 * The one file of a multipart request in field `file`, of an extension `slotType` takes AND with
 * content of that type, at most `limit` bytes. Otherwise 400 {file: [required | invalid_file_type
 * | file_too_large]}.
 */
export async function readMaterialUpload(
  req: FastifyRequest,
  slotType: SlotType,
  limit: number,
): Promise<MaterialUpload> {
  const { data, filename } = await readOneFile(req, "file", limit);
  if (!data.length) throw badRequest({ file: [MSG.required] });
  const ext = path.extname(filename).slice(1).toLowerCase();
  if (!SLOT_FILE_EXTENSIONS[slotType].includes(ext) || !(await contentFits(ext, data)))
    throw badRequest({ file: [MSG.invalid_file_type] });
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

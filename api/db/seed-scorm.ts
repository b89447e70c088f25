import fs from "node:fs";
import type { Db } from "./index";
import { storeMedia } from "../system/media";
import { MATERIAL_FOLDER } from "../content/features/curriculum/files";

/** Where the seeded SCORM slots point before this runs (api/db/seed-curriculum.ts). */
const DEMO_PACKAGE = "/dashboard/demo/material-scorm.zip";

/**
 * The demo's SCORM slots get their package stored as an upload would store it (media/material/,
 * by content hash), so their preview can launch it (docs/decisions/084); run after the demo's
 * transaction, as the media files are. Without the bundled zip the slots keep the bundled path.
 */
export async function seedScormPackage(db: Db, mediaDir: string, log: (line: string) => void): Promise<void> {
  const data = await fs.promises
    .readFile(new URL("../../public/dashboard/demo/material-scorm.zip", import.meta.url))
    .catch(() => null);
  if (!data) return log("[api] demo SCORM package not found: its slots keep the bundled file");
  const file = await storeMedia(mediaDir, MATERIAL_FOLDER, { data, ext: "zip" });
  await db.updateTable("content_material").set({ file }).where("file", "=", DEMO_PACKAGE).execute();
}

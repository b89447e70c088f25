/**
 * A long id list in parts a single statement can take: both dialects cap bound parameters
 * (SQLite 32 766, PostgreSQL 65 535), and one huge IN list plans badly anyway.
 */
export const BATCH = 500;

/** `list` in consecutive parts of at most `size`. */
export const chunks = <T>(list: readonly T[], size = BATCH): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, i * size + size));

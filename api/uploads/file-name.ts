/**
 * The name an uploaded file keeps (shown, and given back on download), whichever way it came
 * (multipart or tus, issue 32): its base name, without C0 and C1 control characters and DEL (as a
 * typed text refuses them: contract/schemas/text.ts; a NUL was kept as sent) nor the bidirectional
 * overrides that make "cod.exe" look like "exe.doc", trimmed, at most MAX_FILE_NAME characters
 * (the start of the name and its extension kept). "" when nothing is left: the caller refuses it as
 * a name without an extension (invalid_file_type).
 */
export const MAX_FILE_NAME = 200;
const UNWANTED = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function cleanFileName(name: string): string {
  const base = name.replace(UNWANTED, "").split(/[\\/]/).pop() ?? "";
  // By code point, so a Thai or emoji name is never cut inside a character.
  const chars = Array.from(base.trim());
  if (chars.length <= MAX_FILE_NAME) return chars.join("");
  const dot = chars.lastIndexOf(".");
  const ext = dot > 0 && chars.length - dot <= 9 ? chars.slice(dot) : [];
  return [...chars.slice(0, MAX_FILE_NAME - ext.length), ...ext].join("").trim();
}

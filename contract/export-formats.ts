/**
 * GET …/learner/export/ and …/progress/export/: the spreadsheet type (`format_type`). Its own
 * module (codes.ts re-exports it): every list page's export links read it, and a browser chunk
 * holds the whole of a module as far as any page uses it — codes.ts there is a kilobyte of codes
 * the list never reads (docs/decisions/087).
 */
export const EXPORT_FORMATS = ["xlsx", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

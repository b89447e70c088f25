/**
 * The six media types (spec 000 §2.9: article, audio, document, external video, flash card,
 * video; issue 19, docs/decisions/069) as content registry entries, built by ONE factory from a
 * per-type data table: what differs between them is a row of MEDIA_TYPES, never a copy.
 *
 * Every media type: the engine's list, create page, information form (with the file, the link or
 * the body beside it: routes/media.information.tsx), enrollment, gamification, permission (index,
 * admin, {permissionid}/condition), and overall pages learner, progress and management (its
 * condition — who may see it, the permission rules — and publish pages). Audio and video add the
 * overall discussion and a review page (the file as learners get it, with duration and
 * thumbnail); flash cards add their cards, summary and the learners' cards (ugc list, view,
 * edit); video adds index/overall/condition and index/overall/publish. The API keys the same rows
 * by kind (api/content/media/, contract/media-codes.ts); the content library (coniclex) can later
 * be a second call of the factory over its own collection.
 *
 * @typedef {import("./content-typedefs.js").ContentType} ContentType
 * @typedef {import("./content-typedefs.js").Tab} Tab
 * @typedef {import("./content-typedefs.js").FormField} FormField
 * @typedef {{ key: string, segment: string, param: string, file?: boolean, link?: boolean, body?: boolean, cards?: boolean, review?: boolean, discussion?: boolean, index?: boolean }} MediaTypeRow
 */
import {
  ENGINE_MODULES,
  PERMISSION,
  LIST,
  NAME_COLUMNS,
  STATE_COLUMNS,
  HEAD_FIELDS,
  TAIL_FIELDS,
  enrollmentTab,
  GAMIFICATION,
  LEARNER,
  progressOverall,
  OVERALL_INDEX,
} from "./parts.js";

/** @type {MediaTypeRow[]} one row per media type: its URL, parameter and what it holds. */
export const MEDIA_TYPES = [
  { key: "article", segment: "article", param: "articleid", body: true },
  { key: "audio", segment: "audio", param: "audioid", file: true, review: true, discussion: true },
  { key: "document", segment: "document", param: "documentid", file: true },
  { key: "external_video", segment: "external-video", param: "externalvideoid", link: true },
  { key: "flash_card", segment: "flash-card", param: "flashcardid", cards: true },
  { key: "video", segment: "video", param: "videoid", file: true, review: true, discussion: true, index: true },
];

/** The dictionary namespace of every media page. */
export const MEDIA_I18N = "media";

const MODULE = (name) => `routes/media.${name}.tsx`;

/** The management page's condition (the permission rules: who may see it) and publish pages. */
const managementPage = () => ({
  id: "management",
  labelKey: "media_overall_management",
  action: "view",
  kind: "custom",
  module: MODULE("management"),
  children: [
    {
      id: "condition",
      labelKey: "media_condition",
      action: "change",
      kind: "table",
      module: "routes/content.permission.tsx",
    },
    { id: "publish", labelKey: "media_publish", action: "publish", kind: "custom", module: MODULE("publish") },
  ],
});

/**
 * @param {MediaTypeRow} row
 * @returns {ContentType}
 */
export const mediaType = (row) => ({
  key: row.key,
  segment: row.segment,
  param: row.param,
  api: `dashboard/${row.key}/`,
  // Every media type's flags are the spec's material module's (spec 002 §6 "material types").
  module: "material",
  labelKey: `content_${row.key}`,
  nounKey: `media_noun_${row.key}`,
  i18n: [MEDIA_I18N],
  menuSection: "content",
  ...ENGINE_MODULES,
  cancelKind: "course",
  schema: row.key,
  cover: false,
  columns: [
    ...(row.file || row.link ? [{ key: "thumbnail", labelKey: "media_col_thumbnail", kind: "image" }] : []),
    ...NAME_COLUMNS,
    ...(row.file ? [{ key: "duration_text", labelKey: "media_col_duration" }] : []),
    ...(row.cards ? [{ key: "card_count", labelKey: "media_col_card_count" }] : []),
    ...STATE_COLUMNS,
  ],
  ...LIST,
  fields: [
    ...HEAD_FIELDS,
    { name: "instructor_list", labelKey: "field_instructor_list", kind: "multiselect", source: "instructor" },
    ...(row.link ? [{ name: "url", labelKey: "media_field_url", kind: "text", helpKey: "media_help_url" }] : []),
    ...(row.body ? [{ name: "body", labelKey: "media_field_body", kind: "textarea" }] : []),
    ...TAIL_FIELDS,
  ],
  defaultTab: "information",
  tabs: [
    {
      // The engine's form with the item's file beside it; `api` "": the item itself.
      id: "information",
      labelKey: "tab_information",
      action: "view",
      kind: "form",
      module: MODULE("information"),
      api: "",
      children: row.review
        ? [{ id: "review", labelKey: "media_tab_review", action: "view", kind: "review", module: MODULE("review") }]
        : [],
      // spec 000 §2.9 "a review page (audio, video)" at /{type}/{id}/review: the tab's review.
      ...(row.review ? { aliases: [{ id: "review", path: "review", to: "information/review" }] } : {}),
    },
    ...(row.cards
      ? [
          { id: "card", labelKey: "media_tab_card", action: "view", kind: "custom", module: MODULE("cards") },
          { id: "summary", labelKey: "media_tab_summary", action: "view", kind: "custom", module: MODULE("summary") },
          {
            id: "ugc",
            labelKey: "media_tab_ugc",
            action: "view",
            kind: "table",
            module: MODULE("ugc"),
            // spec 000 §2.9 "ugc (edit, list, view)": a card by `?id=`, else the list to choose one from.
            aliases: [
              { id: "ugc-view", path: "ugc/view", to: "ugc/:id/view", fallback: "ugc/list" },
              { id: "ugc-edit", path: "ugc/edit", to: "ugc/:id/edit", fallback: "ugc/list", action: "change" },
            ],
            children: [
              { id: "list", labelKey: "media_ugc_list", action: "view", kind: "table", module: MODULE("ugc") },
              {
                id: "view",
                labelKey: "media_ugc_view",
                action: "view",
                kind: "custom",
                param: "ugcid",
                paramList: "ugc/",
                module: MODULE("ugc-item"),
              },
              {
                id: "edit",
                labelKey: "media_ugc_edit",
                action: "change",
                kind: "form",
                param: "ugcid",
                paramList: "ugc/",
                module: MODULE("ugc-item"),
              },
            ],
          },
        ]
      : []),
    enrollmentTab([]),
    PERMISSION,
    GAMIFICATION,
  ],
  overall: [
    LEARNER,
    progressOverall(),
    managementPage(),
    ...(row.discussion
      ? [
          {
            id: "discussion",
            labelKey: "overall_discussion",
            action: "view",
            kind: "table",
            module: "routes/content.overall-discussion.tsx",
          },
        ]
      : []),
  ],
  overallIndex: OVERALL_INDEX,
  // spec 000 §2.9: /video/{materialid}/index/overall/condition and /publish — the management
  // page's condition and publish under the video's index (docs/decisions/069).
  pages: row.index
    ? [
        {
          id: "index.condition",
          path: "index/overall/condition",
          labelKey: "media_condition",
          action: "change",
          module: "routes/content.permission.tsx",
        },
        {
          id: "index.publish",
          path: "index/overall/publish",
          labelKey: "media_publish",
          action: "publish",
          module: MODULE("publish"),
        },
      ]
    : [],
});

/** The six entries. */
export const MEDIA_CONTENT_TYPES = MEDIA_TYPES.map((row) => mediaType(row));

import { DEFAULT_ZONE_OFFSET_MINUTES } from "./time-zone";
/**
 * The named settings of config_dict (spec 000 §3, 001 §3, 002 §6–§9) and their defaults. The API
 * seeds them and answers them; the dashboard reads them by these names. A setting is
 * `{ value, url? }`: `url` carries the address of image settings.
 */
export type ConfigEntry = { value: string | number | boolean | null | string[]; url?: string | null };

export const CONFIG_DEFAULTS = {
  // Branding (ci-setup)
  app_name: { value: "LMS" },
  primary_color: { value: "#1d4ed8" },
  primary_logo_image: { value: null, url: "/dashboard/logo.svg" },
  favicon_image: { value: null, url: "/favicon.ico" },
  login_background_image: { value: null, url: null },
  /** 1 or 2: which of the two login layouts the sign-in page uses. */
  "login-layout": { value: 1 },
  // Maintenance: the learner site's flag and the dashboard variant
  "maintenance-is-enabled": { value: false },
  "maintenance-dashboard-is-enabled": { value: false },
  "menu-collapse": { value: false },
  "alert-banner-is-display": { value: false },
  "alert-banner-message": { value: "" },
  "messenger-is-enabled": { value: false },
  "meta-description": { value: "Learning management" },
  "og-title": { value: "LMS" },
  "og-description": { value: "Learning management" },
  "og-image": { value: null, url: null },
  // Languages beyond en and th
  "language-list": { value: ["en", "th"] },
  // Feature switches (spec 002 §6)
  "gamification-is-enabled": { value: true },
  "competency-is-enabled": { value: true },
  // On by default: they decide whether the built price pages exist (docs/decisions/020).
  "pricing-is-enabled": { value: true },
  "course-price-is-enabled": { value: true },
  "learning-playlist-is-enabled": { value: true },
  "dependency-activity-is-enabled": { value: true },
  "dependency-class-is-enabled": { value: true },
  "dependency-course-is-enabled": { value: true },
  "dependency-learning-path-is-enabled": { value: true },
  "dependency-onboard-is-enabled": { value: true },
  "dependency-survey-is-enabled": { value: true },
  "dependency-test-is-enabled": { value: true },
  "explore-mode-is-enabled": { value: false },
  // Test types beyond 1 and 4 (spec 001 §4, contract/test-codes.ts) and the question limit per
  // test section or bank (spec 002 §8 "question limit exceeded"; docs/decisions/064).
  "test-type-matching-is-enabled": { value: false },
  "test-type-fill-number-is-enabled": { value: false },
  "test-type-fill-answer-is-enabled": { value: false },
  "test-question-limit": { value: 100 },
  /** 0 off, 1 all mobile OS, 2 Android, 3 iOS. */
  "force-mobile-app": { value: 0 },
  "screen-capture-is-disabled": { value: false },
  "right-click-is-disabled": { value: false },
  "copy-paste-is-disabled": { value: false },
  "upload-ip-allow-list": { value: [] },
  // Content tags and locations switched by flags read by name (spec 002 §7)
  "tag-is-content-cluster": { value: false },
  "tag-is-content-school": { value: false },
  "tag-course-type-is-display": { value: false },
  "location-is-event-zone": { value: false },
  "tag-is-event-channel": { value: false },
  "tag-is-event-category": { value: false },
  "tag-event-type-is-display": { value: false },
  "io-number-is-display": { value: false },
  // Identification and account lock
  "iden-otp-email-display": { value: true },
  "iden-otp-sms-display": { value: false },
  "iden-account-lockout-threshold-display": { value: true },
  "iden-account-lockout-threshold": { value: 5 },
  "iden-apply-auto-unlock-display": { value: true },
  "iden-auto-unlock-minutes": { value: 30 },
  "iden-send-method": { value: 0 },
  "iden-lock-attempt-minimum": { value: 1 },
  "iden-lock-duration-minimum": { value: 60 },
  // Password rules (spec 001 §5: the live rule comes from configuration)
  "password-min-length": { value: 8 },
  "password-max-length": { value: 32 },
  "password-require-uppercase": { value: true },
  "password-require-lowercase": { value: true },
  "password-require-number": { value: true },
  "password-require-symbol": { value: true },
  /** Days a password lasts before sign-in asks for a new one; 0 never (docs/decisions/082). */
  "password-period-days": { value: 0 },
  /** Days without a sign-in after which the account is locked until an administrator activates it; 0 never (082). */
  "iden-inactivity-lock-days": { value: 0 },
  "password-history-count": { value: 0 },
  // Limits (spec 001 §5)
  "text-limit": { value: 200 },
  "description-limit": { value: 2000 },
  "code-limit": { value: 12 },
  "url-limit": { value: 255 },
  "file-size-limit": { value: 10485760 },
  /** Resumable video and audio uploads: their own limit, lectures run to gigabytes (docs/decisions/068). */
  "upload-media-size-limit": { value: 4294967296 },
  /** Hours after which an upload never finished is deleted with its bytes (docs/decisions/068). */
  "upload-abandon-hours": { value: 24 },
  "image-size-limit": { value: 10485760 },
  "image-width": { value: 800 },
  "image-height": { value: 450 },
  /** Minutes east of UTC in which administrators enter dates and times (Thailand: +7 h). */
  "time-zone-offset-minutes": { value: DEFAULT_ZONE_OFFSET_MINUTES },
  // Sign-in
  "login-social-provider-list": { value: [] },
  "smtp-is-enabled": { value: false },
} satisfies Record<string, ConfigEntry>;

export type ConfigKey = keyof typeof CONFIG_DEFAULTS;
export type ConfigDict = Record<string, ConfigEntry>;

/**
 * Whether every named switch is on (a feature exists, docs/decisions/020). A switch the config
 * does not carry has its default, so an API that lacks the setting behaves as a fresh install.
 */
export const switchesOn = (config: ConfigDict, keys: readonly string[]): boolean =>
  keys.every((k) => (config[k] ?? (CONFIG_DEFAULTS as ConfigDict)[k])?.value === true);

/** Names of the update times `config/check-update/` reports (spec 002 §3 "Store-update response"). */
export const FILTER_NAMES = [
  "department-cascade",
  "level",
  "position",
  "provider",
  "instructor",
  "group",
  "category",
  "sub-category",
  "content-type",
  "tag",
  "learning-program",
] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

import type { Generated } from "kysely";

/**
 * Tables of the embedded LMS API. Booleans are stored as 0/1 integers and times as ISO-8601 UTC
 * text in both dialects, so one query path serves SQLite and PostgreSQL (docs/decisions/002).
 */
type Id = Generated<number>;
type Flag = number;

/** The columns of a table the content library shares (0038, docs/decisions/071): whose item, and the library item a copy was taken from. */
export type LibraryColumns = { is_library: Generated<Flag>; library_source_id: Generated<number | null> };

/**
 * The columns every content type's own table has (spec 001 §3 "Content"); publish status is
 * derived from is_display and the times (contract/codes.ts).
 */
export type ContentColumns = {
  id: Id;
  name: string;
  code: string;
  /** A level id. */
  content_level: number | null;
  program: number | null;
  category_id: number;
  provider_id: number;
  is_environmental: Flag;
  desc: string;
  is_display: Flag;
  /** The scheduled publish start, or null. */
  datetime_start: string | null;
  /** When it was (or is scheduled to be) first shown; null while a draft. */
  datetime_first_publish: string | null;
  datetime_create: string;
  datetime_update: string;
  created_by: number | null;
};

/**
 * A stored condition (spec 001 §3 "Condition forms"; 0006_access, 0015_groups): operator (1 every
 * filled criterion, 2 any), ranges in whole years (-1 unset), the account start dates
 * (YYYY-MM-DD or null); its id lists live in an item table of (field, ref_id).
 */
export type ConditionColumns = {
  operator: number;
  /** The department list also matches the sub-departments of the departments it names (0015). */
  is_include_sub_department: Generated<Flag>;
  age_gte: number;
  age_lte: number;
  experience_gte: number;
  experience_lte: number;
  level_year_gte: number;
  level_year_lte: number;
  service_gte: number;
  service_lte: number;
  level_group_year_gte: number;
  level_group_year_lte: number;
  /** English score bounds (0046): -1 unset. */
  english_score_gte: Generated<number>;
  english_score_lte: Generated<number>;
  /** Text lists (0046, docs/decisions/083): "|A|B|", empty when not set. */
  company_code: Generated<string>;
  job_family: Generated<string>;
  work_shift: Generated<string>;
  date_account_start_gte: string | null;
  date_account_start_lte: string | null;
};

export interface Database {
  account: {
    id: Id;
    username: string;
    email: string;
    password_hash: string;
    first_name: string;
    last_name: string;
    phone: string | null;
    image: string | null;
    language: string;
    department_id: number | null;
    position_id: number | null;
    level_id: number | null;
    is_active: Flag;
    is_superuser: Flag;
    is_system_user: Flag;
    is_dashboard_permission: Flag;
    is_store_permission: Flag;
    is_verified_email: Flag;
    failed_login_count: number;
    datetime_locked: string | null;
    last_active: string | null;
    /** The day an onboarding plan's rule enrolled the new employee (0054, docs/decisions/099). */
    onboard_date: string | null;
    datetime_password_change: string | null;
    datetime_create: string;
    /** The direct manager (spec 001 §3 User supervisor), or null. */
    supervisor_id: number | null;
    // The rest of spec 001 §3 "User" (0014_people, docs/decisions/029).
    title: string | null;
    middle_name: string | null;
    /** "male" or "female"; null on accounts made before 0014. */
    gender: string | null;
    /** The employee code, unique among non-empty ones (blank is null). */
    code: string | null;
    code2: string | null;
    address: string | null;
    is_subscribe: Generated<Flag>;
    /** Calendar dates, YYYY-MM-DD. */
    date_start: string | null;
    date_joined: string | null;
    date_birth: string | null;
    /** A Thai national ID (13 digits), unique among non-empty ones. */
    id_card: string | null;
    company: string | null;
    work_experience: string | null;
    count_experience_year: Generated<number>;
    count_experience_month: Generated<number>;
    /** The user must choose a new password at the next sign-in (set by an administrator's reset). */
    is_force_reset_password: Generated<Flag>;
    /** YYYY-MM-DD, or null. */
    expired_date: string | null;
    datetime_update: string | null;
    /** What a learner condition also reads (0046, docs/decisions/083); null when not given. */
    job_family: string | null;
    work_shift: string | null;
    location_id: number | null;
    english_score: number | null;
  };
  /**
   * Who changed which account, how and when (0014_people): action one of ACCOUNT_HISTORY_ACTIONS
   * (contract/schemas/user.ts), changes JSON {field: [old, new]} (never a password); created_by
   * null once that account is deleted.
   */
  account_history: {
    id: Id;
    account_id: number;
    action: string;
    changes: string;
    created_by: number | null;
    datetime_create: string;
  };
  /**
   * One uploaded import file and its job (0016_imports, docs/decisions/032): status -1 / 2 / 3
   * (spec 001 §4 "Import task"), error_rows JSON of the refused rows, datetime_update the heartbeat.
   */
  import_history: {
    id: Id;
    module: string;
    input_filename: string;
    status: number;
    percent: Generated<number>;
    mode: string;
    count_total: Generated<number>;
    count_created: Generated<number>;
    count_updated: Generated<number>;
    count_unchanged: Generated<number>;
    count_failed: Generated<number>;
    message: string | null;
    error_rows: string | null;
    created_by: number | null;
    datetime_create: string;
    datetime_update: string;
    datetime_finish: string | null;
    job_options: string | null;
    lease_holder: string | null;
    lease_until: string | null;
    attempts: Generated<number>;
  };
  /** The uploaded table of an import job still to run (0050, docs/decisions/095). */
  import_file: { import_id: number; content: string };
  auth_group: { id: Id; code: string; name: string };
  auth_group_permission: { auth_group_id: number; flag: string };
  account_auth_group: { account_id: number; auth_group_id: number; is_in_use: Flag };
  /** The account's group / provider / instructor / department roles (spec 002 §3 role lists). */
  account_role_scope: { account_id: number; kind: string; ref_id: number; is_in_use: Flag };
  session: {
    key_hash: string;
    account_id: number;
    datetime_create: string;
    datetime_last_seen: string;
    ip: string | null;
    user_agent: string | null;
    /** The login_as row the session acts under (0017, docs/decisions/033), or null. */
    login_as_id: number | null;
  };
  /** An administrator acting as another account (0017, docs/decisions/033). */
  login_as: {
    id: Id;
    administrator_id: number;
    account_id: number;
    duration_minutes: number;
    datetime_start: string;
    datetime_expire: string;
    datetime_end: string | null;
    end_reason: string | null;
    ip: string | null;
  };
  /** A write made while acting (0017). */
  /** …with the name of the row its answer named and the names of the fields it sent, JSON (0044). */
  login_as_write: {
    id: Id;
    login_as_id: number;
    method: string;
    path: string;
    status: number;
    datetime_create: string;
    target_name: Generated<string | null>;
    fields: Generated<string | null>;
  };
  login_attempt: {
    id: Id;
    username: string;
    account_id: number | null;
    ip: string;
    is_success: Flag;
    datetime_create: string;
  };
  login_guard: {
    identifier: string;
    scope: string;
    failures: number;
    datetime_last_failure: string;
    datetime_locked: string | null;
  };
  /** A rate limit's hits in its current window, by limiter and key (0048, docs/decisions/090). */
  rate_limit_counter: { key: string; datetime_start: string; datetime_expire: string; hits: number };
  /** The row a create call with an idempotency key made, by account and key (0049, docs/decisions/094). */
  idempotency_key: { account_id: number; key: string; path: string; object_id: number; datetime_create: string };
  config: { key: string; value: string; url: string | null; datetime_update: string };
  update_time: { key: string; datetime_update: string };
  dictionary: { language: string; key: string; value: string; is_login_page: Flag };
  term_document: {
    id: Id;
    kind: string;
    topic: string;
    body: string;
    version: number;
    is_publish: Flag;
    datetime_publish: string | null;
    datetime_create: string;
  };
  term_acceptance: { account_id: number; term_document_id: number; datetime_create: string };
  analytic_session: {
    id: Id;
    account_id: number | null;
    source: number;
    ip: string | null;
    user_agent: string | null;
    datetime_create: string;
  };
  password_reset: {
    id: Id;
    reference_id: string;
    account_id: number;
    send_method: number | null;
    otp_hash: string | null;
    datetime_otp_expire: string | null;
    otp_attempts: number;
    token_hash: string | null;
    datetime_token_expire: string | null;
    datetime_used: string | null;
    datetime_create: string;
  };
  /** One-time single-sign-on login tokens (docs/decisions/005): only the SHA-256 is stored. */
  sso_token: { token_hash: string; account_id: number; datetime_expire: string; datetime_used: string | null };
  outbox: {
    id: Id;
    channel: string;
    recipient: string;
    subject: string;
    body: string;
    datetime_create: string;
    datetime_sent: string | null;
  };
  department: { id: Id; name: string; code: string | null; parent_id: number | null };
  level: { id: Id; name: string; code: string | null };
  position: { id: Id; name: string; code: string | null };
  /** type: "ACCOUNT" (members listed in account_group_member) or "CONDITION" (its condition decides, 0015). */
  account_group: { id: Id; name: string; code: string | null; type: string; desc: string | null };
  account_group_member: { group_id: number; account_id: number };
  /** A CONDITION group's condition (0015_groups, docs/decisions/030), in the shape of content_permission's. */
  account_group_condition: ConditionColumns & { group_id: number; datetime_update: string };
  /** The id lists of a group's condition (field: department, position, level, group…). */
  account_group_condition_item: { group_id: number; field: string; ref_id: number };
  /** Who may see a category and what lies in it: rules as a content's (0015_groups). */
  category_permission: ConditionColumns & {
    id: Id;
    category_id: number;
    mode: number;
    permission: number;
    datetime_create: string;
    datetime_update: string;
  };
  category_permission_item: { permission_id: number; field: string; ref_id: number };
  /** A provider's highlight (spec 001 §3 "Highlight"): one of its contents, or an external link. */
  provider_highlight: {
    id: Id;
    provider_id: number;
    title: string;
    image: string | null;
    content_type_id: number | null;
    content_id: number | null;
    external_link: string | null;
    video_type: number | null;
    sort: number;
    datetime_create: string;
    datetime_update: string;
  };
  category: { id: Id; name: string; code: string | null; parent_id: number | null; image: string | null };
  provider: {
    id: Id;
    name: string;
    code: string | null;
    about: string | null;
    image: string | null;
    desc: string | null;
  };
  instructor: {
    id: Id;
    name: string;
    code: string | null;
    contact: string | null;
    overview: string | null;
    image: string | null;
    account_id: number | null;
  };
  /** Locations (migration 0018, docs/decisions/039): coordinates in degrees, null when not given. */
  location: {
    id: Id;
    name: string;
    code: string | null;
    address: Generated<string>;
    latitude: number | null;
    longitude: number | null;
    image: string | null;
    datetime_create: string;
    datetime_update: string;
  };
  /** Learning programs (migration 0051, docs/decisions/097): contents name theirs in `program`. */
  learning_program: {
    id: Id;
    name: string;
    code: string | null;
    desc: Generated<string>;
    image: string | null;
    datetime_create: string;
    datetime_update: string;
  };
  /** A location's rooms; capacity 0 = unlimited. */
  room: {
    id: Id;
    location_id: number;
    name: string;
    code: string | null;
    capacity: Generated<number>;
    desc: Generated<string>;
    datetime_create: string;
    datetime_update: string;
  };
  tag: { id: Id; name: string; code: string | null; type: string };
  content_type: { id: Id; code: string; type: string; name: string };
  /** Courses (spec 001 §3); publish status is derived from is_display and the times (contract/codes.ts). */
  course: ContentColumns &
    LibraryColumns & {
      /** URL path of the cover image, or null. */
      image: string | null;
    };
  course_instructor: { course_id: number; instructor_id: number };
  /** tag_list and the typed tags of any content (content_id is a row of its content type's table). */
  content_tag: { content_type_id: number; content_id: number; tag_id: number };
  /** Sections of a course's curriculum (0003), with their identification settings (0005_curriculum). */
  content_section: {
    id: Id;
    content_type_id: number;
    content_id: number;
    name: string;
    sort: number;
    is_display: Flag;
    iden_is_enabled: Generated<Flag>;
    /** Identification method: 0 otp, 1 random alert, 2 photo. */
    iden_identification: Generated<number>;
    iden_lock_method: Generated<number>;
    /** null: the configured minimum (iden-lock-attempt-minimum). */
    iden_attempt: number | null;
    /** Seconds; null: the configured minimum (iden-lock-duration-minimum). */
    iden_duration_lock: number | null;
  };
  /** A slot of a section (spec 001 §3 "Learning material"); sort orders it inside its section. */
  content_material: {
    id: Id;
    content_type_id: number;
    content_id: number;
    section_id: number;
    sort: number;
    slot_type: string;
    name: string;
    is_required: Flag;
    is_preview: Flag;
    is_display: Flag;
    is_non_skippable: Flag;
    is_paused_inactive: Flag;
    is_allow_download: Flag;
    /** 0: unlimited. */
    attempt: number;
    /** Seconds. */
    duration: number;
    url: string | null;
    /** URL path of the uploaded file. */
    file: string | null;
    file_name: string | null;
    /** The media item the slot plays (0035), or null: its own file or link. */
    media_id: number | null;
    iden_is_enabled: Generated<Flag>;
    iden_identification: Generated<number>;
    iden_lock_method: Generated<number>;
    iden_attempt: number | null;
    iden_duration_lock: number | null;
    iden_random: Generated<Flag>;
    datetime_create: string;
    datetime_update: string;
  };
  /** material_id can be taken once prerequisite_id is done. */
  content_material_dependency: { material_id: number; prerequisite_id: number };
  /** A content's prerequisites: contents of its own type (0012). */
  content_prerequisite: { content_type_id: number; content_id: number; prerequisite_id: number };
  /**
   * A learner's enrollment in a course and their progress (spec 001 §4): status is a
   * PROGRESS_STATUS code, add_method an ADD_METHOD code, added_by an ADDED_BY code
   * (contract/codes.ts); created_by is the administrator who enrolled the learner, if any.
   */
  content_enrollment: {
    id: Id;
    account_id: number;
    content_type_id: number;
    content_id: number;
    status: number;
    add_method: number;
    added_by: number;
    created_by: number | null;
    datetime_enroll: string;
    datetime_start: string | null;
    datetime_complete: string | null;
    datetime_update: string;
    /** 0039 (docs/decisions/074): the enrollment form answers given at enrolment. */
    submission_id: Generated<number | null>;
  };
  /**
   * The progress history of an enrollment (0009, docs/decisions/017): one status change each;
   * from_status null when the record was created; action_type a PROGRESS_ACTIONS value;
   * created_by the account that made it (null once deleted).
   */
  content_progress_log: {
    id: Id;
    enrollment_id: number;
    from_status: number | null;
    to_status: number;
    action_type: string;
    is_bulk: Generated<Flag>;
    created_by: number | null;
    datetime_create: string;
  };
  // ── Content extras (0007_extras, docs/decisions/012) ──
  /** Competency master list; `level` is the highest level of its scale. */
  competency: { id: Id; name: string; code: string; level: number };
  /**
   * A survey (0007 as a master list; 0031 on the content engine, docs/decisions/062): survey_type 0
   * poll, 1 questionnaire, 2 likert scale; is_publish mirrors is_display (published = type_expire > -1);
   * target_type 0 content, 1 instructor, 2 system, 3 other; form_id its questions (request_form, kind "survey").
   */
  survey: ContentColumns & {
    survey_type: number;
    is_publish: Flag;
    datetime_end: string | null;
    contact: Generated<string>;
    is_anonymous: Generated<Flag>;
    is_editable: Generated<Flag>;
    is_template: Generated<Flag>;
    is_required: Generated<Flag>;
    target_type: Generated<number>;
    form_id: number | null;
  };
  survey_instructor: { survey_id: number; instructor_id: number };
  gamification_achievement: { id: Id; name: string; code: string; multiplier: number };
  gamification_challenge: { id: Id; name: string; code: string };
  /** Budget categories: the name used in planning (bp) and in actual cost (ac). */
  /** type: BUDGET_CATEGORY_TYPE (0046, docs/decisions/083). */
  budget_category: { id: Id; name_bp: string; name_ac: string; code: string; type: Generated<number> };
  content_competency: {
    id: Id;
    content_type_id: number;
    content_id: number;
    competency_id: number;
    level: number;
    datetime_create: string;
  };
  content_survey: {
    id: Id;
    content_type_id: number;
    content_id: number;
    survey_id: number;
    is_required: Flag;
    sort: number;
  };
  /** A gamification criterion of a course: what earns it (name) and its rewards. */
  content_gamification: {
    id: Id;
    content_type_id: number;
    content_id: number;
    name: string;
    point: number;
    achievement_id: number | null;
    challenge_id: number | null;
    datetime_create: string;
  };
  /** A learner earned a criterion: the criterion is in use (no edit, no delete). */
  content_gamification_earned: { criteria_id: number; account_id: number; point: number; datetime_create: string };
  /** A learner's credit balance in hundredths (0025, docs/decisions/050); no row: 0. */
  account_credit: { account_id: number; balance_minor: number; datetime_update: string };
  /** One change of a credit balance (negative: spent) with its reason and content (0025). */
  credit_transaction: {
    id: Id;
    account_id: number;
    amount_minor: number;
    reason: string;
    content_type_id: number | null;
    content_id: number | null;
    created_by: number | null;
    datetime_create: string;
    /** 0040 (docs/decisions/075): why an administrator gave or took back credit; "" for the system's own. */
    note: Generated<string>;
    /** 0040: the document a credit came from, once per account (an import given twice credits nobody twice). */
    reference: Generated<string | null>;
  };
  /**
   * An administrator's current decision on an enrolment that waited for approval (0027,
   * docs/decisions/054): decision approved | rejected, reason admin | enrollment_closed, the status
   * it was taken from, who decided (null once deleted) and when. A cancelled rejection deletes it.
   */
  content_enrollment_decision: {
    enrollment_id: number;
    decision: string;
    reason: Generated<string>;
    from_status: number;
    decided_by: number | null;
    datetime_decide: string;
    /** 0039: the reason of a rejection, shown to the learner. */
    note: Generated<string>;
  };
  /** Price and planning of a course. Money in hundredths (satang); price_margin in hundredths of a percent. */
  content_budget: {
    content_type_id: number;
    content_id: number;
    price_minor: Generated<number>;
    price_discount_minor: number | null;
    price_app_store_minor: number | null;
    price_android_minor: number | null;
    note: Generated<string>;
    count_learner: Generated<number>;
    cost_minor: Generated<number>;
    price_margin_minor: Generated<number>;
    datetime_update_price: string | null;
    datetime_update_plan: string | null;
    datetime_update_actual: string | null;
  };
  /** A planning ("plan") or actual cost ("actual") record; cost in hundredths, exchange rate in millionths. */
  content_budget_record: {
    id: Id;
    content_type_id: number;
    content_id: number;
    kind: string;
    budget_category_id: number;
    unit: number;
    cost_minor: number;
    currency: string;
    exchange_rate_micro: number;
    sort: number;
  };
  /** The e-certificate of a course; download_days null means no limit. */
  content_certificate: {
    content_type_id: number;
    content_id: number;
    name: string;
    desc: string;
    image: string | null;
    language: string;
    type_template: number;
    certificate_type: number;
    download_days: number | null;
    type_complete: number;
    type_issued_date: number;
    date_issued: string | null;
    datetime_update: string;
  };
  /** Discussion of any content (content_id is a row of its content type's table). */
  discussion_thread: {
    id: Id;
    content_type_id: number;
    content_id: number;
    account_id: number;
    title: string;
    body: string;
    is_hidden: Flag;
    datetime_create: string;
    datetime_last_activity: string;
  };
  discussion_reply: {
    id: Id;
    thread_id: number;
    account_id: number;
    body: string;
    is_hidden: Flag;
    datetime_create: string;
  };
  /** An identification attempt of a learner in a content: method 0 otp, 1 random alert, 2 photo; status waiting / pass / failed. */
  identification_attempt: {
    id: Id;
    content_type_id: number;
    content_id: number;
    account_id: number;
    method: number;
    status: string;
    section: string | null;
    datetime_create: string;
    /** The transaction it was made in (0011); null for attempts logged before transactions. */
    transaction_id: number | null;
  };
  /**
   * One learner's identification session in a content (0011, docs/decisions/021): progress_id is
   * the learner's progress record of that content (a content_enrollment id); status
   * waiting / pass / failed; datetime_lock_until set when failed attempts locked the learner out.
   */
  identification_transaction: {
    id: Id;
    content_type_id: number;
    content_id: number;
    account_id: number;
    progress_id: number | null;
    method: number;
    status: string;
    datetime_start: string;
    datetime_end: string | null;
    datetime_lock_until: string | null;
  };
  /** A curriculum item a transaction's identification opened: a section, or a material of it. */
  identification_transaction_item: {
    id: Id;
    transaction_id: number;
    section_id: number;
    material_id: number | null;
    sort: number;
  };
  /** Enrollment settings of any content (docs/decisions/014); durations in seconds. */
  content_enrollment_setting: {
    content_type_id: number;
    content_id: number;
    form_id: number | null;
    capacity: number;
    is_overlap_time: Flag;
    is_session_reserved: Flag;
    is_session_enrollment: Flag;
    minimum_session_enrollment: number;
    maximum_session_enrollment: number;
    type_access: number;
    enrollment_required: Flag;
    type_waiting: number;
    enroll_datetime_start: string | null;
    enroll_datetime_end: string | null;
    cancel_type: number;
    cancel_duration: number | null;
    cancel_datetime_start: string | null;
    cancel_datetime_end: string | null;
    is_allow_change_session_enrollment: Flag;
    is_user_canceled: Flag;
    is_rejected_able_re_enroll: Flag;
    duration_expire: number | null;
    is_retrain: Flag;
    retrain_count: number;
    retrain_unit: number;
    datetime_update: string;
  };
  /** Enrollment identification of any content; duration_lock in seconds. */
  content_enrollment_identification: {
    content_type_id: number;
    content_id: number;
    is_enabled: Flag;
    identification: number;
    lock_method: number;
    attempt: number;
    duration_lock: number | null;
    datetime_update: string;
  };
  /** Permission rules of any content, each with its condition's operator, ranges and dates. */
  content_permission: ConditionColumns & {
    id: Id;
    content_type_id: number;
    content_id: number;
    mode: number;
    permission: number;
    datetime_create: string;
    datetime_update: string;
  };
  /** The id lists of a permission rule's condition (field: department, position, level, group…). */
  content_permission_item: { permission_id: number; field: string; ref_id: number };
  /** The administrators of a content. */
  content_admin: { content_type_id: number; content_id: number; account_id: number; datetime_create: string };
  /** Activities (spec 000 §2.3): the engine's content columns, as course's without the cover image. */
  activity: ContentColumns;
  /** An activity's checklist: one slot of its progress, scored out of full_score (pass_score ≤ full_score). */
  activity_checklist: {
    id: Id;
    activity_id: number;
    name: string;
    desc: string;
    full_score: number;
    pass_score: number;
    /** Where it is checked (0044): a location and one of its rooms, or null. */
    location_id: number | null;
    room_id: number | null;
    is_check_by_learner: Flag;
    is_check_by_inspector: Flag;
    is_verify_by_inspector: Flag;
    is_verify_by_admin: Flag;
    is_attach_file: Flag;
    sort: number;
    datetime_create: string;
    datetime_update: string;
  };
  /** Who inspects a checklist: kind 1 the learner's direct manager, 2 a group's members, 3 one account. */
  activity_inspector: {
    id: Id;
    checklist_id: number;
    kind: number;
    group_id: number | null;
    account_id: number | null;
    datetime_create: string;
  };
  /** One learner's (enrollment's) slot of one checklist: check-in, submission and verification. */
  activity_slot: {
    id: Id;
    checklist_id: number;
    enrollment_id: number;
    status: number;
    score: number | null;
    note: string;
    answer: string;
    file: string | null;
    datetime_checkin: string | null;
    datetime_checkout: string | null;
    checkin_source: number | null;
    datetime_submit: string | null;
    verified_by: number | null;
    datetime_verify: string | null;
    datetime_update: string;
  };
  /** Classes (spec 000 §2.4, migration 0019): the content columns, check-in settings, the cancellation. */
  class: ContentColumns & {
    batch: number | null;
    qr_code_holder: Generated<number>;
    check_in_group: Generated<number>;
    is_user_check_in: Generated<Flag>;
    check_in_type: Generated<number>;
    is_allow_change_qr: Generated<Flag>;
    /** The class's last day (YYYY-MM-DD, organisation zone) no session may pass, or null. */
    date_end: Generated<string | null>;
    /** When it was cancelled (permanent), or null. */
    datetime_cancel: Generated<string | null>;
    /** Why it was cancelled (0042, docs/decisions/077): asked on the cancel page, told to its learners; "" before. */
    cancel_reason: Generated<string>;
    /** The class program it belongs to (0022), or null: a class on its own. */
    class_program_id: Generated<number | null>;
    /** Its event zone (0021, docs/decisions/043): a location, or null. */
    event_zone_id: Generated<number | null>;
    /** The terms a learner accepts for it (0024, docs/decisions/047): text, "" for none; whether accepting is required. */
    terms: Generated<string>;
    is_terms_required: Generated<Flag>;
  };
  /** A class program (0022, docs/decisions/044): the engine's content columns and a cover image. */
  class_program: ContentColumns & LibraryColumns & { image: string | null };
  /** A session of a class: date and local times, the same moments in UTC, its place, capacity (0 = unlimited). */
  class_session: {
    id: Id;
    class_id: number;
    name: string;
    desc: string;
    type: number;
    date: string;
    start_time: string;
    end_time: string;
    datetime_start: string;
    datetime_end: string;
    location_id: number | null;
    room_id: number | null;
    capacity: number;
    is_display: Flag;
    is_playback: Flag;
    url: string;
    datetime_create: string;
    datetime_update: string;
    /** The version of its QR code (0020): regenerating the code bumps it, so old printouts stop working. */
    qr_version: Generated<number>;
    /** When its QR code was last made (0020), or null: never. */
    datetime_qr: Generated<string | null>;
    /** The live item it replays or streams (0023): no live type yet (issue 18), so null. */
    live_id: Generated<number | null>;
    /** Whether it is checked in by QR code (0042, spec 001 §3 "Schedule adds is_qr_code"): off, by hand only. */
    is_qr_code: Generated<Flag>;
  };
  /** The class materials a session uses, in order (0023, docs/decisions/045). */
  class_session_material: { id: Id; session_id: number; material_id: number; sort: number };
  /** The surveys attached to one session (0023, docs/decisions/045): the content survey row with a session. */
  class_session_survey: { id: Id; session_id: number; survey_id: number; is_required: Flag; sort: number };
  /** The activities created from a class's curriculum (0023, docs/decisions/045), in order. */
  class_activity: { id: Id; class_id: number; activity_id: number; sort: number; datetime_create: string };
  class_session_instructor: { session_id: number; instructor_id: number };
  /** The sessions a learner attends when the class enrols by session (0024, docs/decisions/046). */
  class_session_enrollment: {
    id: Id;
    session_id: number;
    enrollment_id: number;
    created_by: number | null;
    datetime_create: string;
  };
  /** Who accepted a class's terms, and when (0024, docs/decisions/047). */
  class_terms_acceptance: { id: Id; class_id: number; account_id: number; datetime_accept: string };
  /** A learner's attendance at one session (0020, docs/decisions/042): times and sources (CHECKIN_SOURCE). */
  class_attendance: {
    id: Id;
    session_id: number;
    enrollment_id: number;
    datetime_checkin: string | null;
    checkin_source: Generated<number>;
    datetime_checkout: string | null;
    checkout_source: number | null;
    datetime_update: string;
  };
  /** What happened at a class's check-in (0020): in, out, or a reset when its check-in type changed. */
  class_checkin_log: {
    id: Id;
    class_id: number;
    session_id: number | null;
    enrollment_id: number | null;
    action: string;
    source: Generated<number>;
    created_by: number | null;
    datetime_create: string;
  };
  /** Assignments, auto-assignments and suggestions (0026, docs/decisions/051–053): `type` ASSIGNMENT_KIND. */
  assignment: {
    id: Id;
    type: Generated<number>;
    name: string;
    status: Generated<number>;
    datetime_assign: string | null;
    type_expire: Generated<number>;
    datetime_expire: string | null;
    duration_expire: number | null;
    type_action: Generated<number>;
    type_expand: Generated<number>;
    datetime_expand: string | null;
    duration_expand: number | null;
    include_sub_department: Generated<Flag>;
    date_start: string | null;
    date_end: string | null;
    assign_time: Generated<string>;
    assign_day: Generated<number>;
    assign_month: Generated<number>;
    is_recurring: Generated<Flag>;
    count_recurring: Generated<number>;
    recurring_unit: Generated<number>;
    datetime_next_round: string | null;
    datetime_applied: string | null;
    created_by: number | null;
    datetime_create: string;
    datetime_update: string;
    /** 0040 (docs/decisions/075): assigned by the organisation, no credit spent. */
    is_no_charge: Generated<Flag>;
    /** 0040: an auto-assignment's result setting (spec 001 §3, RESULT_STATUS). */
    result_status: Generated<number>;
  };
  /** The contents an assignment holds (0026), each once. */
  assignment_content: {
    id: Id;
    assignment_id: number;
    content_type_id: number;
    content_id: number;
    datetime_create: string;
    rule_id: Generated<number | null>;
  };
  /** An auto-assignment's content rules (0029, docs/decisions/059): operators 1 one of, 2 none of; content_type_id null = every type. */
  assignment_content_rule: {
    id: Id;
    assignment_id: number;
    content_type_id: number | null;
    content_operator: number;
    category_operator: number;
    provider_operator: number;
    learning_program_operator: number;
    level_operator: number;
    instructor_operator: number;
    competency_operator: number;
    datetime_create: string;
  };
  /** A content rule's lists (field: a criterion or "content"). */
  assignment_content_rule_item: { rule_id: number; field: string; ref_id: number };
  /** Who an assignment names (0026): kind account | department | group, and the row's id. */
  assignment_audience: { assignment_id: number; kind: string; ref_id: number };
  /**
   * An auto-assignment's rounds (0026, docs/decisions/052): one per due time, claimed once (ROUND_STATUS)
   * with a lease its runner renews (0047, docs/decisions/089): the claim's holder and when it lapses.
   */
  assignment_round: {
    id: Id;
    assignment_id: number;
    datetime_due: string;
    status: Generated<number>;
    datetime_run: string | null;
    count_added: Generated<number>;
    is_refresh: Generated<Flag>;
    lease_holder: string | null;
    lease_until: string | null;
  };
  /** Per round (0: a one-off assignment), learner and content, the result code (0026, spec 001 §4). */
  assignment_result: {
    id: Id;
    assignment_id: number;
    round_id: Generated<number>;
    account_id: number;
    content_type_id: number;
    content_id: number;
    result: number;
    added_by: Generated<number>;
    credit_minor: Generated<number>;
    enrollment_id: number | null;
    datetime_expire: string | null;
    created_by: number | null;
    datetime_create: string;
    datetime_update: string;
  };
  // ---- Forms, approval flows and requests (0028, issue 17 §4, docs/decisions/056–058) ----
  /** An enrollment form (kind "enrollment") or a request form (kind "request", with its request type). */
  request_form: {
    id: Id;
    kind: string;
    name: string;
    code: string | null;
    desc: Generated<string>;
    type_request: number | null;
    created_by: number | null;
    datetime_create: string;
    datetime_update: string;
  };
  form_section: { id: Id; form_id: number; sort: number; name: string; desc: Generated<string> };
  form_question: {
    id: Id;
    section_id: number;
    sort: number;
    text: string;
    type: number;
    is_required: Generated<Flag>;
    /** A survey question's settings (0031): scale bounds and their labels, how many choices may be ticked. */
    value_min: Generated<number>;
    value_max: Generated<number>;
    label_min: Generated<string>;
    label_max: Generated<string>;
    max_select: Generated<number>;
    /** 0036 (docs/decisions/067): the results average it (scale, number); a choice question also takes an "other" written answer. */
    is_average: Generated<Flag>;
    is_optional: Generated<Flag>;
  };
  form_choice: { id: Id; question_id: number; sort: number; text: string };
  /** One answering of a form: by whom, when, for which content (enrollment forms). */
  form_submission: {
    id: Id;
    form_id: number;
    account_id: number;
    content_type_id: number | null;
    content_id: number | null;
    datetime_create: string;
  };
  /** An answer (one per chosen choice of a multiple choice); the text stays when its question goes. */
  form_answer: {
    id: Id;
    submission_id: number;
    question_id: number | null;
    choice_id: number | null;
    value: string;
    /** 0039: an upload answer's stored file. */ file_key: Generated<string | null>;
  };
  approval_flow: {
    id: Id;
    name: string;
    code: string | null;
    sort: Generated<number>;
    type_request: number;
    type_rule: Generated<number>;
    price_gte_minor: number | null;
    price_lte_minor: number | null;
    desc: Generated<string>;
    datetime_create: string;
    datetime_update: string;
  };
  approval_flow_content_type: { flow_id: number; content_type_id: number };
  approval_step: {
    id: Id;
    flow_id: number;
    sort: number;
    step_supervisor: Generated<number>;
    level_list_type: Generated<number>;
    is_approver: Generated<Flag>;
    is_notification: Generated<Flag>;
    duration_expire: Generated<number>;
  };
  approval_step_approver: { step_id: number; account_id: number };
  /** A flow's learner condition (0030, docs/decisions/060): the one condition shape, keyed by the flow; no row: none. */
  approval_flow_condition: ConditionColumns & { flow_id: number; datetime_update: string };
  approval_flow_condition_item: { flow_id: number; field: string; ref_id: number };
  /**
   * A learner's learning (kind 1), material (kind 2) or enrolment (kind 3: the content and its
   * enrolment record, 0039, docs/decisions/074) request and the flow step it waits at.
   */
  learning_request: {
    id: Id;
    kind: number;
    account_id: number;
    name: string;
    provider: Generated<string>;
    datetime_start: string | null;
    datetime_end: string | null;
    cost_minor: number | null;
    content_type_id: number | null;
    reason: Generated<string>;
    flow_id: number | null;
    step: Generated<number>;
    status: number;
    form_id: number | null;
    submission_id: number | null;
    datetime_create: string;
    datetime_step: string;
    datetime_decide: string | null;
    content_id: Generated<number | null>;
    enrollment_id: Generated<number | null>;
  };
  request_decision: {
    id: Id;
    request_id: number;
    step: number;
    decision: number;
    decided_by: number | null;
    note: Generated<string>;
    datetime_create: string;
  };
  learning_result: { id: Id; request_id: number; status: Generated<number>; datetime_update: string };
  learning_result_log: {
    id: Id;
    result_id: number;
    from_status: number;
    to_status: number;
    changed_by: number | null;
    note: Generated<string>;
    datetime_create: string;
  };
  // ── Tests and test banks (0032, docs/decisions/063, 064) ──
  /** A test bank: type_question is the test type its questions are written for (1, 2, 3, 4, 6). */
  testbank: ContentColumns & { type_question: Generated<number> };
  /** A test: result_setting 0 auto summary / 1 admin approval; attempt 0 = unlimited; duration in minutes, 0 = no limit. */
  test: ContentColumns & {
    is_template: Generated<Flag>;
    term: Generated<string>;
    result_setting: Generated<number>;
    attempt: Generated<number>;
    duration: Generated<number>;
  };
  /** A request to use a bank in a test: status -1 rejected, 0 waiting, 1 approved. */
  testbank_usage: {
    id: Id;
    testbank_id: number;
    test_id: number | null;
    status: Generated<number>;
    note: Generated<string>;
    requested_by: number | null;
    decided_by: number | null;
    datetime_create: string;
    datetime_decide: string | null;
  };
  /** What changed in a bank: number names the question, null the bank itself. */
  testbank_log: {
    id: Id;
    testbank_id: number;
    number: number | null;
    action: string;
    changes: Generated<string>;
    created_by: number | null;
    datetime_create: string;
  };
  test_section: {
    id: Id;
    test_id: number;
    sort: number;
    name: string;
    desc: Generated<string>;
    full_score: Generated<number>;
    pass_score: Generated<number>;
    pass_condition_type: Generated<number>;
    is_question_shuffle: Generated<Flag>;
    is_choice_shuffle: Generated<Flag>;
  };
  /** A question of exactly one owner: a test section (section_id) or a bank (bank_id); numbered from 1 within it. */
  test_question: {
    id: Id;
    section_id: number | null;
    bank_id: number | null;
    number: number;
    type: number;
    desc: string;
    desc_hint: Generated<string>;
    desc_answer: Generated<string>;
    desc_evaluation: Generated<string>;
    answer: Generated<string>;
    answer_gap: Generated<number>;
    score: Generated<number>;
    is_hide: Generated<Flag>;
    datetime_create: string;
    datetime_update: string;
  };
  test_question_tag: { question_id: number; tag_id: number };
  /** pair_id: on a matching question's prompt, the answer choice it matches (migration 0037). */
  test_choice: {
    id: Id;
    question_id: number;
    sort: number;
    desc: string;
    is_answer: Generated<Flag>;
    pair_id: number | null;
  };
  /** A section's rule for drawing from a bank; tag_list and question_list are JSON arrays (tag ids, question numbers). */
  test_section_draw: {
    id: Id;
    section_id: number;
    bank_id: number;
    sort: number;
    tag_list: Generated<string>;
    type_method: Generated<number>;
    type_random: Generated<number>;
    type_select: Generated<number>;
    number: Generated<number>;
    range: Generated<string>;
    question_list: Generated<string>;
    datetime_create: string;
  };
  /** A learner's attempt; seed fixes what was drawn and shuffled; is_pass null until decided. */
  test_attempt: {
    id: Id;
    test_id: number;
    enrollment_id: number;
    account_id: number | null;
    number: number;
    status: Generated<number>;
    seed: number;
    score: Generated<number>;
    full_score: Generated<number>;
    is_pass: number | null;
    datetime_start: string;
    datetime_submit: string | null;
    datetime_verify: string | null;
    verified_by: number | null;
  };
  /** One answer, with its question as asked; score null until marked (a fill-in waits for verification). */
  test_attempt_answer: {
    id: Id;
    attempt_id: number;
    section_id: number | null;
    question_id: number | null;
    sort: number;
    question_type: number;
    question_desc: string;
    max_score: number;
    answer: Generated<string>;
    score: number | null;
    feedback: Generated<string>;
    verified_by: number | null;
    datetime_verify: string | null;
  };
  /** A live session (0033, docs/decisions/066): the content columns, its type, the stream's status, times and details, its recording. */
  live: ContentColumns & {
    live_type: Generated<number>;
    status: Generated<number>;
    datetime_live_start: string;
    datetime_live_end: string;
    stream_key: string;
    stream_url: string;
    stream_user: string;
    stream_password: string;
    download_status: Generated<number>;
    video_url: Generated<string>;
    is_backup: Generated<Flag>;
    is_backup_display: Generated<Flag>;
    datetime_backup: string | null;
  };
  live_instructor: { live_id: number; instructor_id: number };
  /** A learning path (0053, docs/decisions/098): the content columns, its kind, a scheduled path's learning period. */
  learning_path: ContentColumns & {
    kind: Generated<number>;
    datetime_learn_start: string | null;
    datetime_learn_end: string | null;
  };
  /**
   * What a holder (learning path, onboarding plan) strings together (0054, docs/decisions/099):
   * each content once, at its position, with its name in the plan, anonymity and parent.
   */
  content_sequence: {
    id: Id;
    holder_type_id: number;
    holder_id: number;
    content_type_id: number;
    content_id: number;
    position: number;
    name: string | null;
    is_anonymous: Generated<Flag>;
    parent_id: number | null;
  };
  /** The held contents of the same sequence a learner completes before `sequence_id`. */
  content_sequence_depend: { sequence_id: number; depend_id: number };
  /** An onboarding plan (0054): the engine's content columns and its rule for new employees. */
  onboard: ContentColumns & { is_auto_enroll: Generated<Flag>; onboard_start_from: string | null };
  /** Learning playlists (0055, docs/decisions/101); their contents are a sequence. */
  learning_playlist: ContentColumns & {
    playlist_type: Generated<number>;
    owner_id: number | null;
    is_followable: Generated<Flag>;
    is_duplicable: Generated<Flag>;
    is_dashboard_template: Generated<Flag>;
    template_playlist_id: number | null;
  };
  /** A playlist's collaborator (0056, docs/decisions/102): an account or a group of accounts, and its role. */
  learning_playlist_collaborator: {
    id: Id;
    learning_playlist_id: number;
    account_id: number | null;
    group_id: number | null;
    role: number;
    datetime_create: string;
  };
  /** What a learner asked during a live's stream (0033): answered and hidden by an administrator. */
  live_question: {
    id: Id;
    live_id: number;
    account_id: number | null;
    text: string;
    datetime_create: string;
    is_answered: Generated<Flag>;
    datetime_answer: string | null;
    answered_by: number | null;
    is_hidden: Generated<Flag>;
  };
  /** A media item of any of the six media types, `kind` telling which (0035, docs/decisions/069); per-kind columns null elsewhere. */
  media: ContentColumns &
    LibraryColumns & {
      kind: string;
      file_key: string | null;
      file_name: string | null;
      file_size: number | null;
      duration: number | null;
      thumbnail: string | null;
      url: string | null;
      video_provider: string | null;
      video_id: string | null;
      body: Generated<string>;
    };
  media_instructor: { media_id: number; instructor_id: number };
  /** A flash card set's own cards (0035). */
  media_card: { id: Id; media_id: number; sort: number; front: string; back: string };
  /** A card a learner made for a flash card set, with its review status (0035; contract/media-codes.ts UGC_STATUS). */
  media_ugc_card: {
    id: Id;
    media_id: number;
    account_id: number | null;
    front: string;
    back: string;
    status: Generated<number>;
    datetime_create: string;
    datetime_update: string;
  };
  /** A file the API took (0034, docs/decisions/068): the tus id (= storage key), its kind, bytes so far, state, ffprobe's duration and the thumbnail's key. */
  upload: {
    id: string;
    account_id: number | null;
    kind: string;
    file_name: string;
    size: number;
    bytes_received: Generated<number>;
    status: string;
    storage_key: string;
    duration: number | null;
    thumbnail_key: string | null;
    datetime_create: string;
    datetime_update: string;
  };
}

/** The content types' own tables: every table with the content columns (a new type's is one more). */
export type ContentTable = { [K in keyof Database]: Database[K] extends ContentColumns ? K : never }[keyof Database];

import type { Generated } from "kysely";

/**
 * Tables of the embedded LMS API. Booleans are stored as 0/1 integers and times as ISO-8601 UTC
 * text in both dialects, so one query path serves SQLite and PostgreSQL (docs/decisions/002).
 */
type Id = Generated<number>;
type Flag = number;

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
    datetime_password_change: string | null;
    datetime_create: string;
  };
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
  };
  login_attempt: { id: Id; username: string; account_id: number | null; ip: string; is_success: Flag; datetime_create: string };
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
  analytic_session: { id: Id; account_id: number | null; source: number; ip: string | null; user_agent: string | null; datetime_create: string };
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
  outbox: { id: Id; channel: string; recipient: string; subject: string; body: string; datetime_create: string; datetime_sent: string | null };
  department: { id: Id; name: string; code: string | null; parent_id: number | null };
  level: { id: Id; name: string; code: string | null };
  position: { id: Id; name: string; code: string | null };
  account_group: { id: Id; name: string; code: string | null; type: string; desc: string | null };
  account_group_member: { group_id: number; account_id: number };
  category: { id: Id; name: string; code: string | null; parent_id: number | null; image: string | null };
  provider: { id: Id; name: string; code: string | null; about: string | null; image: string | null; desc: string | null };
  instructor: { id: Id; name: string; code: string | null; contact: string | null; overview: string | null; image: string | null; account_id: number | null };
  tag: { id: Id; name: string; code: string | null; type: string };
  content_type: { id: Id; code: string; type: string; name: string };
  /** Courses (spec 001 §3); publish status is derived from is_display and the times (contract/codes.ts). */
  course: {
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
    /** URL path of the cover image, or null. */
    image: string | null;
    is_display: Flag;
    /** The scheduled publish start, or null. */
    datetime_start: string | null;
    /** When it was (or is scheduled to be) first shown; null while a draft. */
    datetime_first_publish: string | null;
    datetime_create: string;
    datetime_update: string;
    created_by: number | null;
  };
  course_instructor: { course_id: number; instructor_id: number };
  /** tag_list and the typed tags of any content (content_id is a row of its content type's table). */
  content_tag: { content_type_id: number; content_id: number; tag_id: number };
  course_section: { id: Id; course_id: number; name: string; sort: number; is_display: Flag };
  course_prerequisite: { course_id: number; prerequisite_course_id: number };
}

/** Conventions of the API contract (spec 002 §7, 000 §7): shared by the API and the dashboard. */
export const API_ROOT = "/api/";
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;
export const SESSION_COOKIE = "sessionid";
export const CSRF_COOKIE = "csrftoken";
export const CSRF_HEADER = "x-csrftoken";
/**
 * A create call's idempotency key (docs/decisions/094): the create form carries one in a hidden
 * field, the dashboard sends it in this header, and the API answers a second call with the same
 * key — a retry after a lost answer — with what the first one created instead of creating again.
 */
export const IDEMPOTENCY_HEADER = "idempotency-key";
export const IDEMPOTENCY_FIELD = "idempotency_key";
/** What a key may look like: a UUID as the dashboard makes them, or any 8–100 such characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
/** Auto logout after 15 minutes (spec 000 §9): enforced server-side as an idle timeout. */
export const SESSION_IDLE_SECONDS = 15 * 60;
/** Client version and label shown in the footer (spec 000 §9). */
export const CLIENT_VERSION = "4.13.432";
export const CLIENT_VERSION_LABEL = "V4.9";

/**
 * Lists count their rows exactly up to this many (or to the end of the page asked for, if that is
 * further); past it `count` stops there and `count_capped` says so (docs/decisions/016).
 */
export const COUNT_CAP = 10_000;

/** Paged list answer (spec 002 §3). */
export type Paged<T> = {
  results: T[];
  count: number;
  page_size: number;
  next: string | null;
  page: number;
  /** Only when true: there are more than `count` rows (counting stopped at COUNT_CAP). */
  count_capped?: boolean;
};

/** A filter option (spec 002 §3). */
export type FilterOption = { id: number; name: string; code: string | null; value: number };

/** 400 answers: field name → message keys the dashboard translates; `detail` for the non-field message. */
export type FieldErrors = Record<string, string[]>;

/**
 * The client's real address, as the dashboard's own server derived it (from the socket, and from
 * `X-Forwarded-For` only of the proxies in its TRUST_PROXY). The server overwrites whatever a
 * browser sent under this name, so route code can believe it (docs/decisions/019).
 */
export const CLIENT_ADDRESS_HEADER = "x-lms-client-address";
/**
 * The dashboard proves to the embedded API that the `X-Forwarded-For`/`-Proto` it sends are its
 * own derivation and not a browser's: this header carries the relay secret both share
 * (LMS_RELAY_SECRET, or `relay.key` in DATA_DIR). Without it the API believes only the socket.
 */
export const RELAY_HEADER = "x-lms-relay";

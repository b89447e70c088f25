import type { ConfigDict } from "../../contract/config";
import { DICTIONARIES } from "../../contract/i18n/index";
import { API_TIMEOUT_MS, boundedText, fetchIdempotent } from "./transport.server";

/**
 * Per-process caches of what every page needs — the config and the dictionaries — refreshed
 * when `config/check-update/` reports a newer time (spec 002 §7), asked at most every
 * CHECK_EVERY_MS. The bundled dictionaries keep pages readable while the API is unreachable.
 * The filter lists' update times are kept too: the filter options cache (content.server.ts)
 * follows them.
 */
type Dicts = Record<string, Record<string, string>>;
type Store = {
  config: ConfigDict;
  dicts: Dicts;
  configTime: string | null;
  dictTime: string | null;
  filterTimes: Record<string, string | null>;
  checkedAt: number;
};

// Tests set LMS_CACHE_CHECK_MS=0 so a config change shows on the next request.
const CHECK_EVERY_MS = Number(process.env.LMS_CACHE_CHECK_MS ?? 30_000);
const API_URL = (process.env.LMS_API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8000}`).replace(/\/+$/, "");

let store: Store = {
  config: {},
  dicts: { ...DICTIONARIES },
  configTime: null,
  dictTime: null,
  filterTimes: {},
  checkedAt: 0,
};
let inflight: Promise<void> | null = null;
let loadedOnce = false;

const getJson = async <T>(path: string, signal: AbortSignal): Promise<T> => {
  // Asked once more on a 502, 503 or dropped connection, within the refresh's time (decision 091).
  const res = await fetchIdempotent(`${API_URL}/api/${path}`, {
    method: "GET",
    headers: { accept: "application/json" },
    signal,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return JSON.parse(await boundedText(res)) as T;
};

async function refresh() {
  // A frozen or crawling API must not hold the shared refresh (and every page waiting on it):
  // its calls, one after another, share one LMS_API_TIMEOUT_MS (spec 002 §8, docs/decisions/026).
  const signal = AbortSignal.timeout(API_TIMEOUT_MS);
  type Updates = {
    config_datetime_update: string | null;
    dict_datetime_update: string | null;
    filter_update?: Record<string, string | null>;
  };
  const upd = await getJson<Updates>("config/check-update/?format=json", signal);
  let next = { ...store, filterTimes: upd.filter_update ?? {}, checkedAt: Date.now() };
  if (!loadedOnce || upd.config_datetime_update !== store.configTime) {
    const c = await getJson<{ config_dict: ConfigDict }>("dashboard/config/?format=json", signal);
    next = { ...next, config: c.config_dict, configTime: upd.config_datetime_update };
  }
  if (!loadedOnce || upd.dict_datetime_update !== store.dictTime) {
    const { datetime_update: _t, ...dicts } = await getJson<Dicts & { datetime_update?: string }>(
      "dashboard/dict/?format=json",
      signal,
    );
    const merged: Dicts = {};
    for (const [lang, d] of Object.entries(dicts)) merged[lang] = { ...(DICTIONARIES as Dicts)[lang], ...d };
    next = { ...next, dicts: { ...DICTIONARIES, ...merged }, dictTime: upd.dict_datetime_update };
  }
  store = next;
  loadedOnce = true;
}

async function current(): Promise<Store> {
  // `>=`: with a check every 0 ms (the tests), a call in the same millisecond as the last check asks again too.
  if (Date.now() - store.checkedAt >= CHECK_EVERY_MS) {
    inflight ??= refresh()
      .catch(() => {
        store = { ...store, checkedAt: Date.now() - CHECK_EVERY_MS + 2_000 }; // retry soon, serve what we have
      })
      .finally(() => {
        inflight = null;
      });
    // Until the API has answered once, wait for it; afterwards serve the cache while refreshing.
    if (!loadedOnce || CHECK_EVERY_MS === 0) await inflight;
  }
  return store;
}

export const getConfig = async (): Promise<ConfigDict> => (await current()).config;
/** The config as last read, without asking the API (an error path must not wait on it again; {} before the first answer). */
export const lastKnownConfig = (): ConfigDict => store.config;
export const getDictionaries = async (): Promise<Dicts> => (await current()).dicts;

/**
 * The version of a filter list as `config/check-update/` last reported it ("" when it was never
 * changed), or undefined when the API does not report that list (or has not answered yet).
 */
export async function filterVersion(name: string): Promise<string | undefined> {
  const { filterTimes } = await current();
  return Object.hasOwn(filterTimes, name) ? (filterTimes[name] ?? "") : undefined;
}

/** A config value by name (settings of contract/config.ts). */
export async function configValue<T = unknown>(key: string): Promise<T | undefined> {
  return (await getConfig())[key]?.value as T | undefined;
}

/** Languages offered: en and th, plus jp / ch when the config lists them. */
export async function offeredLanguages(): Promise<string[]> {
  const list = ((await configValue<string[]>("language-list")) ?? ["en", "th"]).filter((l) =>
    ["en", "th", "jp", "ch"].includes(l),
  );
  return ["en", "th", ...list.filter((l) => l !== "en" && l !== "th")];
}

/** The dictionaries' version as `config/check-update/` reported it ("" before the API answered). */
export const dictionaryVersion = async (): Promise<string> => (await current()).dictTime ?? "";

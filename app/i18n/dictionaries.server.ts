import { DICTIONARIES } from "../../contract/i18n/index";

const { en, th } = DICTIONARIES;

/**
 * The dictionaries, served by the API's `dict/` (spec 002 §7) and cached in this process. The
 * cache is refreshed when `config/check-update/` reports a newer dict time, asked at most every
 * CHECK_EVERY_MS; the bundled copies keep pages readable while the API is unreachable.
 */
type Dicts = Record<string, Record<string, string>>;
const CHECK_EVERY_MS = 30_000;
const API_URL = (process.env.LMS_API_URL ?? `http://127.0.0.1:${process.env.API_PORT ?? 8000}`).replace(/\/+$/, "");

let cache: { dicts: Dicts; version: string | null; checkedAt: number } = {
  dicts: { en, th },
  version: null,
  checkedAt: 0,
};
let inflight: Promise<void> | null = null;

async function refresh() {
  const upd = await fetch(`${API_URL}/api/config/check-update/?format=json`).then((r) => r.json());
  const version = (upd as { dict_datetime_update: string | null }).dict_datetime_update;
  if (version && version === cache.version) {
    cache = { ...cache, checkedAt: Date.now() };
    return;
  }
  const body = (await fetch(`${API_URL}/api/dashboard/dict/?format=json`).then((r) => r.json())) as Dicts & { datetime_update?: string };
  const { datetime_update: _t, ...dicts } = body;
  cache = { dicts: { en: { ...en, ...dicts.en }, th: { ...th, ...dicts.th } }, version, checkedAt: Date.now() };
}

export async function getDictionaries(): Promise<Dicts> {
  if (Date.now() - cache.checkedAt > CHECK_EVERY_MS) {
    inflight ??= refresh()
      .catch(() => {
        cache = { ...cache, checkedAt: Date.now() }; // keep serving what we have
      })
      .finally(() => {
        inflight = null;
      });
    // First request waits for the API's copy; later ones serve the cache while it refreshes.
    if (cache.version === null) await inflight;
  }
  return cache.dicts;
}

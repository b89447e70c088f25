import { CONFIG_DEFAULTS, type ConfigDict, type ConfigEntry, type ConfigKey } from "../../contract/config";
import type { PasswordRule } from "../../contract/schemas/account";
import { DEFAULT_CONTENT_LIMITS, type ContentLimits } from "../../contract/schemas/content";
import type { Db } from "../db/index";

/** The whole config_dict. Values are JSON in the table so numbers, flags and lists keep their type. */
export async function readConfig(db: Db): Promise<ConfigDict> {
  const rows = await db.selectFrom("config").select(["key", "value", "url"]).execute();
  const dict: ConfigDict = {};
  for (const r of rows) dict[r.key] = { value: JSON.parse(r.value) as ConfigEntry["value"], url: r.url };
  return dict;
}

/** One setting's value, falling back to the contract's default when the row is missing. */
export async function configValue<K extends ConfigKey>(db: Db, key: K): Promise<(typeof CONFIG_DEFAULTS)[K]["value"]> {
  const row = await db.selectFrom("config").select("value").where("key", "=", key).executeTakeFirst();
  return row ? JSON.parse(row.value) : CONFIG_DEFAULTS[key].value;
}

/** Several settings in one query, each falling back to its default. */
export async function configValues<K extends ConfigKey>(
  db: Db,
  keys: readonly K[],
): Promise<{ [P in K]: (typeof CONFIG_DEFAULTS)[P]["value"] }> {
  const rows = keys.length
    ? await db.selectFrom("config").select(["key", "value"]).where("key", "in", keys).execute()
    : [];
  const stored = new Map(rows.map((r) => [r.key, JSON.parse(r.value)]));
  return Object.fromEntries(keys.map((k) => [k, stored.has(k) ? stored.get(k) : CONFIG_DEFAULTS[k].value])) as {
    [P in K]: (typeof CONFIG_DEFAULTS)[P]["value"];
  };
}

export async function passwordRule(db: Db): Promise<PasswordRule> {
  const [min, max, uppercase, lowercase, number, symbol] = await Promise.all([
    configValue(db, "password-min-length"),
    configValue(db, "password-max-length"),
    configValue(db, "password-require-uppercase"),
    configValue(db, "password-require-lowercase"),
    configValue(db, "password-require-number"),
    configValue(db, "password-require-symbol"),
  ]);
  return {
    min: Number(min),
    max: Number(max),
    uppercase: !!uppercase,
    lowercase: !!lowercase,
    number: !!number,
    symbol: !!symbol,
  };
}

/** Record that something clients cache changed (config/check-update/ reports these). */
export async function touchUpdate(db: Db, key: string, when: Date) {
  const at = when.toISOString();
  await db
    .insertInto("update_time")
    .values({ key, datetime_update: at })
    .onConflict((oc) => oc.column("key").doUpdateSet({ datetime_update: at }))
    .execute();
}

export async function readUpdateTimes(db: Db): Promise<Record<string, string>> {
  const rows = await db.selectFrom("update_time").selectAll().execute();
  return Object.fromEntries(rows.map((r) => [r.key, r.datetime_update]));
}

/**
 * The configured text limits (config text-limit, code-limit, description-limit) every form's
 * schema reads: content, master data, people. A setting stored as 0 or not a number counts as unset.
 */
export async function textLimits(db: Db): Promise<ContentLimits> {
  const c = await configValues(db, ["text-limit", "code-limit", "description-limit"]);
  const n = (v: unknown, d: number) => Number(v) || d;
  return {
    text: n(c["text-limit"], DEFAULT_CONTENT_LIMITS.text),
    code: n(c["code-limit"], DEFAULT_CONTENT_LIMITS.code),
    description: n(c["description-limit"], DEFAULT_CONTENT_LIMITS.description),
  };
}

import type { FastifyInstance } from "fastify";
import { BASE_LANGUAGES, OPTIONAL_LANGUAGES } from "../../contract/codes";
import { FILTER_NAMES } from "../../contract/config";
import type { ApiContext } from "../http/context";
import { configValue, readConfig, readUpdateTimes } from "./config-store";

/** Keys of update_time, as `config/check-update/` reports them. */
export const UPDATE_KEYS = {
  config: "config",
  dict: "dict",
  filter: (name: string) => `filter:${name}`,
  transactionContentType: "transaction_content_type",
  homeMenu: "home_menu",
  homeInformative: "home_informative",
} as const;

/** Start-up calls: config, check-update and dictionaries (spec 002 §7). Public: the sign-in page needs them. */
export function configRoutes(app: FastifyInstance, ctx: ApiContext) {
  const { db } = ctx;
  const config = async () => {
    const [config_dict, times] = await Promise.all([readConfig(db), readUpdateTimes(db)]);
    return { config_dict, config_datetime_update: times[UPDATE_KEYS.config] ?? null };
  };
  app.get("/config/", config);
  app.get("/dashboard/config/", config);

  app.get("/config/check-update/", async () => {
    const t = await readUpdateTimes(db);
    return {
      config_datetime_update: t[UPDATE_KEYS.config] ?? null,
      dict_datetime_update: t[UPDATE_KEYS.dict] ?? null,
      filter_update: Object.fromEntries(FILTER_NAMES.map((n) => [n, t[UPDATE_KEYS.filter(n)] ?? null])),
      transaction_content_type_update: t[UPDATE_KEYS.transactionContentType] ?? null,
      home_menu_update: t[UPDATE_KEYS.homeMenu] ?? null,
      home_informative_update: t[UPDATE_KEYS.homeInformative] ?? null,
    };
  });

  const dict = async (req: { query: unknown }) => {
    const loginPage = String((req.query as { is_login_page?: string }).is_login_page ?? "").toLowerCase() === "true";
    const extra = ((await configValue(db, "language-list")) as string[]).filter((l) =>
      (OPTIONAL_LANGUAGES as readonly string[]).includes(l),
    );
    const languages = [...BASE_LANGUAGES, ...extra];
    let q = db.selectFrom("dictionary").select(["language", "key", "value"]).where("language", "in", languages);
    if (loginPage) q = q.where("is_login_page", "=", 1);
    const rows = await q.execute();
    const out: Record<string, Record<string, string>> = Object.fromEntries(languages.map((l) => [l, {}]));
    for (const r of rows) out[r.language][r.key] = r.value;
    // jp / ch fall back to English for any key not translated yet.
    for (const l of extra) out[l] = { ...out.en, ...out[l] };
    const times = await readUpdateTimes(db);
    return { ...out, datetime_update: times[UPDATE_KEYS.dict] ?? null };
  };
  app.get("/dict/", dict);
  app.get("/dashboard/dict/", dict);
}

import en from "./en.json";
import th from "./th.json";
import uiEn from "./ui.en.json";
import uiTh from "./ui.th.json";

/**
 * The bundled dictionaries: message keys of the API (en.json / th.json) and the dashboard's own
 * texts (ui.*.json). The API seeds its `dictionary` table from these; the dashboard falls back
 * to them while the API is unreachable. A unit test checks both languages have the same keys.
 */
export const DICTIONARIES: Record<"en" | "th", Record<string, string>> = {
  en: { ...en, ...uiEn },
  th: { ...th, ...uiTh },
};

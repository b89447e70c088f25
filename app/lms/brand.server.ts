import { CONFIG_DEFAULTS, type ConfigDict } from "../../contract/config";
import { brandStyle } from "./brand";

/**
 * What every page shows of the organisation, from its configuration (spec 000 §3, §5): name,
 * colour, icons, the head's description and Open Graph tags, the date zone and the sign-in
 * layout. Sent in the root's loader data; built here so the browser loads no configuration
 * defaults for it.
 */
export function brandOf(config: ConfigDict, request: Request) {
  return {
    appName: String(config.app_name?.value ?? "LMS"),
    // The primary colour as the <html> element's custom properties, worked out here: the colour
    // maths (app/lms/brand.ts) is then no part of every page's JavaScript (docs/decisions/087).
    primaryStyle: brandStyle(String(config.primary_color?.value ?? "#1d4ed8")),
    favicon: config.favicon_image?.url ?? null,
    metaDescription: String(config["meta-description"]?.value ?? ""),
    ogTitle: String(config["og-title"]?.value ?? ""),
    ogDescription: String(config["og-description"]?.value ?? ""),
    // Absolute, as Open Graph readers need it (spec 000 §3).
    ogImage: config["og-image"]?.url ? new URL(config["og-image"].url, request.url).href : null,
    // The zone dates are shown in (docs/decisions/010, 025): every page's dates, signed in or not.
    zoneOffset: Number(config["time-zone-offset-minutes"]?.value ?? CONFIG_DEFAULTS["time-zone-offset-minutes"].value),
    // The sign-in layouts (spec 000 §2.1): variant 1 or 2, background image and logo from config.
    loginLayout: Number(config["login-layout"]?.value ?? 1) === 2 ? 2 : 1,
    loginBackground: config.login_background_image?.url ?? null,
    logo: config.primary_logo_image?.url ?? "/dashboard/logo.svg",
  };
}

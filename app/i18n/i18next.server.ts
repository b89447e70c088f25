import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";
import { FALLBACK_LANGUAGE, SUPPORTED_LANGUAGES } from "./config";

/** The chosen language, remembered for the next visit (the profile keeps it too). */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 365 * 24 * 3600,
});

/** `?language=` (or `?lng=`) at start-up, then the stored choice, then the browser's (spec 000 §2.14). */
export const remixI18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
    cookie: languageCookie,
    order: ["custom", "cookie", "header"],
    findLocale: async (request) => {
      const q = new URL(request.url).searchParams;
      const wanted = q.get("language") ?? q.get("lng");
      return wanted && (SUPPORTED_LANGUAGES as readonly string[]).includes(wanted) ? wanted : null;
    },
  },
});

export const getLocale = (request: Request) => remixI18n.getLocale(request);

import type { LoaderFunctionArgs } from "@remix-run/node";
import { SUPPORTED_LANGUAGES } from "~/i18n/config";
import { dictionaryVersion, withFallback } from "~/i18n/dictionaries.server";
import { NAMESPACES, type Namespace } from "~/i18n/namespaces";
import { invariantResponse } from "~/lms/invariant";

/**
 * GET /dashboard/locales/{lng}/{ns}?v={version}: one namespace of the dictionary, for a client
 * navigation that needs it (docs/decisions/024). Public, as the dictionaries are (spec 002 §7).
 * Asked with the current version, it may be kept for a year: a new dictionary is a new version,
 * hence a new URL; asked with another, it is the current texts, not to be kept.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const lng = params.lng ?? "";
  const ns = params.ns ?? "";
  invariantResponse(
    (SUPPORTED_LANGUAGES as readonly string[]).includes(lng) && (NAMESPACES as readonly string[]).includes(ns),
    "Not Found",
    { status: 404 },
  );
  const [texts, version] = await Promise.all([withFallback(lng), dictionaryVersion()]);
  const current = version !== "" && new URL(request.url).searchParams.get("v") === version;
  return new Response(JSON.stringify(texts[ns as Namespace]), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}

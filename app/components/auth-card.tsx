import { Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import type { PasswordRule } from "../../contract/schemas/account";

type RootBrand = {
  brand: { appName: string; loginLayout: number; loginBackground: string | null; logo: string };
  languages: string[];
  locale: string;
};

/**
 * The unauthenticated login layout (spec 000 §2.1) in its two variants, chosen by the config's
 * login-layout: 1 = the card centred over the background image, 2 = the background image as a
 * side panel beside the card. Sign-in and the account recovery pages use it.
 */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  const root = useRouteLoaderData("root") as RootBrand | undefined;
  const brand = root?.brand;
  const bg = brand?.loginBackground;
  const card = (
    <div className="w-full max-w-sm rounded-lg bg-white p-8 shadow">
      <div className="mb-4 flex items-center gap-2">
        <img src={brand?.logo ?? "/dashboard/logo.svg"} alt="" width={32} height={32} className="h-8 w-8" />
        <span className="font-semibold text-slate-800">{brand?.appName ?? "LMS"}</span>
        <LanguageLinks languages={root?.languages ?? ["en", "th"]} current={root?.locale ?? "en"} />
      </div>
      <h1 className="mb-6 text-xl font-semibold">{title}</h1>
      {children}
    </div>
  );
  if (brand?.loginLayout === 2) {
    return (
      <main className="grid min-h-screen bg-white md:grid-cols-2" data-login-layout="2">
        <div
          aria-hidden="true"
          className="hidden bg-gradient-to-br from-primary to-slate-800 bg-cover bg-center md:block"
          style={bg ? { backgroundImage: `url(${JSON.stringify(bg)})` } : undefined}
        />
        <div className="flex items-center justify-center p-4">{card}</div>
      </main>
    );
  }
  return (
    <main
      data-login-layout="1"
      className="flex min-h-screen items-center justify-center bg-slate-100 bg-cover bg-center p-4"
      style={bg ? { backgroundImage: `url(${JSON.stringify(bg)})` } : undefined}
    >
      {card}
    </main>
  );
}

const LANGUAGE_LABEL: Record<string, string> = { en: "EN", th: "ไทย", jp: "日本語", ch: "中文" };

/** Before sign-in the language is chosen by link (`?language=`), remembered by the root loader. */
function LanguageLinks({ languages, current }: { languages: string[]; current: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("language")} className="ml-auto flex gap-1 text-xs">
      {languages.map((l) => (
        <a
          key={l}
          href={`?language=${l}`}
          aria-current={l === current ? "true" : undefined}
          className="rounded px-1.5 py-0.5 text-slate-700 hover:bg-slate-100 aria-[current]:bg-primary aria-[current]:text-primary-fg"
        >
          {LANGUAGE_LABEL[l] ?? l}
        </a>
      ))}
    </nav>
  );
}

/** A message box inside the card: `alert` for problems, `status` for news. */
export function Notice({
  tone = "info",
  children,
}: {
  tone?: "info" | "error" | "success";
  children: React.ReactNode;
}) {
  const look =
    tone === "error"
      ? "border-red-300 bg-red-50 text-red-900"
      : tone === "success"
        ? "border-emerald-300 bg-emerald-50 text-emerald-900"
        : "border-sky-300 bg-sky-50 text-sky-900";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`mb-4 rounded border p-3 text-sm ${look}`}>
      {children}
    </div>
  );
}

/** A quiet link under a card's form (back to sign-in, start again…). */
export function CardLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className="text-sm font-medium text-primary underline-offset-2 hover:underline">
      {children}
    </Link>
  );
}

/** The card's main button. */
export function SubmitButton({
  busy,
  children,
  name,
  value,
}: {
  busy?: boolean;
  children: React.ReactNode;
  name?: string;
  value?: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      className="w-full rounded bg-primary px-4 py-2 font-medium text-primary-fg hover:opacity-90 disabled:opacity-60"
    >
      {children}
    </button>
  );
}

/** "Check your email": where a code (or instructions) went, shown on the OTP step and /account/checkmail. */
export function CheckMailNotice({ email }: { email: string | null }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="mb-4 rounded border border-sky-300 bg-sky-50 p-3 text-sm text-sky-900">
      <p className="font-medium">{t("checkmail_title")}</p>
      <p className="mt-1">{email ? t("checkmail_sent_to", { email }) : t("checkmail_generic")}</p>
    </div>
  );
}

/** The configured password rule in words (spec 001 §5), shown above a new-password form. */
export function PasswordRuleList({ rule, id }: { rule: PasswordRule; id?: string }) {
  const { t } = useTranslation();
  const items = [
    t("pwrule_length", { min: rule.min, max: rule.max }),
    rule.uppercase ? t("pwrule_uppercase") : null,
    rule.lowercase ? t("pwrule_lowercase") : null,
    rule.number ? t("pwrule_number") : null,
    rule.symbol ? t("pwrule_symbol") : null,
  ].filter((x): x is string => !!x);
  return (
    <div id={id} className="mb-4 rounded border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
      <p className="font-medium">{t("pwrule_heading")}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

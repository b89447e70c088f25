import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CsrfInput } from "~/components/form-basics";

const LABEL: Record<string, string> = { en: "EN", th: "ไทย", jp: "日本語", ch: "中文" };

/** One button per offered language; a plain form, so switching works without JavaScript. */
export function LanguageSwitch({ languages, redirectTo }: { languages: string[]; redirectTo: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Form
      method="post"
      action="/dashboard/account/language"
      className="flex items-center rounded border border-slate-200"
      aria-label={t("language")}
    >
      <CsrfInput />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {languages.map((lang) => (
        <button
          key={lang}
          type="submit"
          name="language"
          value={lang}
          lang={lang === "jp" ? "ja" : lang === "ch" ? "zh" : lang}
          aria-pressed={i18n.language === lang}
          className="px-2 py-1 text-xs font-medium text-slate-700 first:rounded-l last:rounded-r hover:bg-slate-100 aria-pressed:bg-primary aria-pressed:text-primary-fg"
        >
          {LABEL[lang] ?? lang}
        </button>
      ))}
    </Form>
  );
}

import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CsrfInput } from "~/components/form-basics";

/** The user menu is a <details>, so it opens without JavaScript; sign-out is a POST form. */
export function UserMenu({
  user,
  redirectTo,
}: {
  user: { name: string; email: string; image: string | null };
  redirectTo: string;
}) {
  const { t } = useTranslation();
  const initials = user.name
    .split(/\s+/)
    .map((p) => p[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
  return (
    <details className="relative">
      <summary className="flex cursor-pointer list-none items-center gap-2 rounded px-2 py-1 hover:bg-slate-100">
        <span
          aria-hidden="true"
          className="flex h-7 w-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-fg"
        >
          {initials}
        </span>
        <span className="hidden text-sm xs:inline">{user.name}</span>
        <span className="sr-only">{t("user_menu")}</span>
      </summary>
      <div className="absolute right-0 mt-1 w-64 rounded border border-slate-200 bg-white p-3 shadow-lg">
        <p className="text-sm font-medium">{user.name}</p>
        <p className="truncate text-xs text-slate-600">{user.email}</p>
        <Form method="post" action="/dashboard/account/logout" className="mt-3 border-t pt-3">
          <CsrfInput />
          <input type="hidden" name="next" value={redirectTo} />
          <button
            type="submit"
            className="w-full rounded border border-slate-300 px-3 py-1.5 text-left text-sm hover:bg-slate-50"
          >
            {t("sign_out")}
          </button>
        </Form>
      </div>
    </details>
  );
}

import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/react";
import { CsrfInput } from "~/components/form-basics";
import { useDates } from "~/components/use-dates";

/**
 * While an administrator acts as someone (docs/decisions/033): whom, until when, and the way
 * back — a plain POST form, so it works without JavaScript. It stays in view under the header
 * (sticky), so nobody forgets whose account their changes are made in.
 */
export function LoginAsBanner({ name, expire }: { name: string; expire: string }) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <div
      role="region"
      aria-label={t("acting_as_region")}
      className="sticky top-[50px] z-20 flex flex-wrap items-center gap-x-4 gap-y-2 border-b-2 border-amber-500 bg-amber-100 px-5 py-2 text-sm text-amber-950 sm:px-10"
    >
      <p className="font-medium">
        <span aria-hidden="true" className="mr-2">
          ⚠
        </span>
        {t("acting_as_banner", { name, time: dates.time(expire) })}
      </p>
      <Form method="post" action="/dashboard/login-as/leave" className="ml-auto">
        <CsrfInput />
        <button
          type="submit"
          className="rounded bg-amber-900 px-3 py-1.5 font-medium text-white hover:bg-amber-800 focus:outline-none focus:ring-2 focus:ring-amber-600"
        >
          {t("acting_as_return")}
        </button>
      </Form>
    </div>
  );
}

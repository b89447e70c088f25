import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/i18n/react";
import { controlClass, RadioGroupField } from "~/components/forms";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Meta = FieldMetadata<any, any, any>;
/** What the last search found (app/lms/account-field.server.ts AccountSearch). */
export type AccountSearchState = { find: string; more: boolean; searched: boolean };

/**
 * The engine's account field (registry kind `account`, app/lms/account-field.server.ts): a search
 * box whose button submits the form with intent `find` — the server answers the form as it was
 * typed, nothing saved — then the choices as radio buttons: none, the account held, the matches.
 * Works without JavaScript. The box is `{name}_find`.
 */
export function AccountField(p: {
  meta: Meta;
  label: string;
  noneLabel: string;
  options: { value: string; label: string }[];
  search?: AccountSearchState;
  errors?: string[];
}) {
  const { t } = useTranslation();
  const search = p.search ?? { find: "", more: false, searched: false };
  const chosen = p.meta.initialValue == null ? "" : String(p.meta.initialValue);
  const findId = `${p.meta.id}-find`;
  const found = p.options.some((o) => o.value !== chosen);
  return (
    <RadioGroupField
      meta={p.meta}
      label={p.label}
      errors={p.errors}
      options={[{ value: "", label: p.noneLabel }, ...p.options]}
      defaultValue={chosen}
      rowClassName="space-y-1"
      optionClassName="flex items-center gap-2 text-sm"
      help={search.more ? t("account_more") : search.searched && !found ? t("account_none_found") : undefined}
      before={
        <div className="mb-2">
          <label htmlFor={findId} className="mb-1 block text-xs text-slate-600">
            {t("account_find")}
          </label>
          <div className="flex items-center gap-2">
            <input
              id={findId}
              type="search"
              name={`${p.meta.name}_find`}
              defaultValue={search.find}
              autoComplete="off"
              className={`${controlClass} max-w-xs`}
            />
            {/* The form's own submit: what is typed elsewhere travels with it and comes back. */}
            <button
              type="submit"
              name="intent"
              value="find"
              formNoValidate
              className="shrink-0 rounded border border-slate-300 bg-white px-4 py-2 text-sm hover:bg-slate-50"
            >
              {t("search")}
            </button>
          </div>
        </div>
      }
    />
  );
}

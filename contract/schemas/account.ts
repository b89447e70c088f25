import { z } from "../zod";
import { MSG } from "../messages";
import { text } from "./text";
import { always } from "./form-fields";
import { ALL_LANGUAGES, SEND_METHOD } from "../codes";

/** Username 4–32 (spec 001 §5); a sign-in also accepts an email address in the same field. */
export const loginSchema = z.object({
  username: text({ error: MSG.required }).trim().min(1, MSG.required).max(254, MSG.too_long),
  password: text({ error: MSG.required }).min(1, MSG.required).max(128, MSG.too_long),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const profilePatchSchema = z.object({
  language: z.enum(ALL_LANGUAGES, { error: MSG.invalid_choice }),
});

export const socialLoginSchema = z.object({
  social_type: text({ error: MSG.required }).min(1, MSG.required),
  token: text({ error: MSG.required }).min(1, MSG.required),
});

/** The password rule of the configuration (spec 001 §5: the live rule comes from config). */
export type PasswordRule = {
  min: number;
  max: number;
  uppercase: boolean;
  lowercase: boolean;
  number: boolean;
  symbol: boolean;
};

/** Which required kinds a password lacks; empty when it has them all. */
export function missingPasswordKinds(password: string, rule: PasswordRule): string[] {
  const missing: string[] = [];
  if (rule.uppercase && !/[A-Z]/.test(password)) missing.push("uppercase");
  if (rule.lowercase && !/[a-z]/.test(password)) missing.push("lowercase");
  if (rule.number && !/[0-9]/.test(password)) missing.push("number");
  if (rule.symbol && !/[^A-Za-z0-9]/.test(password)) missing.push("symbol");
  return missing;
}

/** What is wrong with a new password under the rule (length first, then kinds), or null. */
export function newPasswordProblem(password: string, rule: PasswordRule): string | null {
  if (password.length < rule.min || password.length > rule.max) return MSG.password_length;
  if (missingPasswordKinds(password, rule).length > 0) return MSG.password_kinds;
  return null;
}

/**
 * THE check of a new password and its confirmation (sign-in recovery, a new user, an
 * administrator's reset): the rule on `password`, the match on `confirm`, named as each form names
 * them. Added to an object schema, it runs even when other fields failed (`always`), so every
 * error shows at once; a field that is not a text yet is left to its own message.
 */
export function withNewPassword<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  rule: PasswordRule,
  names: { password: string; confirm: string },
) {
  const given = (v: Record<string, unknown>, name: string) =>
    typeof v?.[name] === "string" && v[name] !== "" ? (v[name] as string) : null;
  const problem = (v: Record<string, unknown>) => {
    const password = given(v, names.password);
    return password === null ? null : newPasswordProblem(password, rule);
  };
  return schema
    .refine((v) => problem(v) !== MSG.password_length, {
      message: MSG.password_length,
      path: [names.password],
      ...always,
    })
    .refine((v) => problem(v) !== MSG.password_kinds, {
      message: MSG.password_kinds,
      path: [names.password],
      ...always,
    })
    .refine(
      (v) => {
        const [password, confirm] = [given(v, names.password), given(v, names.confirm)];
        return password === null || confirm === null || password === confirm;
      },
      { message: MSG.password_not_match, path: [names.confirm], ...always },
    );
}

/** A new password and its confirmation, checked against the configured rule. */
export function newPasswordSchema(rule: PasswordRule) {
  return withNewPassword(
    z.object({
      password: text({ error: MSG.required }).min(1, MSG.required),
      confirm_password: text({ error: MSG.required }).min(1, MSG.required),
    }),
    rule,
    { password: "password", confirm: "confirm_password" },
  );
}

// Forgot password: choose-identify → otp → reset (spec 000 §2.2, 001 §3 "Forgot-password state")
export const forgotIdentifySchema = z.object({
  username_or_email: text({ error: MSG.required }).trim().min(1, MSG.required).max(254, MSG.too_long),
});
export const forgotSendSchema = z.object({
  reference_id: text({ error: MSG.required }).min(1, MSG.required),
  send_method: z.coerce
    .number({ error: MSG.invalid_choice })
    .refine((n) => n === SEND_METHOD.email || n === SEND_METHOD.sms, MSG.invalid_choice),
});
export const forgotVerifySchema = z.object({
  reference_id: text({ error: MSG.required }).min(1, MSG.required),
  otp: text({ error: MSG.required })
    .trim()
    .regex(/^\d{6}$/, MSG.otp_not_correct),
});
export const forgotResetTokenSchema = z.object({
  token: text({ error: MSG.required }).min(1, MSG.required),
});

export const analyticSessionSchema = z.object({
  // 0 learner site, 10 dashboard; a form may send the number as text, nothing else is coerced.
  source: z.preprocess(
    (v) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z.union([z.literal(0), z.literal(10)], { error: MSG.invalid_choice }),
  ),
});

/** The signed-in user record exactly as spec 000 §3 lists it (answer of account/profile/). */
export type Profile = {
  id: number;
  language: string;
  first_name: string;
  last_name: string;
  department: { id: number; name: string } | null;
  position: { id: number; name: string } | null;
  email: string;
  last_active: string | null;
  image: string | null;
  datetime_login_as_expire: string | null;
  is_dashboard_permission: boolean;
  is_store_permission: boolean;
  is_verified_email: boolean;
  is_superuser: boolean;
  is_accepted_privacy: boolean;
  is_accepted_term: boolean;
  is_accepted_data_consent: boolean;
  is_system_user: boolean;
  is_login_as: boolean;
};

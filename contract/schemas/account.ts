import { z } from "../zod";
import { MSG } from "../messages";
import { text } from "./text";
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

/** A new password and its confirmation, checked against the configured rule. */
export function newPasswordSchema(rule: PasswordRule) {
  return z
    .object({
      password: text({ error: MSG.required }).min(1, MSG.required),
      confirm_password: text({ error: MSG.required }).min(1, MSG.required),
    })
    .superRefine((v, ctx) => {
      if (v.password.length < rule.min || v.password.length > rule.max) {
        ctx.addIssue({ code: "custom", path: ["password"], message: MSG.password_length });
      } else if (missingPasswordKinds(v.password, rule).length > 0) {
        ctx.addIssue({ code: "custom", path: ["password"], message: MSG.password_kinds });
      }
      if (v.password !== v.confirm_password) {
        ctx.addIssue({ code: "custom", path: ["confirm_password"], message: MSG.password_not_match });
      }
    });
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
  otp: text({ error: MSG.required }).trim().regex(/^\d{6}$/, MSG.otp_not_correct),
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

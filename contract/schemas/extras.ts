import { z } from "../zod";
import { checkbox, id, nullableId } from "./form-fields";
import { MSG } from "../messages";
import { text } from "./text";
import { ALL_LANGUAGES } from "../codes";
import { DEFAULT_CONTENT_LIMITS, type ContentLimits } from "./content";
import {
  CURRENCIES,
  DEFAULT_CURRENCY,
  DEFAULT_EXCHANGE_RATE,
  CERTIFICATE_TEMPLATE,
  CERTIFICATE_TYPE,
  CERTIFICATE_COMPLETE,
  CERTIFICATE_ISSUED_DATE,
  MONEY_MAX,
  MONEY_PLACES,
  EXCHANGE_RATE_MAX,
  EXCHANGE_RATE_PLACES,
  UNIT_MAX,
  COUNT_LEARNER_MAX,
  POINT_MAX,
  COMPETENCY_LEVEL_MAX,
  DOWNLOAD_DAYS_MAX,
  RECORD_LIST_MAX,
  parseDaysText,
  type Currency,
} from "../extras-codes";

export * from "../extras-codes";

/**
 * The extra tabs of a content item (spec 001 §3 "Certificate", "Budget", "Gamification", the
 * competency and survey lists; issue 6 item 4): code tables, the form schemas shared by the API
 * and the dashboard, and the API's answers. Every schema accepts what an HTML form posts (text)
 * as well as JSON, and its output parses again as its input (the dashboard sends what it parsed).
 * Choices the spec does not show are recorded in docs/decisions/012.
 */

// ── Field helpers (exported for the other extras schemas) ──────────────────────────────────────

const isBlank = (v: unknown) => v === null || v === undefined || v === "" || v === "null";
const intText = (v: unknown) => (typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v);

/** The shared field shapes (form-fields.ts), under the names the extras schemas use. */
export const idField = id;
export const nullableIdField = nullableId;
export const checkboxField = checkbox;

/** A whole number in [min, max]; outside → number_out_of_range. */
export const intField = (min: number, max: number) =>
  z.preprocess(
    intText,
    z.number().int(MSG.invalid).min(min, MSG.number_out_of_range).max(max, MSG.number_out_of_range),
  );

/** Text of a number: "1500", "1,500.50", " 12.5 " → a number; anything else stays as it is (and is refused). */
function numberText(v: unknown): unknown {
  if (typeof v !== "string") return v;
  let s = v.trim();
  // Thousands separators as the dashboard shows them (1,500.50); "1,5" is not one.
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, "");
  return /^-?\d+(\.\d+)?$/.test(s) ? Number(s) : v;
}
/** A number whose wrong type says "required" when nothing was given and "invalid" otherwise. */
const num = () =>
  z.number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === "" ? MSG.required : MSG.invalid,
  });
const hasPlaces = (n: number, places: number) => {
  const scaled = n * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/**
 * A decimal number in [min, max] with at most `places` decimals (min exclusive when told).
 * Out of range → rangeMessage; too many decimals → placesMessage.
 */
export const decimalField = (opts: {
  min: number;
  max: number;
  places: number;
  minExclusive?: boolean;
  rangeMessage: string;
  placesMessage: string;
}) =>
  z.preprocess(
    numberText,
    num()
      .refine((n) => (opts.minExclusive ? n > opts.min : n >= opts.min) && n <= opts.max, opts.rangeMessage)
      .refine((n) => hasPlaces(n, opts.places), opts.placesMessage),
  );

/** An amount of money: 0 to MONEY_MAX, 2 decimals. */
export const moneyField = () =>
  decimalField({
    min: 0,
    max: MONEY_MAX,
    places: MONEY_PLACES,
    rangeMessage: MSG.amount_out_of_range,
    placesMessage: MSG.amount_decimals,
  });

/** An optional amount: "", "null" and null clear it. */
export const nullableMoneyField = () => z.preprocess((v) => (isBlank(v) ? null : v), moneyField().nullable());

/** A code table value given as a number or its text. */
export const codeField = <T extends readonly number[]>(codes: T) =>
  z.preprocess(
    intText,
    num().refine((n) => codes.includes(n), MSG.invalid_choice),
  ) as unknown as z.ZodType<T[number], unknown>;

const requiredText = (max: number) => text({ error: MSG.required }).trim().min(1, MSG.required).max(max, MSG.too_long);
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? "" : v),
    text({ multiline: true, error: MSG.invalid }).trim().max(max, MSG.too_long),
  );

// ── Competency ─────────────────────────────────────────────────────────────────────────────────

/**
 * POST {path}/{id}/competency/: a competency of the master list and the level the content
 * requires (1 … the competency's own highest level, checked by the API). PATCH changes the level.
 */
export const contentCompetencyCreateSchema = z.object({
  competency: idField(),
  level: intField(1, COMPETENCY_LEVEL_MAX),
});
export const contentCompetencyUpdateSchema = z.object({ level: intField(1, COMPETENCY_LEVEL_MAX) });
export type ContentCompetencyCreateInput = z.infer<typeof contentCompetencyCreateSchema>;
export type ContentCompetencyUpdateInput = z.infer<typeof contentCompetencyUpdateSchema>;

/** A competency of the master list; `level` is the highest level of its scale. */
export type Competency = { id: number; name: string; code: string; level: number };
/** A row of GET {path}/{id}/competency/ */
export type ContentCompetency = { id: number; competency: Competency; level: number; datetime_create: string };

// ── Survey ─────────────────────────────────────────────────────────────────────────────────────

/** POST {path}/{id}/survey/ attaches a survey (optionally required); PATCH marks it required or not; DELETE detaches. */
export const contentSurveyCreateSchema = z.object({ survey: idField(), is_required: checkboxField() });
export const contentSurveyUpdateSchema = z.object({ is_required: checkboxField() });
export type ContentSurveyCreateInput = z.infer<typeof contentSurveyCreateSchema>;
export type ContentSurveyUpdateInput = z.infer<typeof contentSurveyUpdateSchema>;

export type SurveySummary = { id: number; name: string; code: string; survey_type: number; is_publish: boolean };
/** A row of GET {path}/{id}/survey/ */
export type ContentSurvey = { id: number; survey: SurveySummary; is_required: boolean; sort: number };

// ── Gamification ───────────────────────────────────────────────────────────────────────────────

/**
 * A gamification criterion of a content (spec 001 §3 "Gamification: criteria (point, achievement,
 * challenge)"): what earns it (name) and what it rewards: points, an achievement, a challenge —
 * at least one of them. PATCH is partial; the API checks the reward on the result.
 */
const criteriaFields = (limits: ContentLimits) => ({
  name: requiredText(limits.text),
  point: intField(0, POINT_MAX),
  achievement: nullableIdField(),
  challenge: nullableIdField(),
});
/** Points (a wrong number is its own error), an achievement or a challenge. */
export const hasReward = (c: { point: number; achievement: number | null; challenge: number | null }) =>
  c.point !== 0 || c.achievement !== null || c.challenge !== null;

export function criteriaSchemas(limits: ContentLimits = DEFAULT_CONTENT_LIMITS) {
  const f = criteriaFields(limits);
  const create = z
    .object({
      ...f,
      point: f.point.default(0),
      achievement: f.achievement.default(null),
      challenge: f.challenge.default(null),
    })
    .superRefine((c, ctx) => {
      if (!hasReward(c)) ctx.addIssue({ code: "custom", path: ["point"], message: MSG.criteria_reward_required });
    });
  const update = z.object({
    name: f.name.optional(),
    point: f.point.optional(),
    achievement: f.achievement.optional(),
    challenge: f.challenge.optional(),
  });
  return { create, update };
}
export type CriteriaCreateInput = z.infer<ReturnType<typeof criteriaSchemas>["create"]>;
export type CriteriaUpdateInput = z.infer<ReturnType<typeof criteriaSchemas>["update"]>;

/** A row of GET {path}/{id}/gamification/; in use (earned by a learner) → no edit (400) and no delete (424). */
export type Criteria = {
  id: number;
  name: string;
  point: number;
  achievement: { id: number; name: string; multiplier: number } | null;
  challenge: { id: number; name: string } | null;
  earned_count: number;
  is_in_use: boolean;
};

// ── Budget ─────────────────────────────────────────────────────────────────────────────────────

/** Price (spec 001 §3 "Budget"): price, discount price (not above the price), app store and android prices, note. */
const priceFields = (limits: ContentLimits) => ({
  price: moneyField(),
  price_discount: nullableMoneyField(),
  price_app_store: nullableMoneyField(),
  price_android: nullableMoneyField(),
  note: optionalText(limits.description),
});
export type BudgetPrice = {
  price: number;
  price_discount: number | null;
  price_app_store: number | null;
  price_android: number | null;
  note: string;
};
/** The discount rule, for the schema and for the API's check of a partial PATCH. */
export const discountAbovePrice = (p: Pick<BudgetPrice, "price" | "price_discount">) =>
  p.price_discount !== null && p.price_discount > p.price;

export function budgetPriceSchemas(limits: ContentLimits = DEFAULT_CONTENT_LIMITS) {
  const f = priceFields(limits);
  const full = z
    .object({
      ...f,
      price: f.price.default(0),
      price_discount: f.price_discount.default(null),
      price_app_store: f.price_app_store.default(null),
      price_android: f.price_android.default(null),
      note: f.note.default(""),
    })
    .superRefine((p, ctx) => {
      if (discountAbovePrice(p))
        ctx.addIssue({ code: "custom", path: ["price_discount"], message: MSG.price_discount_above_price });
    });
  const patch = z.object({
    price: f.price.optional(),
    price_discount: f.price_discount.optional(),
    price_app_store: f.price_app_store.optional(),
    price_android: f.price_android.optional(),
    note: f.note.optional(),
  });
  return { full, patch };
}

/** A budget record: category, units, cost per unit, currency (thb default) and its rate to baht (1 default; baht is always 1). */
export const budgetRecordSchema = z
  .object({
    budget_type: idField(),
    unit: intField(1, UNIT_MAX),
    cost: moneyField(),
    currency: z.preprocess(
      (v) => (isBlank(v) ? DEFAULT_CURRENCY : typeof v === "string" ? v.trim().toLowerCase() : v),
      z.enum(CURRENCIES, { error: MSG.invalid_choice }),
    ),
    exchange_rate: z.preprocess(
      (v) => (isBlank(v) ? DEFAULT_EXCHANGE_RATE : v),
      decimalField({
        min: 0,
        max: EXCHANGE_RATE_MAX,
        places: EXCHANGE_RATE_PLACES,
        minExclusive: true,
        rangeMessage: MSG.number_out_of_range,
        placesMessage: MSG.too_many_decimals,
      }),
    ),
  })
  .superRefine((r, ctx) => {
    if (r.currency === "thb" && r.exchange_rate !== 1)
      ctx.addIssue({ code: "custom", path: ["exchange_rate"], message: MSG.exchange_rate_thb_one });
  });
export type BudgetRecordInput = z.infer<typeof budgetRecordSchema>;

const recordList = () =>
  z.preprocess(
    (v) => (isBlank(v) ? [] : v),
    z.array(budgetRecordSchema, { error: MSG.invalid }).max(RECORD_LIST_MAX, MSG.too_long),
  );

/** Budget planning (spec 001 §3): learners counted, planned cost, price margin (percent), and the records. PATCH is partial. */
export const budgetPlanSchema = z.object({
  count_learner: intField(0, COUNT_LEARNER_MAX).optional(),
  cost: moneyField().optional(),
  price_margin: decimalField({
    min: 0,
    max: 100,
    places: 2,
    rangeMessage: MSG.number_out_of_range,
    placesMessage: MSG.too_many_decimals,
  }).optional(),
  record_list: recordList().optional(),
});
/** The planning form as the dashboard sends it whole (missing numbers are 0). */
export const budgetPlanFormSchema = budgetPlanSchema.extend({
  count_learner: intField(0, COUNT_LEARNER_MAX).default(0),
  cost: moneyField().default(0),
  price_margin: budgetPlanSchema.shape.price_margin.unwrap().default(0),
  record_list: recordList().default([]),
});
/** The actual cost: its records. */
export const budgetActualSchema = z.object({ record_list: recordList().optional() });
export const budgetActualFormSchema = z.object({ record_list: recordList().default([]) });
export type BudgetPlanInput = z.infer<typeof budgetPlanSchema>;
export type BudgetActualInput = z.infer<typeof budgetActualSchema>;

export type BudgetCategory = { id: number; name_bp: string; name_ac: string; code: string };
/** A record as answered: `total` = unit × cost × exchange_rate, in baht. */
export type BudgetRecord = {
  id: number;
  budget_type: BudgetCategory;
  unit: number;
  cost: number;
  currency: Currency;
  exchange_rate: number;
  total: number;
};
/** GET/PATCH {path}/{id}/budget/ (planning); `total` is the records' total in baht. */
export type BudgetPlan = {
  count_learner: number;
  cost: number;
  price_margin: number;
  record_list: BudgetRecord[];
  total: number;
  datetime_update: string | null;
};
/** GET/PATCH {path}/{id}/budget/actual/ */
export type BudgetActual = { record_list: BudgetRecord[]; total: number; datetime_update: string | null };
/** GET/PATCH {path}/{id}/budget/price/ */
export type BudgetPriceAnswer = BudgetPrice & { datetime_update: string | null };

// ── Certificate ────────────────────────────────────────────────────────────────────────────────

const downloadPeriod = () =>
  z.preprocess(
    (v) => {
      const days = parseDaysText(v);
      return days === undefined ? v : days;
    },
    z
      .number({ error: MSG.invalid })
      .int(MSG.invalid)
      .refine((n) => n !== 0, MSG.days_not_zero)
      .refine((n) => n >= 0 && n <= DOWNLOAD_DAYS_MAX, MSG.number_out_of_range)
      .nullable(),
  );

/** An ISO date (YYYY-MM-DD, a real calendar day); "" and null clear it. */
const dateField = () =>
  z.preprocess(
    (v) => (isBlank(v) ? null : v),
    z
      .string({ error: MSG.invalid })
      .refine((s) => {
        const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
        if (!m) return false;
        const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
        return (
          d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
        );
      }, MSG.invalid)
      .nullable(),
  );

const certificateFields = (limits: ContentLimits) => ({
  name: requiredText(limits.text),
  desc: optionalText(limits.description),
  /** One of the configured languages (config language-list; checked by the API). */
  language: z.enum(ALL_LANGUAGES, { error: MSG.invalid_choice }),
  type_template: codeField(Object.values(CERTIFICATE_TEMPLATE)),
  certificate_type: codeField(Object.values(CERTIFICATE_TYPE)),
  content_period_download: downloadPeriod(),
  type_complete: codeField(Object.values(CERTIFICATE_COMPLETE)),
  type_issued_date: codeField(Object.values(CERTIFICATE_ISSUED_DATE)),
  date_issued: dateField(),
});
type CertificateValues = { type_issued_date: number; date_issued: string | null };
/** A fixed issue date needs the date. */
export const missingIssueDate = (c: CertificateValues) =>
  c.type_issued_date === CERTIFICATE_ISSUED_DATE.fixed_date && !c.date_issued;

export function certificateSchemas(limits: ContentLimits = DEFAULT_CONTENT_LIMITS) {
  const f = certificateFields(limits);
  const full = z
    .object({
      ...f,
      desc: f.desc.default(""),
      language: f.language.default("en"),
      type_template: f.type_template.default(CERTIFICATE_TEMPLATE.classic),
      certificate_type: f.certificate_type.default(CERTIFICATE_TYPE.completion),
      content_period_download: f.content_period_download.default(null),
      type_complete: f.type_complete.default(CERTIFICATE_COMPLETE.completed),
      type_issued_date: f.type_issued_date.default(CERTIFICATE_ISSUED_DATE.completion_date),
      date_issued: f.date_issued.default(null),
    })
    .superRefine((c, ctx) => {
      if (missingIssueDate(c)) ctx.addIssue({ code: "custom", path: ["date_issued"], message: MSG.required });
    });
  const patch = z.object(
    Object.fromEntries(Object.entries(f).map(([k, s]) => [k, s.optional()])) as {
      [K in keyof typeof f]: z.ZodOptional<(typeof f)[K]>;
    },
  );
  return { full, patch };
}
export type CertificateInput = z.infer<ReturnType<typeof certificateSchemas>["full"]>;
export type CertificatePatch = z.infer<ReturnType<typeof certificateSchemas>["patch"]>;

/** GET/PATCH {path}/{id}/certificate/; before the first save the defaults, with is_set false. */
export type Certificate = {
  is_set: boolean;
  name: string;
  desc: string;
  /** URL of the background image, or null. */
  image: string | null;
  language: string;
  type_template: number;
  certificate_type: number;
  /** "{n} days", or null: no limit. */
  content_period_download: string | null;
  type_complete: number;
  type_issued_date: number;
  date_issued: string | null;
  datetime_update: string | null;
};

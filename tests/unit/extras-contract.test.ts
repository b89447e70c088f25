import { describe, expect, it } from "vitest";
import {
  budgetPlanFormSchema,
  budgetPriceSchemas,
  budgetRecordSchema,
  certificateSchemas,
  criteriaSchemas,
  daysText,
  parseDaysText,
} from "../../contract/schemas/extras";
import { dropRemovedRows } from "~/lms/editable-list";

/** The pure parts of the content extras (docs/decisions/012): what forms post becomes what the API stores. */

describe("download period", () => {
  it("is read as days from '{n} days' text, '{n} day', or the number; empty is no limit", () => {
    expect(parseDaysText("30 days")).toBe(30);
    expect(parseDaysText(" 1 day ")).toBe(1);
    expect(parseDaysText("90 Days")).toBe(90);
    expect(parseDaysText("45")).toBe(45);
    expect(parseDaysText(7)).toBe(7);
    expect(parseDaysText("")).toBeNull();
    expect(parseDaysText(null)).toBeNull();
    expect(parseDaysText("a month")).toBeUndefined();
    expect(parseDaysText(1.5)).toBeUndefined();
    expect(daysText(30)).toBe("30 days");
    expect(daysText(null)).toBeNull();
  });
  it("refuses 0 and keeps its output parseable as input", () => {
    const { full } = certificateSchemas();
    const base = { name: "Certificate" };
    expect(full.safeParse({ ...base, content_period_download: "0 days" }).error?.issues[0].message).toBe(
      "days_not_zero",
    );
    const parsed = full.parse({ ...base, content_period_download: "30 days" });
    expect(parsed.content_period_download).toBe(30);
    expect(full.parse(parsed)).toEqual(parsed);
  });
});

describe("money", () => {
  const { full } = budgetPriceSchemas();
  it("takes thousands separators and 2 decimals, refuses more decimals and out-of-range amounts", () => {
    expect(full.parse({ price: "1,500.50" }).price).toBe(1500.5);
    expect(full.parse({ price: " 12 " }).price).toBe(12);
    expect(full.safeParse({ price: "1,5" }).error?.issues[0].message).toBe("invalid");
    expect(full.safeParse({ price: "0.005" }).error?.issues[0].message).toBe("amount_decimals");
    expect(full.safeParse({ price: "-1" }).error?.issues[0].message).toBe("amount_out_of_range");
    expect(full.safeParse({ price: 100_000_000 }).error?.issues[0].message).toBe("amount_out_of_range");
  });
  it("keeps the discount at or below the price", () => {
    expect(
      full.safeParse({ price: 100, price_discount: 100.01 }).error?.issues.map((i) => [i.path.join("."), i.message]),
    ).toEqual([["price_discount", "price_discount_above_price"]]);
    expect(full.parse({ price: 100, price_discount: "100" }).price_discount).toBe(100);
  });
});

describe("budget records", () => {
  it("default to baht at rate 1; baht is always 1", () => {
    expect(budgetRecordSchema.parse({ budget_type: "3", unit: "2", cost: "15000" })).toEqual({
      budget_type: 3,
      unit: 2,
      cost: 15000,
      currency: "thb",
      exchange_rate: 1,
    });
    expect(
      budgetRecordSchema.parse({ budget_type: 3, unit: 1, cost: 1, currency: "USD", exchange_rate: "35.123456" }),
    ).toMatchObject({ currency: "usd", exchange_rate: 35.123456 });
    expect(
      budgetRecordSchema.safeParse({ budget_type: 3, unit: 1, cost: 1, exchange_rate: 2 }).error?.issues[0].message,
    ).toBe("exchange_rate_thb_one");
    expect(
      budgetRecordSchema.safeParse({ budget_type: 3, unit: 1, cost: 1, currency: "usd", exchange_rate: "1.0000001" })
        .error?.issues[0].message,
    ).toBe("too_many_decimals");
  });
  it("name nested errors as forms do", () => {
    const issues =
      budgetPlanFormSchema.safeParse({ record_list: [{ budget_type: 1, unit: 0, cost: 1 }] }).error?.issues ?? [];
    expect(issues.map((i) => i.path)).toEqual([["record_list", 0, "unit"]]);
  });
});

describe("gamification criteria", () => {
  it("reward points, an achievement or a challenge", () => {
    const { create } = criteriaSchemas();
    expect(create.safeParse({ name: "Nothing" }).error?.issues[0]).toMatchObject({
      path: ["point"],
      message: "criteria_reward_required",
    });
    expect(create.parse({ name: "Badge", achievement: "2" })).toEqual({
      name: "Badge",
      point: 0,
      achievement: 2,
      challenge: null,
    });
    expect(create.parse({ name: "Points", point: "10", achievement: "", challenge: "null" })).toEqual({
      name: "Points",
      point: 10,
      achievement: null,
      challenge: null,
    });
  });
});

describe("editable list rows", () => {
  it("drops the rows ticked for removal and renumbers the rest", () => {
    const form = new FormData();
    form.append("intent", "save");
    for (const [i, cost, remove] of [
      [0, "1", false],
      [1, "2", true],
      [2, "3", false],
    ] as const) {
      form.append(`record_list[${i}].cost`, cost);
      if (remove) form.append(`record_list[${i}].remove`, "on");
    }
    const { form: out, count } = dropRemovedRows(form, "record_list");
    expect(count).toBe(2);
    expect([...out.entries()]).toEqual([
      ["intent", "save"],
      ["record_list[0].cost", "1"],
      ["record_list[1].cost", "3"],
    ]);
  });
});

/**
 * The two sign-in rules measured in days (spec 002 §8; docs/decisions/082), counted in calendar
 * days of the organisation's zone (config `time-zone-offset-minutes`), as an account's expiry date
 * is: a password changed on day D with a period of N days is expired from day D+N on; an account
 * last active on day D with a limit of N days is locked from day D+N on. 0 (or no setting) = never.
 */
const DAY_MS = 86_400_000;

/** The calendar day (YYYY-MM-DD) of an instant in a zone `offsetMinutes` east of UTC. */
export function zoneDay(iso: string, offsetMinutes: number): string {
  return new Date(Date.parse(iso) + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** Whole calendar days from `fromIso` to `now`, both read in the organisation's zone. */
export function daysSince(fromIso: string, now: Date, offsetMinutes: number): number {
  const from = Date.parse(zoneDay(fromIso, offsetMinutes));
  const today = Date.parse(zoneDay(now.toISOString(), offsetMinutes));
  return Math.round((today - from) / DAY_MS);
}

/** A setting read as a whole number of days; anything else (blank, negative, text) is 0: off. */
export function dayLimit(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

type Dated = { datetime_password_change: string | null; last_active: string | null; datetime_create: string };

/** The password has outlived its period (one never changed counts from the account's creation). */
export function passwordExpired(account: Dated, now: Date, days: number, offsetMinutes: number): boolean {
  return days > 0 && daysSince(account.datetime_password_change ?? account.datetime_create, now, offsetMinutes) >= days;
}

/** Nobody signed in for the limit (an account never signed in counts from its creation). */
export function inactiveTooLong(account: Dated, now: Date, days: number, offsetMinutes: number): boolean {
  return days > 0 && daysSince(account.last_active ?? account.datetime_create, now, offsetMinutes) >= days;
}

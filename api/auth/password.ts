import crypto from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(crypto.scrypt) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: crypto.ScryptOptions,
) => Promise<Buffer>;
// N=2^15 keeps a hash near 50 ms on this machine's cores: slow for guessing, fine for sign-in.
const DEFAULT_N = 32768;
const PARAMS = { N: costFromEnv(process.env.PASSWORD_HASH_N), r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/**
 * PASSWORD_HASH_N lowers the cost for a test run only (the e2e suite signs in thousands of times:
 * docs/decisions/085); a power of two from 1024 to the default. Unset in production, where a
 * weaker value would only make guessing cheaper.
 */
function costFromEnv(value: string | undefined): number {
  if (value === undefined || value === "") return DEFAULT_N;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1024 || n > DEFAULT_N || (n & (n - 1)) !== 0) {
    throw new Error(`PASSWORD_HASH_N must be a power of two from 1024 to ${DEFAULT_N}, not ${value}`);
  }
  return n;
}
const KEY_LEN = 32;

/**
 * The cost of a password a user import sets (docs/decisions/032): 10 000 full-cost hashes take
 * minutes on two cores, so a file's initial passwords get 1/16 of the cost, each with its own
 * salt, and sign-in replaces such a hash by a full-cost one (needsRehash) the first time the
 * password is used.
 */
const IMPORT_PARAMS = { ...PARAMS, N: Math.min(2048, PARAMS.N) };

/** `scrypt$N$r$p$salt$hash`, all parameters stored so they can be raised later. */
export async function hashPassword(password: string, cost: "normal" | "import" = "normal"): Promise<string> {
  const params = cost === "import" ? IMPORT_PARAMS : PARAMS;
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LEN, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

/** Whether a stored hash is weaker than today's parameters (sign-in then stores a new one). */
export function needsRehash(stored: string): boolean {
  const [scheme, n, r, p] = stored.split("$");
  return scheme === "scrypt" && (Number(n) < PARAMS.N || Number(r) < PARAMS.r || Number(p) < PARAMS.p);
}

/** A password hash that no password matches: an imported account without a password until one is set. */
export const NO_PASSWORD_HASH = "!";

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) {
    // No password set (an imported account without one): as slow as a real check, so timing does not tell.
    if (stored !== (await dummyPasswordHash())) await verifyPassword(password, await dummyPasswordHash());
    return false;
  }
  const expected = Buffer.from(hash, "base64url");
  const actual = await scrypt(password, Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** A hash to compare against when the account does not exist, so timing does not tell. */
let dummyHash: Promise<string> | null = null;
export const dummyPasswordHash = () => (dummyHash ??= hashPassword(crypto.randomBytes(12).toString("hex")));

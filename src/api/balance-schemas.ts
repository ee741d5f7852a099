/**
 * Reading a balances answer into the model of balance-types.ts under the parsing policy
 * (parse-policy.ts): only a body that is not an object (or PHP's empty list) fails the answer.
 * Each entry is read on its own, so one odd entry degrades its own row and nothing else:
 *
 * - an empty object (or `[]`) means nothing is held; an answer wrapped in `data` is read too;
 * - a value that is one object, not a list of one, is read as that object;
 * - a list of several objects is summed place by place, exactly (reported);
 * - an amount may be missing, null, a decimal string or a number (missing and null are
 *   reported, as the policy does); anything else is left out and reported;
 * - a value that is neither a list nor an object gives a row of nulls (reported);
 * - the ticker is sanitised and cut to TICKER_MAX characters (reported when changed); two
 *   entries that come out as the same ticker are summed into one row (reported).
 *
 * Degradations name the entry by its position (`balances[2].main`), never by received text.
 */
import * as v from 'valibot';
import { PooltopError } from '../errors/pooltop-error.js';
import { addDecimals } from '../format/decimal.js';
import { KEEP_UNICODE, sanitize } from '../format/sanitize.js';
import { BALANCE_PLACES, type CurrencyBalance, TICKER_MAX } from './balance-types.js';
import { type DegradationSink, decimalText, jsonType, optional, settle } from './parse-policy.js';
import { isObject } from './schemas.js';

const ignore: DegradationSink = () => {};

const AMOUNT = 'must be a decimal number';
const SIGNED_DECIMAL = /^-?\d{1,64}(?:\.\d{1,64})?$/;

/** A decimal amount as text; a balance may be negative, unlike the policy's `decimal()`. */
const amount = () =>
  v.union(
    [
      v.pipe(v.string(AMOUNT), v.trim(), v.regex(SIGNED_DECIMAL, AMOUNT)),
      v.pipe(
        v.number(AMOUNT),
        v.finite(AMOUNT),
        v.transform((n) => (n < 0 ? `-${decimalText(-n)}` : decimalText(n))),
      ),
    ],
    AMOUNT,
  );

const placesSchema = v.object({
  main: optional(amount()),
  spot: optional(amount()),
  collateral: optional(amount()),
});

type Places = Pick<CurrencyBalance, 'main' | 'spot' | 'collateral'>;

export function parseSubAccountBalances(body: unknown, report: DegradationSink = ignore): CurrencyBalance[] {
  const entries = unwrap(body);
  const rows = new Map<string, { places: Places; at: string }>();
  Object.entries(entries).forEach(([rawTicker, value], index) => {
    const at = `balances[${index}]`;
    const ticker = cleanTicker(rawTicker, at, report);
    const places = readEntry(value, at, report);
    const same = rows.get(ticker);
    if (!same) {
      rows.set(ticker, { places, at });
      return;
    }
    report({ path: at, problem: `names the same currency as ${same.at}; the two are summed` });
    same.places = sumPlaces([same.places, places]);
  });
  return [...rows].map(([ticker, { places }]) => ({
    ticker,
    ...places,
    total: addDecimals(BALANCE_PLACES.map((p) => places[p])) ?? null,
  }));
}

/** The entries keyed by ticker: the body itself, or its `data` when that alone holds them. */
function unwrap(body: unknown): Record<string, unknown> {
  if (Array.isArray(body) && body.length === 0) return {};
  if (!isObject(body)) {
    throw new PooltopError('schema', 'unexpected response: body must be a JSON object', {
      fields: { body: ['must be a JSON object'] },
    });
  }
  const keys = Object.keys(body);
  if (keys.length === 1 && keys[0] === 'data') {
    const data = body.data;
    if (data == null || (Array.isArray(data) && data.length === 0)) return {};
    if (isObject(data)) return data;
  }
  return body;
}

function readEntry(value: unknown, at: string, report: DegradationSink): Places {
  const items = Array.isArray(value) ? value : [value];
  if (!Array.isArray(value) && isObject(value)) {
    report({ path: at, problem: 'is an object, not a list of one; read as the one' });
  }
  const read: Places[] = [];
  items.forEach((item, i) => {
    const where = Array.isArray(value) ? `${at}[${i}]` : at;
    if (!isObject(item)) {
      report({ path: where, problem: `must be an object (got ${jsonType(item)}); left out` });
      return;
    }
    const out = v.parse(placesSchema, item);
    settle(out, report, where);
    read.push({ main: out.main ?? null, spot: out.spot ?? null, collateral: out.collateral ?? null });
  });
  if (read.length === 0) {
    report({ path: at, problem: 'holds no balance; shown as unknown' });
    return { main: null, spot: null, collateral: null };
  }
  if (read.length > 1) report({ path: at, problem: `holds ${read.length} balances; summed` });
  return read.length === 1 ? (read[0] as Places) : sumPlaces(read);
}

/** Each place summed over the rows that know it; null where none does. */
function sumPlaces(rows: readonly Places[]): Places {
  const sum = (place: keyof Places) => addDecimals(rows.map((r) => r[place])) ?? null;
  return { main: sum('main'), spot: sum('spot'), collateral: sum('collateral') };
}

/** Control characters and escape sequences removed, whitespace collapsed, at most TICKER_MAX characters. */
function cleanTicker(raw: string, at: string, report: DegradationSink): string {
  const clean = sanitize(raw, KEEP_UNICODE).replace(/\s+/g, ' ').trim();
  const chars = [...clean];
  const cut = chars.length > TICKER_MAX ? `${chars.slice(0, TICKER_MAX - 1).join('')}…` : clean;
  if (cut !== raw)
    report({
      path: `${at}.ticker`,
      problem: 'held characters that cannot be shown or was too long; cleaned',
    });
  return cut;
}

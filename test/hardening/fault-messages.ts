/** What each fault mode of fault-server.ts must be reported as, in one line ('ok': valid data, no error). */
import type { Mode } from './fault-server.js';

/** Matched against the error message (stderr line of a command, the dashboard's error line). */
export const ONE_LINE: Record<Mode, RegExp | 'ok'> = {
  ok: 'ok',
  legacy: 'ok',
  camel: 'ok',
  'extra-fields': 'ok',
  'missing-field': 'ok',
  'wrong-types': 'ok',
  'negative-workers': 'ok',
  'ms-timestamps': 'ok',
  'nan-hashrate': 'ok',
  refused: /connection to 127\.0\.0\.1:\d+ refused/,
  reset: /connection to 127\.0\.0\.1:\d+ was closed unexpectedly|request to 127\.0\.0\.1:\d+ failed/,
  stall: /did not answer in time|took longer than/,
  'stall-body': /stopped sending the response|took longer than/,
  drip: /took longer than [\d.]+ m?s to answer/,
  '429': /rate limited by the server \(HTTP 429\)(?!;)/,
  '429-retry-after': /rate limited by the server \(HTTP 429\); retry after 1 s/,
  '503-html': /service under maintenance \(HTTP 503\)/,
  '500-json': /server error \(HTTP 500\): Internal server error\./,
  '404-empty': /not found \(HTTP 404\)/,
  'malformed-json': /unexpected response: body is not JSON/,
  'no-data': /unexpected response: data is missing/,
  'too-large': /larger than 2097152 bytes/,
  'hostile-header': /.+/,
};

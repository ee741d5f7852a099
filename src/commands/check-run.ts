/**
 * `pooltop check [pool|mining] [--account NAME] --warning METRIC=RANGE … --critical METRIC=RANGE …`:
 * a monitoring plugin (Nagios, Icinga, Naemon, Sensu…) by the Monitoring Plugins Development
 * Guidelines. Exit 0 OK, 1 WARNING, 2 CRITICAL, 3 UNKNOWN — and UNKNOWN covers everything that
 * is not a verdict on the data: bad arguments, missing credentials, an API that cannot be
 * reached or fails, no answer within `--timeout`. Always exactly one line on stdout (or one JSON
 * object with `--json`), never pooltop's usual exit codes 1/2.
 */
import { EXIT_CODES, evaluateMetrics, type MetricResult, worst } from '../alerts/evaluate.js';
import { MINING_METRICS, POOL_METRICS, SCOPES, type Scope, SUBACCOUNT_METRICS } from '../alerts/metrics.js';
import { miningSeriesQuery, readMining, readPool, readSubAccounts } from '../alerts/readings.js';
import { allUnconfirmed, auditAllKeys } from '../accounts/key-audit.js';
import { idleSeconds } from './support/idle.js';
import { type ScopeThresholds, thresholdsFromFlags, withOverrides } from '../alerts/thresholds.js';
import { isPooltopError, oneLine, PooltopError } from '../errors/pooltop-error.js';
import { linkSignals } from '../api/link-signals.js';
import { type CommandContext, createContext, namingRefusedKey } from './support/context.js';
import { isDebug } from '../errors/debug.js';
import { clip, numberFlag, type ParsedValues, parseFlags, stringFlag, stringFlags } from './support/parse.js';
import { reportError } from '../errors/report-error.js';
import { loadPreferences } from '../alerts/preferences.js';
import { sanitize, type TextTarget } from '../format/sanitize.js';
import { type CheckResult, jsonResult, statusLine } from './check-output.js';
import type { CommandModule } from './support/command.js';
import { goneAfterS } from './support/gone-after.js';
import type { CommandIO } from './support/io.js';
import { resolveMiningAccount, withAccountsHint } from './mining-run.js';

const DEFAULT_TIMEOUT_S = 10;
/** An audit of every sub-account's keys: ~47 s for 1,000 sub-accounts with three keys each. */
const SUBACCOUNTS_TIMEOUT_S = 120;

const timeoutOf = (values: ParsedValues, scope: string) =>
  numberFlag(values, 'timeout', { min: 1, max: 3600 }) ??
  (scope === 'subaccounts' ? SUBACCOUNTS_TIMEOUT_S : DEFAULT_TIMEOUT_S);

/** Runs the plugin and returns its exit code; never throws. */
export async function runCheck(
  argv: string[],
  io: CommandIO,
  command: Pick<CommandModule, 'options' | 'help'>,
): Promise<number> {
  const json = argv.includes('--json');
  let scope = 'check';
  const emit = (result: CheckResult): number => {
    io.stdout(json ? jsonResult(result, io.terminal) : statusLine(result, io.terminal));
    return EXIT_CODES[result.status];
  };
  const unknown = (error: unknown): number => {
    if (isDebug(io.env)) reportError(error, io);
    return emit({ status: 'unknown', scope, metrics: [], message: messageOf(error, io.terminal) });
  };

  let values: ParsedValues;
  let timeoutS: number;
  let thresholds: ScopeThresholds;
  try {
    const parsed = parseFlags(argv, command.options, 1);
    values = parsed.values;
    if (values.help) {
      io.stdout(`${command.help}\n`);
      return 0;
    }
    scope = parsed.positionals[0] ?? 'pool';
    if (!(SCOPES as readonly string[]).includes(scope)) {
      throw new PooltopError('config', `unknown check '${clip(scope)}': use pool, mining or subaccounts`);
    }
    const account = stringFlag(values, 'account');
    if (account !== undefined && scope !== 'mining') {
      throw new PooltopError('config', '--account applies to check mining only');
    }
    timeoutS = timeoutOf(values, scope);
    if (values.idle !== undefined) {
      if (scope !== 'subaccounts')
        throw new PooltopError('config', '--idle applies to check subaccounts only');
      idleSeconds(values);
    }
    if (values.search !== undefined && scope !== 'subaccounts') {
      throw new PooltopError('config', '--search applies to check subaccounts only');
    }
    if (values['gone-after'] !== undefined) {
      if (scope !== 'mining') throw new PooltopError('config', '--gone-after applies to check mining only');
      goneAfterS(values);
    }
    const fromFlags = thresholdsFromFlags(scope as Scope, {
      warning: stringFlags(values, 'warning'),
      critical: stringFlags(values, 'critical'),
    });
    thresholds = withOverrides(loadPreferences(io.env).thresholds[scope as Scope] ?? {}, fromFlags);
  } catch (error) {
    return unknown(error);
  }
  const deadline = new AbortController();
  const linked = linkSignals(io.signal, deadline.signal);
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const error = new PooltopError('timeout', `no answer within ${timeoutS} s (--timeout)`);
      deadline.abort(error);
      reject(error);
    }, timeoutS * 1000);
  });
  try {
    const read =
      scope === 'mining'
        ? readMiningMetrics
        : scope === 'subaccounts'
          ? readSubAccountMetrics
          : readPoolMetrics;
    const { metrics, account } = await Promise.race([
      read(values, { ...io, signal: linked.signal }, thresholds),
      expired,
    ]);
    // An answer with none of the checked fields is no verdict, not OK (with or without thresholds).
    if (metrics.every((m) => m.value === undefined)) {
      const message = 'no data: the answer held none of the fields checked';
      return emit({ status: 'unknown', scope, account, metrics: [], message });
    }
    return emit({ status: worst(metrics.map((m) => m.status)), scope, account, metrics });
  } catch (error) {
    if (io.signal.aborted) {
      // Still a plugin's answer (UNKNOWN, 3), not a shell's 130/143: the monitor reads 0–3 only.
      const reason = io.signal.reason;
      return unknown(new PooltopError('network', reason instanceof Error ? reason.message : 'interrupted'));
    }
    return unknown(deadline.signal.aborted ? deadline.signal.reason : error);
  } finally {
    clearTimeout(timer);
    linked.dispose();
  }
}

interface Read {
  metrics: MetricResult[];
  /** The mining account checked. */
  account?: string;
}

const nowSec = () => Math.floor(Date.now() / 1000);

/** Settings and a client for one read; closed after it. */
async function withContext<T>(
  values: ParsedValues,
  io: CommandIO,
  read: (ctx: CommandContext) => Promise<T>,
  scope = 'pool',
) {
  // The context's deadline keeps a retry wait (a long Retry-After) from reaching past --timeout.
  const ctx = await createContext(values, io, { timeoutS: timeoutOf(values, scope), notices: true });
  try {
    return await read(ctx);
  } catch (error) {
    throw namingRefusedKey(error, ctx);
  } finally {
    await ctx.close();
  }
}

function readPoolMetrics(values: ParsedValues, io: CommandIO, thresholds: ScopeThresholds): Promise<Read> {
  return withContext(values, io, async (ctx) => {
    const pool = await ctx.client.getMiningPool({ signal: io.signal });
    return { metrics: evaluateMetrics(POOL_METRICS, readPool(pool), thresholds, nowSec()) };
  });
}

/** The account as `pooltop mining` finds it, then miners/info and the 24-hour series at once. */
function readMiningMetrics(values: ParsedValues, io: CommandIO, thresholds: ScopeThresholds): Promise<Read> {
  return withContext(values, io, async (ctx) => {
    const account = await resolveMiningAccount(ctx, io.signal);
    const call = { signal: io.signal };
    const [info, series] = await Promise.all([
      ctx.client.mining.minerInfo({ account }, call),
      ctx.client.mining.hashrate(miningSeriesQuery(account, nowSec()), call),
    ]).catch(async (error: unknown) => {
      throw await withAccountsHint(error, ctx, io.signal);
    });
    const readings = readMining(account, info, series);
    // Only a threshold on workers_gone pays for the whole listing (a page per 100 workers).
    if (thresholds.workers_gone) {
      const { goneCount } = await import('./mining-gone.js');
      readings.workersGone = await goneCount(ctx, io, account, goneAfterS(values));
    }
    // workers_gone is measured only when asked for (above), so only then reported.
    const defs = MINING_METRICS.filter((m) => m.key !== 'workers_gone' || thresholds.workers_gone);
    return { metrics: evaluateMetrics(defs, readings, thresholds, nowSec()), account };
  });
}

/**
 * Every sub-account's keys audited (as `pooltop audit keys`) and every withdrawal awaiting the
 * main account, counted; with `--search`, only the sub-accounts it finds and their withdrawals.
 * An audit that is not whole (an account's keys could not be fetched, a list past the API's
 * reach) is no verdict: a count it gives could be short.
 */
function readSubAccountMetrics(
  values: ParsedValues,
  io: CommandIO,
  thresholds: ScopeThresholds,
): Promise<Read> {
  return withContext(
    values,
    io,
    async (ctx) => {
      const search = stringFlag(values, 'search');
      const [audit, withdrawals] = await Promise.all([
        auditAllKeys(ctx.client, {
          idleSeconds: idleSeconds(values),
          search,
          signal: io.signal,
          deadline: ctx.deadline?.at,
          queue: ctx.queue,
        }),
        allUnconfirmed(ctx.client.oversight, io.signal),
      ]);
      if (!audit.complete && !audit.cancelled) {
        const why =
          audit.failed > 0
            ? `the keys of ${audit.failed} of ${audit.accounts} sub-accounts could not be fetched (${audit.lastError?.message ?? 'unknown error'})`
            : 'the sub-account list goes past what the API pages to';
        throw new PooltopError('api', `incomplete audit: ${why}`);
      }
      const found =
        search === undefined || !withdrawals
          ? withdrawals
          : withdrawals.filter((w) => w.subAccountId !== null && audit.ids.has(w.subAccountId));
      const readings = readSubAccounts(audit.rows, found ?? null);
      return { metrics: evaluateMetrics(SUBACCOUNT_METRICS, readings, thresholds, nowSec()) };
    },
    'subaccounts',
  );
}

function messageOf(error: unknown, term: TextTarget): string {
  if (isPooltopError(error)) return error.message;
  return sanitize(
    `unexpected error: ${oneLine(error instanceof Error ? error.message : String(error))}`,
    term,
  );
}

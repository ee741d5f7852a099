import { PooltopError } from './errors/pooltop-error.js';
import { LIMIT_MAX, LIMIT_MIN, OFFSET_MAX, OFFSET_MIN } from './api/types.js';
import { type CommandContext, type ContextOptions, createContext, namingRefusedKey } from './cli/context.js';
import { HELP } from './cli/help.js';
import { type Command, commandFirst, invocationOf } from './cli/mode.js';
import {
  clip,
  COMMON_OPTIONS,
  intFlag,
  ONE_SHOT_OPTIONS,
  timeoutFlag,
  type OptionSpecs,
  type ParsedValues,
  parseFlags,
  stringFlag,
} from './cli/parse.js';
import { reportError } from './errors/report-error.js';
import { type CommandIO, interruptedCode } from './cli/io.js';
import { asciiOutput } from './format/ascii.js';
import { detectTerminal, setTerminal, terminal } from './terminal/capabilities.js';
import { VERSION } from './version.js';

/**
 * `accounts --all`'s default `--timeout`: the whole list is up to 101 pages, paced under 50 a
 * second, which a slow server may stretch well past one request's 30 s.
 */
const ALL_TIMEOUT_S = 300;
/** `--all --balances` asks once more per account, paced: 10,100 accounts take minutes. */
const ALL_BALANCES_TIMEOUT_S = 1800;

const JSON_FLAG: OptionSpecs = { json: { type: 'boolean' } };
const ALL_FLAGS: OptionSpecs = {
  all: { type: 'boolean' },
  ndjson: { type: 'boolean' },
  csv: { type: 'boolean' },
  sort: { type: 'string' },
  filter: { type: 'string' },
  balances: { type: 'boolean' },
};

/** Runs one invocation and returns its exit code; never throws. */
export async function main(argv: string[], commandIO: CommandIO): Promise<number> {
  setTerminal(detectTerminal(commandIO.env, terminalFlags(argv)));
  const io = terminal().unicode ? commandIO : asciiIO(commandIO);
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (io.signal.aborted) return interruptedCode(io.signal);
    return reportError(error, io.stderr, io.env);
  }
}

/** `--ascii` and `--no-color`, read before the command's own strict parse (which rejects misuse). */
function terminalFlags(argv: string[]): { ascii: boolean; noColor: boolean } {
  const end = argv.indexOf('--');
  const flags = end === -1 ? argv : argv.slice(0, end);
  return { ascii: flags.includes('--ascii'), noColor: flags.includes('--no-color') };
}

/** On a terminal that is not UTF-8, nothing but ASCII leaves (format/ascii.ts). */
function asciiIO(io: CommandIO): CommandIO {
  return {
    ...io,
    stdout: (text) => io.stdout(asciiOutput(text)),
    stderr: (text) => io.stderr(asciiOutput(text)),
  };
}

async function dispatch(given: string[], io: CommandIO): Promise<number> {
  // Flags mean the same before the command as after it: `pooltop --demo pool` is `pooltop pool --demo`.
  const argv = commandFirst(given);
  const [first, ...rest] = argv;
  const invocation = invocationOf(argv);
  if (invocation === 'version') {
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  if (first === undefined || invocation === 'dashboard') return runDashboardCommand(argv, io);
  if (invocation === 'unknown') {
    return reportError(
      usageError(`unknown command '${clip(first)}' (see pooltop --help)`),
      io.stderr,
      io.env,
    );
  }
  const command: Command = invocation;
  if (command === 'help') {
    const topic = rest[0] && rest[0] in HELP ? rest[0] : 'main';
    io.stdout(`${HELP[topic]}\n`);
    return 0;
  }
  if (command === 'serve') {
    const { runServe, SERVE_OPTIONS } = await import('./commands/serve.js');
    const { values } = parseFlags(rest, SERVE_OPTIONS);
    if (values.help) return printHelp(io, 'serve');
    return runServe(values, io);
  }
  if (command === 'check') {
    // A monitoring plugin: its own output contract and exit codes (0–3), even for bad arguments.
    const { runCheck } = await import('./commands/check.js');
    return runCheck(rest, io);
  }
  if (command === 'exporter') {
    const { EXPORTER_OPTIONS, exporterFlags, runExporter } = await import('./commands/exporter.js');
    const { values } = parseFlags(rest, EXPORTER_OPTIONS);
    if (values.help) return printHelp(io, 'exporter');
    const flags = exporterFlags(values);
    // Only `--once` is a one-shot command with a deadline; the server runs until stopped.
    const once = flags.once ? { timeoutS: timeoutFlag(values), notices: true } : {};
    return withContext(values, io, (ctx) => runExporter(ctx, io, flags), { retries: 0, ...once });
  }
  if (command === 'pool') {
    const { values } = parseFlags(rest, { ...ONE_SHOT_OPTIONS, ...JSON_FLAG });
    if (values.help) return printHelp(io, 'pool');
    const oneShot = { timeoutS: timeoutFlag(values), notices: true };
    const { runPool } = await import('./commands/pool.js');
    return withContext(values, io, (ctx) => runPool(ctx, io, { json: values.json === true }), oneShot);
  }
  if (command === 'accounts') {
    const spec = {
      ...ONE_SHOT_OPTIONS,
      ...JSON_FLAG,
      search: { type: 'string' },
      limit: { type: 'string' },
      offset: { type: 'string' },
      ...ALL_FLAGS,
      ticker: { type: 'string' },
    } as const;
    const { values, positionals } = parseFlags(rest, spec, 2);
    if (values.help) return printHelp(io, 'accounts');
    if (positionals.length > 0) {
      // `accounts balances ID|ALIAS`: checked whole before any setting is resolved.
      const { parseBalancesArgs, runAccountBalances } = await import('./commands/account-balances.js');
      const request = parseBalancesArgs(positionals, values);
      return withContext(values, io, (ctx) => runAccountBalances(ctx, io, request), {
        timeoutS: timeoutFlag(values),
        notices: true,
      });
    }
    if (values.ticker !== undefined && values.balances !== true) {
      throw usageError('--ticker goes with --all --balances or accounts balances ID');
    }
    const all = Object.keys(ALL_FLAGS).some((f) => values[f] !== undefined)
      ? (await import('./commands/accounts-all-options.js')).parseAllOptions(values)
      : undefined;
    if (all) {
      const timeoutS = timeoutFlag(values, all.balances ? ALL_BALANCES_TIMEOUT_S : ALL_TIMEOUT_S);
      const { runAccountsAll } = await import('./commands/accounts-all.js');
      // The loader retries each page itself (and paces every page), so the client does not; it
      // draws its own progress on a terminal.
      return withContext(values, io, (ctx) => runAccountsAll(ctx, io, all), { retries: 0, timeoutS });
    }
    // Bounds are checked here, before any setting is resolved or any request is sent.
    const query = {
      search: stringFlag(values, 'search'),
      limit: intFlag(values, 'limit', { min: LIMIT_MIN, max: LIMIT_MAX }),
      offset: intFlag(values, 'offset', { min: OFFSET_MIN, max: OFFSET_MAX }),
    };
    const oneShot = { timeoutS: timeoutFlag(values), notices: true };
    const { runAccounts } = await import('./commands/accounts.js');
    return withContext(
      values,
      io,
      (ctx) => runAccounts(ctx, io, { ...query, json: values.json === true }),
      oneShot,
    );
  }
  if (command === 'mining') {
    const { MINING_OPTIONS, parseMiningArgs } = await import('./commands/mining-args.js');
    const { values, positionals } = parseFlags(
      rest,
      { ...ONE_SHOT_OPTIONS, ...JSON_FLAG, ...MINING_OPTIONS },
      1,
    );
    if (values.help) return printHelp(io, 'mining');
    // Every bound is checked here, before any setting is resolved or any request is sent.
    const request = parseMiningArgs(positionals[0], values, Date.now());
    const oneShot = { timeoutS: timeoutFlag(values), notices: true };
    const { runMining } = await import('./commands/mining.js');
    return withContext(values, io, (ctx) => runMining(ctx, io, request), oneShot);
  }
  const { values, positionals } = parseFlags(rest, { ...ONE_SHOT_OPTIONS, ...JSON_FLAG }, 1);
  if (values.help) return printHelp(io, 'auth');
  const timeoutS = timeoutFlag(values);
  const sub = positionals[0];
  if (sub !== 'refresh' && sub !== 'status' && sub !== 'restore') {
    throw usageError(
      sub
        ? `unknown auth command '${clip(sub)}': use refresh, status or restore`
        : 'auth needs a command: refresh, status or restore',
    );
  }
  const { runAuth } = await import('./commands/auth.js');
  return withContext(
    values,
    io,
    (ctx) =>
      runAuth(
        sub,
        { json: values.json === true },
        { config: ctx.config, client: ctx.client, io, deadline: ctx.deadline?.at },
      ),
    { retries: 0, timeoutS, notices: true },
  );
}

async function runDashboardCommand(argv: string[], io: CommandIO): Promise<number> {
  const spec = {
    ...COMMON_OPTIONS,
    interval: { type: 'string' },
    account: { type: 'string' },
    notify: { type: 'boolean' },
  } as const;
  // --ascii and --no-color were read at start (terminalFlags): the terminal is decided once.
  const { values } = parseFlags(argv, spec);
  if (values.help) return printHelp(io, 'main');
  const intervalSec = intFlag(values, 'interval', { min: 1, max: 86400 }) ?? 10;
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw usageError('the dashboard needs an interactive terminal; for scripts use `pooltop pool --json`');
  }
  const caps = terminal();
  if (caps.dumb) {
    const term = caps.term === '' ? 'a terminal without TERM' : `TERM=${clip(caps.term)}`;
    throw usageError(`no dashboard on ${term} (it cannot move the cursor); try \`pooltop pool\``);
  }
  const color = caps.color !== 'none';
  // Thresholds for the dashboard's alerts; a broken file is one line and exit 2, like check's.
  const { loadPreferences } = await import('./alerts/preferences.js');
  const preferences = loadPreferences(io.env);
  const alerts = {
    thresholds: preferences.thresholds,
    notify: values.notify === true,
    multiplexer: caps.multiplexer,
    preferencesPath: preferences.path,
  };
  return withContext(
    values,
    io,
    async (ctx) => {
      // The first pool poll goes out before the dashboard's modules (Ink, React, the views) are
      // loaded, so it travels while they load; the pool hook takes it over (ui/pool/use-pool-overview.ts).
      const firstPoll = ctx.client.getMiningPool({ signal: io.signal });
      firstPoll.catch(() => {}); // a failure is the dashboard's to report, once it has taken over
      const { runDashboard } = await import('./ui/run-dashboard.js');
      const { diagnosticsFromEnv } = await import('./ui/diagnostics.js');
      const diagnostics = diagnosticsFromEnv(io.env);
      return runDashboard({
        client: ctx.client,
        config: ctx.config,
        demo: ctx.demo,
        intervalSec,
        color,
        colorDepth: caps.color,
        alerts,
        diagnostics,
        firstPoll,
      });
    },
    // While the dashboard owns the screen, console output is held and printed on the way out.
    { retries: 0, debugLine: (line) => console.error(line) },
  );
}

async function withContext(
  values: ParsedValues,
  io: CommandIO,
  run: (ctx: CommandContext) => Promise<number>,
  options: ContextOptions = {},
): Promise<number> {
  const ctx = await createContext(values, io, options);
  try {
    return await run(ctx);
  } catch (error) {
    throw namingRefusedKey(error, ctx);
  } finally {
    await ctx.close();
  }
}

function printHelp(io: CommandIO, topic: string): number {
  io.stdout(`${HELP[topic]}\n`);
  return 0;
}

function usageError(message: string): PooltopError {
  return new PooltopError('config', message);
}

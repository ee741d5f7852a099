/**
 * The command table: every command pooltop has, by the word that selects it. Each entry is one
 * module exporting its name, flags, --help and run (support/command.ts); cli.ts looks the word up.
 */
import { accounts } from './accounts.js';
import { audit } from './audit.js';
import { auth } from './auth.js';
import { check } from './check.js';
import { dashboard } from './dashboard.js';
import { exporter } from './exporter.js';
import { history } from './history.js';
import { watch } from './watch.js';
import { mining } from './mining.js';
import { pool } from './pool.js';
import { report } from './report.js';
import { serve } from './serve.js';
import type { CommandModule } from './support/command.js';
import type { CommandName } from './support/mode.js';

export { dashboard };

/** Every --help text by topic: `main` is pooltop's own (`pooltop --help`), the rest one command's. */
export const HELP: Readonly<Record<string, string>> = {
  main: dashboard.help,
  pool: pool.help,
  accounts: accounts.help,
  audit: audit.help,
  mining: mining.help,
  auth: auth.help,
  check: check.help,
  exporter: exporter.help,
  watch: watch.help,
  history: history.help,
  serve: serve.help,
  report: report.help,
};

const help: CommandModule = {
  name: 'help',
  summary: 'help for pooltop or for one command',
  options: {},
  help: dashboard.help,
  async run(args, io) {
    const topic = args[0] !== undefined && Object.hasOwn(HELP, args[0]) ? args[0] : 'main';
    io.stdout(`${HELP[topic]}\n`);
    return 0;
  },
};

export const COMMANDS: Readonly<Record<CommandName, CommandModule>> = {
  pool,
  accounts,
  audit,
  mining,
  auth,
  serve,
  check,
  exporter,
  watch,
  history,
  report,
  help,
};

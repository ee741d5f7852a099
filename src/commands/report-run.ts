/**
 * `pooltop report`: the statement of a window for one account or every account, built once
 * (report/statement.ts) from the history and the contract terms, then written in the format
 * asked to stdout or, atomically, to `--out`. With `--demo` the history is the embedded
 * service's (report/demo-input.ts); otherwise the profile's history store.
 */
import { loadPreferences } from '../alerts/preferences.js';
import { writeFileDurable } from '../config/atomic-write.js';
import { errnoCode } from '../config/config-file.js';
import { PooltopError } from '../errors/pooltop-error.js';
import { KEEP_UNICODE, sanitizeLine } from '../format/sanitize.js';
import { statementInputFromStore } from '../report/history-queries.js';
import { buildStatement } from '../report/statement.js';
import { checkTerms, type TermsTable, termsFor, termsFromToml } from '../report/terms.js';
import type { LinkInfo, Statement, StatementInput } from '../report/types.js';
import { statementCsv } from '../report/write-csv.js';
import { statementHtml } from '../report/write-html.js';
import { statementJson } from '../report/write-json.js';
import { statementMarkdown } from '../report/write-markdown.js';
import { safeJsonText } from './json-output.js';
import type { ReportRequest } from './report-args.js';
import { openReportStore } from './report-store.js';
import { type CommandContext, createContext } from './support/context.js';
import type { CommandIO } from './support/io.js';
import type { ParsedValues } from './support/parse.js';

const WRITE_PROBLEMS: Readonly<Record<string, string>> = {
  ENOENT: 'no such directory',
  ENOTDIR: 'a part of the path is not a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a directory',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  EROFS: 'read-only file system',
  EIO: 'input/output error',
};

/** The statement in one format, as chunks of text written one after another: every format from the one Statement. */
function renderStatement(s: Statement, req: ReportRequest, io: CommandIO): string[] {
  switch (req.format) {
    case 'csv':
      return statementCsv(s, req.table);
    case 'json':
      return statementJson(s).map((chunk) => safeJsonText(chunk, io.terminal));
    case 'html':
      return [statementHtml(s)];
    case 'md':
      return [statementMarkdown(s)];
  }
}

async function demoInput(
  req: ReportRequest,
  nowMs: number,
): Promise<{ input: StatementInput; terms: TermsTable }> {
  const { createMiningModel } = await import('../service/mining-model.js');
  const { demoHistory, demoTerms } = await import('../report/demo-input.js');
  // The demo service's own accounts: its defaults (seed 1, 3 accounts of 40 workers).
  const model = createMiningModel({ seed: 1, accounts: 3, workers: 40, startMs: nowMs });
  let names: string[] = [];
  if (req.account !== undefined) {
    if (!model.find(req.account)) {
      throw new PooltopError(
        'config',
        `the demo has no mining account '${sanitizeLine(req.account, KEEP_UNICODE).slice(0, 40)}'`,
      );
    }
    names = [req.account];
  } else if (!req.allAccounts) {
    names = [model.accounts[0]?.name ?? ''];
  }
  return {
    input: { accounts: demoHistory(model, names, req.window, Math.floor(nowMs / 1000)) },
    terms: demoTerms(model),
  };
}

async function storeInput(
  values: ParsedValues,
  io: CommandIO,
  req: ReportRequest,
  use: (input: StatementInput) => Promise<number>,
): Promise<number> {
  const ctx: CommandContext = await createContext(values, io, { timeoutS: 30 });
  try {
    const opened = openReportStore(ctx, io.env, (line) => io.stderr(`pooltop: ${line}\n`));
    if ('unavailable' in opened) throw new PooltopError('storage', `report: ${opened.unavailable}`);
    try {
      const accounts = req.allAccounts
        ? (await ctx.client.mining.accounts({}, { signal: ctx.deadline?.signal })).items.map((a) => a.name)
        : [req.account ?? ctx.config.miningAccount ?? ''];
      const links = new Map<string, LinkInfo[]>();
      for (const account of accounts) {
        const list = await ctx.client.mining.watcherLinks({ account }, { signal: ctx.deadline?.signal });
        links.set(
          account,
          list.map((l) => ({
            name: l.name,
            link: l.link,
            permissions: l.permissions,
            liveUntil: l.liveUntil,
          })),
        );
      }
      return await use(
        statementInputFromStore(opened.store, accounts, req.window, (a) => links.get(a) ?? []),
      );
    } finally {
      opened.close();
    }
  } finally {
    await ctx.close();
  }
}

async function output(
  text: readonly string[],
  req: ReportRequest,
  s: Statement,
  io: CommandIO,
): Promise<number> {
  if (req.out === undefined) {
    for (const chunk of text) io.stdout(chunk);
    return 0;
  }
  try {
    await writeFileDurable(req.out, text);
  } catch (e) {
    const code = errnoCode(e) ?? '';
    const why = WRITE_PROBLEMS[code] ?? (code || 'unknown error');
    throw new PooltopError('storage', `cannot write ${sanitizeLine(req.out, KEEP_UNICODE)}: ${why}`, {
      cause: e,
    });
  }
  const n = s.accounts.length;
  io.stdout(
    `${sanitizeLine(req.out, io.terminal)}: ${req.format} statement of ${n} account${n === 1 ? '' : 's'}, ${s.window.label}\n`,
  );
  return 0;
}

export async function runReport(
  values: ParsedValues,
  io: CommandIO,
  req: ReportRequest,
  nowMs: number,
): Promise<number> {
  const preferences = loadPreferences(io.env);
  const fileTerms = termsFromToml(preferences.report, preferences.path);
  const make = async (input: StatementInput, terms: TermsTable) => {
    const termsOf = (account: string) => {
      const t = termsFor(terms, req.termFlags, account);
      checkTerms(t, account);
      return t;
    };
    const source = values.demo === true ? 'demo service' : 'history store';
    const statement = buildStatement(input, termsOf, req.window, {
      source,
      generatedAt: Math.floor(nowMs / 1000),
    });
    return output(renderStatement(statement, req, io), req, statement, io);
  };
  if (values.demo === true) {
    const demo = await demoInput(req, nowMs);
    // The file's terms, where it has any, over the demo's own.
    const merged: TermsTable = {
      defaults: { ...demo.terms.defaults, ...fileTerms.defaults },
      accounts: { ...demo.terms.accounts, ...fileTerms.accounts },
    };
    return make(demo.input, merged);
  }
  return storeInput(values, io, req, (input) => make(input, fileTerms));
}

import { type CommandModule, printHelp, usageError, withContext } from './support/command.js';
import { CONFIG_FLAGS } from './support/help-text.js';
import { clip, ONE_SHOT_OPTIONS, parseFlags, timeoutFlag } from './support/parse.js';

export const auth: CommandModule = {
  name: 'auth',
  summary: 'OAuth token refresh and stored session',
  options: { ...ONE_SHOT_OPTIONS, json: { type: 'boolean' } },
  help: `Usage: pooltop auth refresh|status|restore [--json] [configuration flags]

  refresh   exchange the refresh token for a new token set (stored durably, mode 0600)
            --json prints {"data": <token set>} including the tokens
  status    show what is stored for the profile; tokens are masked
  restore   read a token set from stdin (the line a refresh printed when it could not save
            it, or its fallback file) and store it; sends nothing to the API

${CONFIG_FLAGS}`,
  async run(args, io) {
    const { values, positionals } = parseFlags(args, auth.options, 1);
    if (values.help) return printHelp(io, auth.help);
    const timeoutS = timeoutFlag(values);
    const sub = positionals[0];
    if (sub !== 'refresh' && sub !== 'status' && sub !== 'restore') {
      throw usageError(
        sub
          ? `unknown auth command '${clip(sub)}': use refresh, status or restore`
          : 'auth needs a command: refresh, status or restore',
      );
    }
    const { runAuth } = await import('./auth-run.js');
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
  },
};

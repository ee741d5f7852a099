// pooltop(1), made at build time from the command table (./table.mjs): every --help text goes in
// whole, as it prints, so the man page and --help cannot disagree (test/release/man-page.test.ts
// compares them); the command list comes from each command's name and summary.

/** Text for roff: backslashes and leading dots escaped, minus signs made minus signs, non-ASCII as \[uXXXX]. */
export function roffText(text) {
  return text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .replace(/[^\x00-\x7f]/gu, (c) => `\\[u${c.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}]`)
    .split('\n')
    .map((line) => (/^[.']/.test(line) ? `\\&${line}` : line))
    .join('\n');
}

/** A --help text as it prints: no filling, no adjusting, blank lines kept. */
function verbatim(text) {
  const lines = roffText(text.replace(/\s+$/, ''))
    .split('\n')
    .map((line) => (line === '' ? '.sp' : line));
  return ['.nf', ...lines, '.fi'].join('\n');
}

/**
 * The page: `table` from ./table.mjs, `description` package.json's, `date` YYYY-MM-DD (from
 * SOURCE_DATE_EPOCH, so two builds agree).
 */
export function manPage(table, { version, description, date }) {
  const { COMMANDS, HELP, dashboard, SETTINGS, PROFILE_ENV } = table;
  const out = [
    `.\\" pooltop(1), made by scripts/release/man-page.mjs from the command table; not edited by hand.`,
    `.TH POOLTOP 1 ${date} "pooltop ${version}" "User Commands"`,
    '.SH NAME',
    `pooltop \\- ${roffText(description)}`,
    '.SH SYNOPSIS',
    '.B pooltop',
    '[\\fIFLAGS\\fR]',
    '.br',
    '.B pooltop',
    '\\fICOMMAND\\fR [\\fIFLAGS\\fR]',
    '.SH DESCRIPTION',
    `Without a command, pooltop ${roffText(dashboard.summary.replace(/^open /, 'opens '))}: a live view of the pool, your mining accounts and your sub\\-accounts.`,
    'A command does one thing and exits, or runs as a service (\\fBwatch\\fR, \\fBexporter\\fR).',
    'Flags may come before the command or after it.',
    'Each section below is that command\'s \\fB\\-\\-help\\fR, as it prints.',
    '.SH COMMANDS',
  ];
  for (const command of Object.values(COMMANDS)) {
    out.push('.TP', `.B ${command.name}`, roffText(command.summary));
  }
  out.push('.SH OPTIONS', verbatim(HELP.main));
  for (const [topic, help] of Object.entries(HELP)) {
    if (topic === 'main') continue;
    out.push(`.SS "pooltop ${topic}"`, verbatim(help));
  }
  out.push('.SH ENVIRONMENT');
  for (const setting of SETTINGS) {
    out.push('.TP', `.B ${setting.env}`, `${roffText(setting.label)} (also \\fB${roffText(setting.flag)}\\fR).`);
  }
  const more = [
    [PROFILE_ENV, 'the profile in the config file (also \\fB\\-\\-profile\\fR).'],
    ['NO_COLOR', 'no colours.'],
    ['POOLTOP_STATE_DIR', 'the state directory (default \\fI$XDG_STATE_HOME/pooltop\\fR, \\fI~/.local/state/pooltop\\fR).'],
    ['POOLTOP_CACHE_DIR', 'the code cache\'s directory (default \\fI$XDG_CACHE_HOME/pooltop\\fR, \\fI~/.cache/pooltop\\fR); \\fBPOOLTOP_CODE_CACHE=off\\fR turns it off.'],
    ['DEBUG', '\\fBDEBUG=pooltop\\fR: what happened to the caches and the V8 settings, and stacks of errors, on standard error.'],
  ];
  for (const [name, what] of more) out.push('.TP', `.B ${name}`, what);
  out.push(
    '.SH FILES',
    '.TP',
    '.I ~/.whitebit/config.toml',
    'profiles with credentials (the file the WhiteBIT CLI uses).',
    '.TP',
    '.I ~/.config/pooltop/config.toml',
    'preferences: thresholds, worker rules, notifications ([[notify]]).',
    '.TP',
    '.I /etc/pooltop/credentials',
    'in the Debian package: the environment of the \\fBpooltop\\-watch\\fR and \\fBpooltop\\-exporter\\fR services.',
    '.SH "EXIT STATUS"',
    '0 on success, 1 when a command fails, 2 for a usage error; \\fBcheck\\fR returns the monitoring plugin codes 0\\(en3.',
    '.SH "SEE ALSO"',
    '.BR node (1),',
    '.BR systemctl (1)',
    '.PP',
    'The guides in \\fI/usr/share/doc/pooltop/\\fR (\\fIdocs/\\fR in the archive): usage.md, monitoring.md.',
    '',
  );
  return out.join('\n');
}

import { Box, Text } from 'ink';
import type { Session } from '../../session/session.js';
import { sanitizeLine } from '../../format/sanitize.js';
import { padEnd, truncate } from '../../format/width.js';
import { Spinner } from '../chrome/spinner.js';
import { useDashboard } from '../dashboard-context.js';
import { useKeymap } from '../hooks/use-keymap.js';
import { type SessionState, useSession } from './use-session.js';
import { CredentialHelp } from '../chrome/credential-help.js';
import type { TabProps } from '../tab-props.js';
import { useTheme } from '../theme-context.js';
import { useClock } from '../clock.js';
import { type Row, sessionRows, type Tone } from './session-rows.js';
import { useTerminal, useGlyphs } from '../terminal-context.js';

const LABEL_WIDTH = 16;

/** Tab 4: the OAuth session (scopes, token expiry countdown, refresh now, auto-refresh). */
export function SessionView({ session, ...props }: TabProps & { session?: Session }) {
  const nowMs = useClock();
  const s = useSession(props.visibility === 'hidden', session);
  useKeymap(
    'session',
    { 'refresh-token': () => s.refreshNow(true), 'auto-refresh': () => s.toggleAuto() },
    props.visibility === 'active',
  );
  // The session is kept alive while hidden (use-session.ts) but has nothing to draw then.
  if (props.visibility === 'hidden') return null;
  return <SessionBody {...props} s={s} nowMs={nowMs} />;
}

interface BodyProps extends TabProps {
  s: SessionState;
  nowMs: number;
}

function SessionBody({ width, height, s, nowMs }: BodyProps) {
  const term = useTerminal();
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const { config } = useDashboard();
  const color = (tone: Tone) =>
    ({ normal: undefined, ok: theme.ok, warn: theme.warn, error: theme.error, muted: theme.muted })[tone];
  const inner = Math.max(10, width - 2);
  const heading = (
    <Text bold color={theme.accent} wrap="truncate">
      {truncate(
        `Session · profile ${sanitizeLine(config.profile, term)} · ${sanitizeLine(config.baseUrl, term)}`,
        inner,
        ellipsis,
      )}
    </Text>
  );

  if (!s.status) {
    return (
      <Box flexDirection="column" width={width} height={height} paddingX={1}>
        {heading}
        <Text>
          <Spinner /> Reading the stored session{ellipsis}
        </Text>
        {s.error ? <Text color={theme.error}>{truncate(s.error, inner, ellipsis)}</Text> : null}
      </Box>
    );
  }
  const nothing = !s.configured && !config.refreshToken && !s.status.tokens;
  if (nothing) {
    return (
      <Box flexDirection="column" width={width} height={height} paddingX={1}>
        {heading}
        <Text wrap="wrap">
          No OAuth settings for this profile. To watch and keep alive an OAuth session, give the application's
          client ID and secret and a refresh token (from authorising the application in your WhiteBIT
          account):
        </Text>
        <Box marginY={1}>
          <CredentialHelp keys={['clientId', 'clientSecret', 'refreshToken']} width={inner} />
        </Box>
        <Text color={theme.muted} wrap="wrap">
          Prefer the environment or the config file (mode 0600) to flags: flags are visible in the process
          list.
        </Text>
      </Box>
    );
  }
  const rows: Row[] = sessionRows({ ...s, status: s.status, nowMs, term });
  return (
    <Box flexDirection="column" width={width} height={height} paddingX={1}>
      {heading}
      <Box flexDirection="column" marginTop={1}>
        {rows.map((r) => (
          <Text key={r.label} wrap="truncate">
            <Text color={theme.muted}>{padEnd(r.label, LABEL_WIDTH, ellipsis)}</Text>
            <Text color={color(r.tone)}>{truncate(r.text, inner - LABEL_WIDTH, ellipsis)}</Text>
          </Text>
        ))}
      </Box>
      {s.status.missing.length > 0 ? (
        <Box marginTop={1}>
          <CredentialHelp keys={s.status.missing} width={inner} />
        </Box>
      ) : null}
      <Box marginTop={1} flexDirection="column">
        {s.refreshing ? (
          <Text>
            <Spinner /> Refreshing the token{ellipsis}
          </Text>
        ) : null}
        {s.error ? (
          <Text color={theme.error} wrap="wrap">
            {s.error}
          </Text>
        ) : null}
        <Text color={theme.muted} wrap="truncate">
          R refresh now · a auto-refresh {s.auto ? 'off' : 'on'}
        </Text>
      </Box>
    </Box>
  );
}

import { Box, Text } from 'ink';
import { sanitizeLine } from '../../format/sanitize.js';
import { wrapWords } from '../../format/wrap.js';
import { CredentialHelp } from '../chrome/credential-help.js';
import { useTheme } from '../theme-context.js';
import { useTerminal } from '../terminal-context.js';

export interface CredentialsPanelProps {
  width: number;
  height: number;
  /** The client's own message, when it refused to sign (kind 'config'). */
  message?: string;
  /** What needs them, e.g. "Sub-accounts" (the heading says it needs a key and secret). */
  what?: string;
  /** Why, in a sentence or two. */
  why?: string;
}

const SUB_ACCOUNTS_WHY =
  'Listing sub-accounts is a signed request: pooltop needs an API key allowed to use the sub-account endpoint, and its secret.';

const HOW =
  'Give them as flags (--api-key, --api-secret), as environment variables (WHITEBIT_API_KEY, WHITEBIT_API_SECRET) or as api_key and api_secret in a profile of ~/.whitebit/config.toml, then restart pooltop. To try the dashboard without an account: pooltop --demo.';

/** Shown instead of a tab's content when there are no API credentials: where to give them. */
export function CredentialsPanel({
  width,
  height,
  message,
  what = 'Sub-accounts',
  why = SUB_ACCOUNTS_WHY,
}: CredentialsPanelProps) {
  const term = useTerminal();
  const theme = useTheme();
  // Wrapped here, between words: a line never starts with the space it broke at.
  const inner = Math.max(1, width - 2);
  return (
    <Box flexDirection="column" width={width} height={height} paddingX={1}>
      <Text bold color={theme.accent}>
        {what} need an API key and secret
      </Text>
      {message ? (
        <Text color={theme.warn} wrap="truncate">
          {sanitizeLine(message, term)}
        </Text>
      ) : null}
      {wrapWords(`${why} The rest of the dashboard works without them.`, inner).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
        <Text key={`why${i}`}>{line}</Text>
      ))}
      <Box marginY={1}>
        <CredentialHelp keys={['apiKey', 'apiSecret']} width={width - 2} />
      </Box>
      {wrapWords(HOW, inner).map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
        <Text key={`how${i}`}>{line}</Text>
      ))}
    </Box>
  );
}

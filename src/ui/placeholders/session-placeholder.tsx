import { Box, Text } from 'ink';
import type { TabProps } from '../tab-props.js';
import { useTheme } from '../theme-context.js';
import { CredentialHelp } from './credential-help.js';

/** Tab 3 until the OAuth session view lands (swap it in tabs.ts). */
export function SessionPlaceholder({ width, height }: TabProps) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width} height={height} paddingX={1}>
      <Text bold color={theme.accent}>
        Session
      </Text>
      <Text wrap="wrap">
        This tab will show the OAuth session: granted scopes, when the access token expires and when it is
        refreshed next. It needs an OAuth application and a refresh token:
      </Text>
      <Box marginY={1}>
        <CredentialHelp keys={['clientId', 'clientSecret', 'refreshToken']} width={width - 2} />
      </Box>
      <Text color={theme.muted} wrap="wrap">
        Give them as flags (--client-id, --client-secret, --refresh-token), environment variables
        (WHITEBIT_CLIENT_ID, WHITEBIT_CLIENT_SECRET, WHITEBIT_REFRESH_TOKEN) or client_id/client_secret/
        refresh_token in a profile of ~/.whitebit/config.toml.
      </Text>
    </Box>
  );
}

import { Box, Text } from 'ink';
import type { TabProps } from '../tab-props.js';
import { useTheme } from '../theme-context.js';
import { CredentialHelp } from './credential-help.js';

/** Tab 2 until the sub-accounts view lands (swap it in tabs.ts). */
export function AccountsPlaceholder({ width, height }: TabProps) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={width} height={height} paddingX={1}>
      <Text bold color={theme.accent}>
        Sub-accounts
      </Text>
      <Text wrap="wrap">
        This tab will list the sub-accounts of your WhiteBIT account (alias, status, KYC, permissions), with a
        search filter. It needs an API key allowed to use the sub-account endpoint:
      </Text>
      <Box marginY={1}>
        <CredentialHelp keys={['apiKey', 'apiSecret']} width={width - 2} />
      </Box>
      <Text color={theme.muted} wrap="wrap">
        Give them as flags (--api-key, --api-secret), environment variables (WHITEBIT_API_KEY,
        WHITEBIT_API_SECRET) or api_key/api_secret in a profile of ~/.whitebit/config.toml.
      </Text>
    </Box>
  );
}

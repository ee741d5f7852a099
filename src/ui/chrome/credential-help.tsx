import { Box, Text } from 'ink';
import { SETTINGS, type SettingKey } from '../../config/settings-meta.js';
import { fitWidth } from '../../format/width.js';
import { useDashboard } from '../dashboard-context.js';
import { useTheme } from '../theme-context.js';
import { useGlyphs } from '../terminal-context.js';

/** Where each of `keys` can be given (flag, environment, config file) and whether it is set now; never values. */
export function CredentialHelp({ keys, width }: { keys: readonly SettingKey[]; width: number }) {
  const { ellipsis } = useGlyphs();
  const theme = useTheme();
  const { config } = useDashboard();
  const rows = SETTINGS.filter((m) => keys.includes(m.key));
  const file = config.configPath || '~/.whitebit/config.toml';
  return (
    <Box flexDirection="column" width={width}>
      {rows.map((m) => {
        const source = config.sources[m.key];
        const state = config[m.key] ? `set (${source ?? 'given'})` : 'not set';
        return (
          <Text key={m.key} wrap="truncate">
            {'  '}
            {fitWidth(m.label, 20, 'left', ellipsis)}
            <Text color={config[m.key] ? theme.ok : theme.warn}>{fitWidth(state, 16, 'left', ellipsis)}</Text>
            <Text color={theme.muted}>
              {m.flag} · {m.env} · {m.toml}
            </Text>
          </Text>
        );
      })}
      <Text color={theme.muted} wrap="truncate">
        {'  '}Config file: {file}, profile [{config.profile}] (choose with --profile).
      </Text>
    </Box>
  );
}

import { Box, Text } from 'ink';
import type { SubAccount } from '../../api/types.js';
import { textOr, yesNo } from '../../format/placeholder.js';
import { padEnd, truncate } from '../../format/width.js';
import { useTheme } from '../theme-context.js';
import { kycRole, type Role, roleColor, statusRole } from './account-cells.js';
import { useGlyphs, useTerminal } from '../terminal-context.js';
import type { TextTarget } from '../../format/sanitize.js';

/** Rows the pane takes: a border line above and below, a title, one line per field. */
export const DETAIL_HEIGHT = 13;

interface Field {
  label: string;
  value: string;
  role?: Role;
}

function fields(a: SubAccount, term: TextTarget): Field[] {
  return [
    { label: 'Alias', value: textOr(a.alias, term) },
    { label: 'ID', value: textOr(a.id, term) },
    { label: 'User ID', value: textOr(a.userId, term) },
    { label: 'Email (masked)', value: textOr(a.email, term) },
    { label: 'Status', value: textOr(a.status, term), role: statusRole(a.status) },
    { label: 'KYC status', value: textOr(a.kyc?.kycStatus, term), role: kycRole(a.kyc?.kycStatus) },
    { label: 'KYC shared', value: yesNo(a.kyc?.shareKyc) },
    { label: 'Spot trading', value: yesNo(a.permissions?.spotEnabled) },
    { label: 'Collateral', value: yesNo(a.permissions?.collateralEnabled) },
    { label: 'Colour', value: textOr(a.color, term) },
  ];
}

export interface AccountDetailProps {
  account: SubAccount;
  /** Row number in the whole list (1-based). */
  row: number;
  width: number;
  swatch: string | undefined;
}

/** Every field of one sub-account, in a bordered pane under the table. */
export function AccountDetail({ account, row, width, swatch }: AccountDetailProps) {
  const term = useTerminal();
  const glyphs = useGlyphs();
  const { ellipsis } = glyphs;
  const theme = useTheme();
  const labelWidth = 15;
  const valueWidth = Math.max(1, width - 4 - labelWidth - 1);
  return (
    <Box
      flexDirection="column"
      width={width}
      height={DETAIL_HEIGHT}
      borderStyle={glyphs.border}
      borderColor={theme.muted}
      paddingX={1}
    >
      <Text bold wrap="truncate">
        {truncate(`Sub-account, row ${row}`, Math.max(1, width - 30), ellipsis)}
        <Text color={theme.muted}> · Esc closes · y copies the id</Text>
      </Text>
      {fields(account, term).map((f) => (
        <Text key={f.label} wrap="truncate">
          <Text color={theme.muted}>{padEnd(f.label, labelWidth, ellipsis)}</Text>{' '}
          <Text color={roleColor(theme, f.role)}>{truncate(f.value, valueWidth, ellipsis)}</Text>
          {f.label === 'Colour' && swatch ? <Text color={swatch}> ██</Text> : null}
        </Text>
      ))}
    </Box>
  );
}

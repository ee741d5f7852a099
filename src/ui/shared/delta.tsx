import { Text } from 'ink';
import { useTheme } from '../theme-context.js';

export interface DeltaProps {
  value: number | undefined;
  format: (n: number) => string;
  /** A rise is bad news (workers offline): red up, green down. */
  upIsBad?: boolean;
}

/** ▲ / ▼ with the size of the change, as text (colour only repeats it). */
export function Delta({ value, format, upIsBad = false }: DeltaProps) {
  const theme = useTheme();
  if (value === undefined) return null;
  if (value === 0) return <Text color={theme.muted}> ±0</Text>;
  return (
    <Text color={value > 0 !== upIsBad ? theme.ok : theme.error}>
      {' '}
      {value > 0 ? '▲' : '▼'} {format(Math.abs(value))}
    </Text>
  );
}

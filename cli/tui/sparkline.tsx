/**
 * A bar chart in one line of block characters, scaled to the largest value shown: enough to see
 * an ARG grow and shrink across refinements without a charting library in the terminal.
 */
import { Text } from 'ink';

const BARS = '▁▂▃▄▅▆▇█';

export function sparkline(values: readonly number[], width: number): string {
  const shown = values.slice(-width);
  const max = Math.max(1, ...shown);
  return shown.map((x) => BARS[Math.min(BARS.length - 1, Math.floor((x / max) * (BARS.length - 1)))]!).join('');
}

export function Sparkline({ values, width }: { values: readonly number[]; width: number }) {
  if (values.length === 0) return null;
  const shown = values.slice(-width);
  return (
    <Text>
      <Text color="cyan">{sparkline(shown, width)}</Text>
      <Text dimColor> max {Math.max(...shown)}, last {shown[shown.length - 1]}</Text>
    </Text>
  );
}

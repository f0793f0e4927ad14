/** "1 latch", "2 latches", "3 properties": counts in model summaries. */
export function plural(n: number, word: string): string {
  if (n === 1) return `${n} ${word}`;
  if (word.endsWith('y')) return `${n} ${word.slice(0, -1)}ies`;
  if (word.endsWith('ch')) return `${n} ${word}es`;
  return `${n} ${word}s`;
}

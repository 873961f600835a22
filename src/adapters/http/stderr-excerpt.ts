const TAIL_LINES = 3;
const LINE_CHARS = 200;

/** Stack frames, Node's version banner, caret markers and lone brackets say nothing by themselves. */
const NOISE = [/^at\s/, /^Node\.js v/, /^\^+$/, /^[{}[\](),;]+$/, /^File ".*", line \d+/];

/** `Error: …`, `TypeError …`, `ModuleNotFoundError: …`, `FATAL …`, `npm ERR! …`, `… error: …`. */
const ERRORISH = [
  /^(?:uncaught\s+)?[\w$.]*(?:error|exception)\b/i,
  /^(?:fatal|panic|critical)\b/i,
  /\b(?:error|err!|fatal)\s*:/i,
];

/**
 * The lines of a process's stderr worth showing on one line: the first that reads like an error
 * (Node prints `Error: Cannot find module …` above a stack and a `code:` block) and the last
 * three, in order, with `…` between them where lines were left out; each cut to 200 characters.
 * Undefined when nothing meaningful was written.
 */
export function stderrExcerpt(stderr: string): string | undefined {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !NOISE.some((n) => n.test(l)));
  if (lines.length === 0) return undefined;
  const tailFrom = Math.max(0, lines.length - TAIL_LINES);
  const first = lines.findIndex((l) => ERRORISH.some((e) => e.test(l)));
  const shown: string[] = [];
  if (first !== -1 && first < tailFrom) {
    shown.push(cut(lines[first] as string));
    if (first + 1 < tailFrom) shown.push('…');
  }
  for (const line of lines.slice(tailFrom)) shown.push(cut(line));
  return shown.join(' | ');
}

/** The excerpt as a sentence of a message. */
export function describeStderr(stderr: string): string {
  const excerpt = stderrExcerpt(stderr);
  return excerpt === undefined
    ? 'It wrote nothing to stderr.'
    : `Its stderr ended with: ${excerpt}.`;
}

function cut(line: string): string {
  return line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS)}…` : line;
}

import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** One ```ts block of a Markdown file. */
export interface Snippet {
  /** The Markdown file, relative to the repository. */
  readonly doc: string;
  /** The line of the block's first code line in the Markdown file (1-based). */
  readonly line: number;
  /** The file name it is checked as: its `// name.ts` first line, else snippet-<line>.ts. */
  readonly name: string;
  readonly code: string;
}

const BLOCK = /^```(?:ts|typescript)\n([\s\S]*?)^```$/gm;
const NAMED = /^\/\/ (?:[\w.-]+\/)*([\w.-]+\.m?ts)\b/;

/** Every TypeScript block of `doc`, named so that one block can import another by its name. */
export function snippetsOf(doc: string, root: string): Snippet[] {
  const text = readFileSync(`${root}/${doc}`, 'utf8');
  const snippets: Snippet[] = [];
  for (const match of text.matchAll(BLOCK)) {
    const code = match[1] ?? '';
    const line = text.slice(0, match.index).split('\n').length + 1;
    const named = NAMED.exec(code);
    const name = named?.[1] ? basename(named[1]) : `snippet-${line}.ts`;
    snippets.push({ doc, line, name, code });
  }
  return snippets;
}

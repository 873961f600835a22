import { isAbsolute, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where in a user's own code an error was thrown: the line is unknown for a compiled module. */
export interface UserFrame {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
}

// `    at fn (file:///app/x.ts:10:5)`, `    at /app/x.js:10:5`, `    at async fn (/app/x.ts:3:1)`.
const FRAME = /^\s*at (?:async )?(?:.*? \()?((?:file:\/\/)?[^()]+?):(\d+):(\d+)\)?\s*$/;

// tsx runs a TypeScript file that a CommonJS package imports from a `data:` URL of its compiled
// code, which starts by naming the file: `data:text/javascript,__filename%3D%22%2Fapp%2Fx.ts%22…`.
const DATA_MODULE = 'data:text/javascript,__filename%3D%22';

/**
 * The first frame of `stack` in the user's own code: not Node's internals, not a package under
 * node_modules, not a file under one of `own` (Baton's sources and build). The file is given
 * relative to `cwd` when it is inside it. Undefined when no frame is the user's (a library
 * threw, or the stack was cut before reaching the app).
 */
export function userFrame(
  stack: string,
  own: readonly string[],
  cwd: string,
): UserFrame | undefined {
  for (const text of stack.split('\n')) {
    const compiled = compiledFile(text);
    // A frame is a short line; a long one is a message's, and not worth a scan.
    const m = compiled !== undefined || text.length > 2000 ? null : FRAME.exec(text);
    if (!m && compiled === undefined) continue;
    const [, where = '', line = '', column = ''] = m ?? [];
    const file = compiled ?? pathOf(where);
    if (file === undefined || !isAbsolute(file)) continue;
    if (file.includes(`${sep}node_modules${sep}`)) continue;
    if (own.some((dir) => file.startsWith(dir))) continue;
    const shown = relative(cwd, file);
    return {
      file: shown.startsWith('..') || isAbsolute(shown) ? file : shown,
      // The compiled code's lines are not the file's: say the file only.
      ...(m && { line: Number(line), column: Number(column) }),
    };
  }
  return undefined;
}

/** The file a `data:` module frame names (see DATA_MODULE), if `text` is one. */
function compiledFile(text: string): string | undefined {
  const at = text.indexOf(DATA_MODULE);
  if (at < 0 || !/^\s*at /.test(text)) return undefined;
  const start = at + DATA_MODULE.length;
  const end = text.indexOf('%22', start);
  if (end < 0) return undefined;
  try {
    return decodeURIComponent(text.slice(start, end));
  } catch {
    return undefined;
  }
}

function pathOf(where: string): string | undefined {
  if (where.startsWith('node:')) return undefined;
  if (!where.startsWith('file://')) return where;
  try {
    return fileURLToPath(where);
  } catch {
    return undefined;
  }
}

// Baton's own code, from source (src/) or built (dist/): this file is one folder below either.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OWN = [`${ROOT}src${sep}`, `${ROOT}dist${sep}`];

/**
 * ` (at app/router.ts:42:7)`: where in the user's code `error` was thrown, for a message about
 * it; empty when its stack names no frame of theirs. Never throws.
 */
export function thrownAt(error: unknown): string {
  let stack: unknown;
  try {
    stack = error instanceof Error ? error.stack : undefined;
  } catch {
    return '';
  }
  if (typeof stack !== 'string') return '';
  const frame = userFrame(stack, OWN, process.cwd());
  if (!frame) return '';
  return frame.line === undefined
    ? ` (at ${frame.file})`
    : ` (at ${frame.file}:${frame.line}:${frame.column})`;
}

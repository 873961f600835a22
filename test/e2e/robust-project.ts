import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CONVENTIONS = fileURLToPath(new URL('../../src/public/conventions.ts', import.meta.url));

/** A case a test can run: one customer step, no handoff expected (so it passes when left alone). */
export function quietCase(id: string, title = `case ${id}`): string {
  return [
    `id: ${id}`,
    `title: ${JSON.stringify(title)}`,
    'source: robustness test',
    'participants: { agents: [triage, refunds] }',
    'steps:',
    '  - customer: hello',
    'expect: { handoffs: none }',
    '',
  ].join('\n');
}

/**
 * An implementation whose behaviour per case id is the body of a `switch (info.id)`; `body` may
 * use `emitHandoff` and node's `fs`. Cases not named do nothing (and pass).
 */
export function implementation(cases: Readonly<Record<string, string>>): string {
  const arms = Object.entries(cases)
    .map(([id, body]) => `      case ${JSON.stringify(id)}: { ${body} } break;`)
    .join('\n');
  return [
    `import { emitHandoff } from ${JSON.stringify(CONVENTIONS)};`,
    "import * as fs from 'node:fs';",
    'void emitHandoff; void fs;',
    'export default () => ({',
    '  startCase: (info) => ({',
    '    async handle() {',
    '      switch (info.id) {',
    arms,
    '      }',
    '    },',
    '  }),',
    '});',
    '',
  ].join('\n');
}

/** A module suite over `cases/*.yaml` driving `impl.ts`, plus any extra lines. */
export function moduleSuite(name: string, extra: readonly string[] = []): string {
  return [
    `name: ${JSON.stringify(name)}`,
    "cases: { include: ['cases/*.yaml'] }",
    'adapter: { type: module, path: ./impl.ts }',
    'timeout_ms: 20000',
    ...extra,
    '',
  ].join('\n');
}

/** Writes a project (package.json plus the given files) into `root`. */
export async function writeProject(
  root: string,
  files: Readonly<Record<string, string | Buffer>>,
): Promise<void> {
  await writeFile(join(root, 'package.json'), '{ "type": "module", "private": true }\n');
  for (const [path, content] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

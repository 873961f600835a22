import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

/**
 * `baton run` of a suite of the usual shape loads no schema library: zod and Baton's schemas
 * built with it are a third of what a run of a few cases spends starting (about 50 ms of
 * 150 ms of module loading). The suite and its cases are checked by hand first
 * (`fastSuiteInput`, `fastCaseInput`); the schema loads, through a dynamic import, only for a
 * file the hand-written checks leave to it (contracts, problems to word). This test follows the
 * static imports that carry values from the run command and fails with the chain that reaches
 * zod, should one come back.
 */
const root = join(import.meta.dirname, '../..');

const ROOTS = ['src/cli/bin.ts', 'src/cli/main.ts', 'src/cli/run-command.ts'];

/** The modules `file` imports for their values (not `import type`), resolved when relative. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const out: string[] = [];
  for (const node of source.statements) {
    const isImport = ts.isImportDeclaration(node);
    if (!isImport && !ts.isExportDeclaration(node)) continue;
    const spec = node.moduleSpecifier;
    if (spec === undefined || !ts.isStringLiteral(spec)) continue;
    if (isImport ? typeOnlyImport(node) : node.isTypeOnly || typeOnlyExport(node)) continue;
    const target = spec.text;
    if (!target.startsWith('.')) out.push(target);
    else if (existsSync(resolve(dirname(file), target))) out.push(resolve(dirname(file), target));
  }
  return out;
}

function typeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (clause === undefined) return false;
  if (clause.isTypeOnly) return true;
  const named = clause.namedBindings;
  return (
    clause.name === undefined &&
    named !== undefined &&
    ts.isNamedImports(named) &&
    named.elements.length > 0 &&
    named.elements.every((e) => e.isTypeOnly)
  );
}

function typeOnlyExport(node: ts.ExportDeclaration): boolean {
  const clause = node.exportClause;
  return (
    clause !== undefined &&
    ts.isNamedExports(clause) &&
    clause.elements.length > 0 &&
    clause.elements.every((e) => e.isTypeOnly)
  );
}

test('baton run imports no schema library until a file needs it', () => {
  const from = new Map<string, string | undefined>();
  const queue = ROOTS.map((r) => join(root, r));
  for (const r of queue) from.set(r, undefined);
  const reachesZod: string[] = [];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const target of valueImports(file)) {
      if (target === 'zod' || target.startsWith('zod/')) reachesZod.push(file);
      if (!target.startsWith('/') || from.has(target)) continue;
      from.set(target, file);
      queue.push(target);
    }
  }
  const chains = reachesZod.map((file) => {
    const chain: string[] = [];
    for (let at: string | undefined = file; at !== undefined; at = from.get(at))
      chain.unshift(relative(root, at));
    return `${chain.join(' → ')} → zod`;
  });
  expect(from.size).toBeGreaterThan(100);
  expect(chains).toEqual([]);
});

import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { globSync } from 'tinyglobby';
import ts from 'typescript';
import { expect, test } from 'vitest';

/**
 * No getter or setter written in an object literal in Baton's own code. Each evaluation of such
 * a literal makes new accessor functions, and V8 then gives every object its own hidden class,
 * linked to the one before: in profiles of 10,000-case runs that chain kept each case's garbage
 * alive through young-generation collections into the next case's (2.8 KB a case promoted with
 * nothing kept, against 0.3 KB without). Write a class with the accessor on its prototype, or
 * define one shared accessor (src/adapters/case-basics.ts does) instead.
 */
const root = join(import.meta.dirname, '../..');

/** Files whose literal accessors are made once, not once a case. */
const ALLOWED: Readonly<Record<string, string>> = {
  // zod writes a recursive object schema's field as a getter; the schema is made when the module loads.
  'src/contracts/arbitrary/schema-corpus.ts': 'a recursive zod schema',
  // A helper of Baton's own tests, never part of a run.
  'src/effects/test-support.ts': 'test support',
};

function literalAccessors(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) &&
      ts.isObjectLiteralExpression(node.parent)
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${relative(root, file)}:${line + 1}: ${node.name.getText(source)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

test('no object literal in src/ carries a getter or a setter', () => {
  const files = globSync('src/**/*.ts', {
    cwd: root,
    absolute: true,
    ignore: ['**/*.test.ts', ...Object.keys(ALLOWED)],
  });
  expect(files.length).toBeGreaterThan(100);
  expect(files.flatMap(literalAccessors)).toEqual([]);
});

test('the check finds a getter in a literal', () => {
  const probe = join(root, 'test/style/fixtures/literal-getter.ts.txt');
  expect(literalAccessors(probe)).toEqual(['test/style/fixtures/literal-getter.ts.txt:3: signal']);
});

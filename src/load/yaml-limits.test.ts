import { describe, expect, it } from 'vitest';
import { decodeText } from './decode-text.ts';
import { parseCaseText } from './load-case.ts';
import { MAX_YAML_DEPTH, shapeProblem } from './yaml-depth.ts';

const CASE = [
  'id: limits',
  'title: limits',
  'source: unit test',
  'participants: { agents: [triage] }',
  'steps:',
  '  - customer: hello',
  'expect: { handoffs: none }',
].join('\n');

function problems(text: string): string[] {
  const result = parseCaseText(text, 'case.yaml');
  return result.ok ? [] : result.problems.map((p) => `${p.line}:${p.column ?? ''} ${p.message}`);
}

describe('YAML that would exhaust the stack or loop forever', () => {
  it('a mapping nested 5,000 deep is one problem, wherever the parser gives up', () => {
    const deep = Array.from({ length: 5000 }, (_, i) => `${' '.repeat(i)}k:`).join('\n');
    const text = `${CASE}\nextra:\n${deep} 1\n`;
    // However much stack the caller has used already, the parser runs out somewhere else.
    const under = (frames: number): string[] => (frames === 0 ? problems(text) : under(frames - 1));
    for (let frames = 0; frames <= 105; frames += 7)
      expect(under(frames)).toEqual([
        expect.stringMatching(/^\d+:\d* invalid YAML: nested more than 64 levels deep$/),
      ]);
  });

  it('nesting past the limit that the parser survives is placed at the first level too deep', () => {
    const nested = `${'['.repeat(MAX_YAML_DEPTH + 5)}${']'.repeat(MAX_YAML_DEPTH + 5)}`;
    expect(problems(`${CASE}\nextra: ${nested}\n`)).toEqual([
      `8:${7 + MAX_YAML_DEPTH} invalid YAML: nested more than 64 levels deep`,
    ]);
  });

  it('an alias that points into its own collection is a cycle, not an endless walk', () => {
    expect(problems(`${CASE}\nextra: &loop [1, *loop]\n`)).toEqual([
      expect.stringMatching(
        /^8:\d+ invalid YAML: an alias refers to a collection that contains it/,
      ),
    ]);
  });

  it('shared (acyclic) aliases are fine', () => {
    expect(shapeProblem({ a: [1], b: [[1]] })).toBeUndefined();
    const shared = { x: 1 };
    expect(shapeProblem({ a: shared, b: shared })).toBeUndefined();
  });
});

describe('decodeText', () => {
  it('reads UTF-8 with and without a byte-order mark, and UTF-16 with one', () => {
    expect(decodeText(Buffer.from('\uFEFFid: a'))).toEqual({ ok: true, text: 'id: a' });
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('id: a', 'utf16le')]);
    expect(decodeText(le)).toEqual({ ok: true, text: 'id: a' });
  });

  it('names the line of the first byte that is not UTF-8', () => {
    const bytes = Buffer.concat([Buffer.from('id: a\ntitle: b\n'), Buffer.from([0xc3, 0x28])]);
    expect(decodeText(bytes)).toEqual({ ok: false, line: 3 });
  });
});

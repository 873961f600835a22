import { describe, expect, it } from 'vitest';
import { caseSources } from './case-stream.ts';

const ok = (s: ReturnType<typeof caseSources>[number]) => {
  if (!s.source.ok) throw new Error(JSON.stringify(s.source.problems));
  return s.source.value;
};

describe('caseSources', () => {
  it('reads a plain YAML file as one case, with no case line', () => {
    const [only, ...rest] = caseSources('id: a\nsteps: []\n', 'a.yaml');
    expect(rest).toEqual([]);
    expect(only?.at).toBeUndefined();
    expect(ok(only!).data).toEqual({ id: 'a', steps: [] });
  });

  it('reads a YAML stream as one case a document, positioned in the file', () => {
    const text = '---\nid: a\n---\nid: b\nsteps:\n  - x\n---\n';
    const sources = caseSources(text, 'many.yaml');
    expect(sources.map((s) => s.at)).toEqual([2, 4]);
    expect(sources.map((s) => ok(s).data)).toEqual([{ id: 'a' }, { id: 'b', steps: ['x'] }]);
    expect(ok(sources[1]!).locate(['steps', 0])).toEqual({ line: 6, column: 5 });
  });

  it('keeps a broken document to itself', () => {
    const sources = caseSources('id: a\n---\nid: b\nid: c\n---\nid: d\n', 'many.yaml');
    expect(sources.map((s) => s.source.ok)).toEqual([true, false, true]);
    const broken = sources[1]!.source;
    expect(broken.ok ? [] : broken.problems.map((p) => p.line)).toEqual([4]);
  });

  it('reads JSON lines one case a line, skipping blank lines, with columns found on demand', () => {
    const text = '{"id":"a"}\n\n{"id":"b","steps":[{"customer":"hi"}]}\r\n';
    const sources = caseSources(text, 'prod.jsonl');
    expect(sources.map((s) => s.at)).toEqual([1, 3]);
    const b = ok(sources[1]!);
    expect(b.data).toEqual({ id: 'b', steps: [{ customer: 'hi' }] });
    expect(b.line).toBe(3);
    expect(b.locate(['steps', 0])).toEqual({ line: 3, column: 20 });
  });

  it('names an OpenTelemetry export read as cases once, instead of one broken case a line', () => {
    const span = JSON.stringify({ resourceSpans: [{ scopeSpans: [] }] });
    const sources = caseSources(`not json\n${span}\n${span}\n`, 'traces/t1.jsonl');
    expect(sources).toHaveLength(1);
    const only = sources[0]!.source;
    expect(only.ok ? [] : only.problems.map((p) => [p.line, p.message, p.fix])).toEqual([
      [
        2,
        'this is an OpenTelemetry export (OTLP JSON lines), not a file of cases',
        expect.stringContaining('keep it out of cases.include'),
      ],
    ]);
  });

  it('says where a JSON line broke without quoting it', () => {
    const [bad] = caseSources(
      '{"id":"a"}\n{"id": "secret customer text", oops}\n',
      'p.jsonl',
    ).slice(1);
    expect(bad?.source.ok).toBe(false);
    const problem = bad?.source.ok === false ? bad.source.problems[0] : undefined;
    expect(problem).toMatchObject({ file: 'p.jsonl', line: 2, column: 32 });
    expect(problem?.message).toMatch(/^invalid JSON: /);
    expect(problem?.message).not.toContain('secret');
    expect(problem?.fix).toContain('one complete JSON object on its own line');
  });
});

import { describe, expect, it } from 'vitest';
import { formatProblem } from '../errors.ts';
import { parseSuiteText } from './suite-source.ts';

const file = 'test/fixtures/load/suites/reach.yaml';

function problems(...lines: string[]): string[] {
  const text = ['name: reach', 'cases: { include: [../cases/good/*.yaml] }', ...lines].join('\n');
  const result = parseSuiteText(text, file);
  return result.ok ? [] : result.problems.map(formatProblem);
}

const MODULE = 'adapter: { type: module, path: ./implementation.ts }';
const HTTP = 'adapter: { type: http, url: "http://127.0.0.1:9/turn" }';
const TRACES = 'adapter: { type: traces, files: [spans.jsonl] }';
const ENDPOINTS = [
  'effects:',
  '  endpoints:',
  '    - { name: refund, method: POST, url: "https://payments.test/refunds", identity: { body: order_id } }',
];

describe('settings the adapter could never act on', () => {
  it('refuses effect endpoints for a service over HTTP, whose requests Baton never sees', () => {
    const [problem, ...rest] = problems(HTTP, ...ENDPOINTS);
    expect(rest).toEqual([]);
    expect(problem).toMatch(
      /^test\/fixtures\/load\/suites\/reach\.yaml:5:\d+: effects\.endpoints: expected effects the service's spans show, received effects\.endpoints with adapter type http: a service over HTTP makes its requests from its own process, where Baton intercepts nothing, so these endpoints would never see a commit\. Fix: emit each effect from the service as a span \(`emitEffect`/,
    );
    // The module adapter runs the code in Baton's process: its requests are intercepted.
    expect(problems(MODULE, ...ENDPOINTS)).toEqual([]);
  });

  it('refuses a cassette, model traffic and endpoint faults where nothing runs in Baton', () => {
    // (The trace file is missing too: not what this test reads.)
    const found = problems(
      TRACES,
      ...ENDPOINTS,
      'cassette: { file: calls.json, hosts: [api.openai.com] }',
      'faults: [{ fault: http_error, endpoint: refund }]',
    ).filter((p) => !p.includes('adapter.files'));
    expect(found.map((p) => p.split(': ')[1])).toEqual([
      'effects.endpoints',
      'cassette',
      'faults[0].fault',
    ]);
    expect(found.every((p) => p.includes('a traces suite runs nothing'))).toBe(true);
  });

  it('refuses delivery faults outside the module adapter, which alone passes info.deliver', () => {
    expect(problems(HTTP, 'faults: [{ fault: duplicate_delivery, to: refunds }]')).toEqual([
      `${file}:4:19: faults[0].fault: expected a fault the http adapter applies, received duplicate_delivery: it acts on handoffs delivered through \`info.deliver\` (and \`info.parallel\` for permute), which only the module adapter passes, so it would never fire. Fix: remove the fault, or drive the implementation through a module adapter whose code delivers handoffs with \`info.deliver\``,
    ]);
    expect(problems(MODULE, 'faults: [{ fault: duplicate_delivery, to: refunds }]')).toEqual([]);
  });

  it("reports a variant's own adapter that could not act on the suite's settings, at the variant", () => {
    const found = problems(
      MODULE,
      ...ENDPOINTS,
      'variants:',
      '  current: {}',
      '  hosted:',
      '    adapter: { type: http, url: "http://127.0.0.1:9/turn" }',
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(
      /:10:\d+: variants\.hosted\.adapter\.type: expected effects the service's spans show, .* \(variant hosted, for the suite's effects\.endpoints\)\. Fix: /,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { formatProblem } from '../errors.ts';
import { parseSuiteText } from './suite-source.ts';

const FILE = 'suites/http.yaml';

function problems(...adapter: string[]): string[] {
  const text = ['name: s', 'cases: { include: [cases/*.yaml] }', 'adapter:', ...adapter, ''];
  const result = parseSuiteText(text.join('\n'), FILE);
  return result.ok ? [] : result.problems.map(formatProblem);
}

describe('placeholders of an HTTP adapter, checked as the suite loads', () => {
  it('points at the url with a did-you-mean for a misspelt placeholder', () => {
    expect(
      problems(
        '  type: http',
        '  url: http://127.0.0.1:{{prot}}/turn',
        '  start: { command: node }',
      ),
    ).toEqual([
      `${FILE}:5:8: adapter.url: unknown placeholder {{prot}}. Fix: did you mean {{port}}?`,
    ]);
  });

  it('checks headers, each value of the body and every templated field of start', () => {
    expect(
      problems(
        '  type: http',
        '  url: http://127.0.0.1:{{port}}/turn',
        "  headers: { x-case: '{{case.idd}}' }",
        '  body:',
        "    conversation: '{{run.id}}'",
        "    turn: ['{{step}}', '{{stepp.text}}']",
        '  start:',
        "    command: '{{port}}'",
        "    args: ['server.js', '--otlp', '{{otlp.endpont}}']",
        "    env: { PORT: '{{port}}', CASE: '{{case.id}}' }",
        "    ready_url: 'http://127.0.0.1:{{port}}/{{health}}'",
      ),
    ).toEqual([
      `${FILE}:6:22: adapter.headers.x-case: unknown placeholder {{case.idd}}. Fix: did you mean {{case.id}}?`,
      `${FILE}:9:24: adapter.body.turn[1]: unknown placeholder {{stepp.text}}. Fix: did you mean {{step.text}}?`,
      `${FILE}:11:14: adapter.start.command: unknown placeholder {{port}}: Baton fills none in \`start.command\` or \`start.cwd\`. Fix: write the value out`,
      `${FILE}:12:35: adapter.start.args[2]: unknown placeholder {{otlp.endpont}}. Fix: did you mean {{otlp.endpoint}}?`,
      `${FILE}:13:36: adapter.start.env.CASE: {{case.id}} has a value in each request (url, headers, body), not when the service starts. Fix: use one of {{port}}, {{otlp.endpoint}}, {{otlp.traces_endpoint}}`,
      `${FILE}:14:16: adapter.start.ready_url: unknown placeholder {{health}}. Fix: use one of {{port}}, {{otlp.endpoint}}, {{otlp.traces_endpoint}}`,
    ]);
  });

  it('refuses {{port}} when Baton starts no service, and checks a variant’s own adapter', () => {
    expect(
      problems(
        '  type: http',
        "  url: 'http://127.0.0.1:{{port}}/turn'",
        'variants:',
        '  current: {}',
        '  next: { adapter: { type: http, url: "http://127.0.0.1:8080/{{case.name}}" } }',
      ),
    ).toEqual([
      `${FILE}:5:8: adapter.url: {{port}} is the port Baton picks for a service it starts, and there is no \`adapter.start\`. Fix: write the service's port, or add \`adapter.start\``,
      `${FILE}:8:39: variants.next.adapter.url: unknown placeholder {{case.name}}. Fix: use one of {{port}}, {{otlp.endpoint}}, {{otlp.traces_endpoint}}, {{case.id}}, {{case.entry}}, {{case.repeat}}, {{run.id}}, {{step.index}}, {{step.kind}}, {{step.text}}, {{step}}`,
    ]);
  });

  it('accepts every placeholder where Baton fills it', () => {
    expect(
      problems(
        '  type: http',
        "  url: 'http://127.0.0.1:{{port}}/turn/{{case.id}}'",
        "  headers: { x-run: '{{run.id}}', x-otlp: '{{otlp.traces_endpoint}}' }",
        "  body: { a: '{{case.entry}} {{case.repeat}} {{step.index}} {{step.kind}} {{step.text}}', b: '{{step}}' }",
        "  start: { command: node, args: ['{{otlp.endpoint}}'], env: { P: '{{port}}' } }",
      ),
    ).toEqual([]);
  });
});

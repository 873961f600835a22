import { describe, expect, it } from 'vitest';
import type { Case } from '../../model/labelled-case.ts';
import type { Step } from '../../model/step.ts';
import {
  DEFAULT_BODY,
  fillKnown,
  mentions,
  render,
  renderText,
  STEP_VARS,
  stepVars,
  unknownPlaceholders,
} from './template.ts';

const testCase: Case = {
  id: 'refund-750',
  title: 't',
  source: 's',
  tags: [],
  agents: ['triage', 'refunds'],
  persons: ['supervisor'],
  entry: 'triage',
  steps: [],
  labels: { handoffs: [] },
};
const TRACE = '0af7651916cd43dd8448eb211c80319c';

function vars(step: Step, index = 1) {
  return stepVars({ port: 8787 }, testCase, 2, TRACE, index, step);
}

describe('render', () => {
  const customer: Step = { kind: 'customer', text: 'Order A-1001, it was 750 euro.' };

  it('gives a whole-string placeholder its typed value: the step object, numbers', () => {
    const body = render(
      { s: '{{step}}', i: '{{ step.index }}', r: '{{case.repeat}}' },
      vars(customer),
    );

    expect(body).toEqual({ s: customer, i: 1, r: 2 });
  });

  it('writes placeholders inside longer text as text, objects as JSON', () => {
    const text = render('{{case.id}}#{{step.index}}: {{step}}', vars(customer));

    expect(text).toBe('refund-750#1: {"kind":"customer","text":"Order A-1001, it was 750 euro."}');
  });

  it('fills arrays and nested objects, keeps keys and other values as they are', () => {
    const body = render(
      {
        '{{case.id}}': [{ text: '{{step.text}}' }, 3, true, null],
        meta: { kind: '{{step.kind}}' },
      },
      vars(customer),
    );

    expect(body).toEqual({
      '{{case.id}}': [{ text: 'Order A-1001, it was 750 euro.' }, 3, true, null],
      meta: { kind: 'customer' },
    });
  });

  it('makes the default body: run id, entry, step index and step', () => {
    const step: Step = { kind: 'signal', values: { deadline_minutes: 25 } };

    expect(render(DEFAULT_BODY, vars(step, 3))).toEqual({
      case_id: 'refund-750',
      run_id: TRACE,
      entry: 'triage',
      step_index: 3,
      step,
    });
  });

  it('writes step.text for steps that are not customer messages as their one-line description', () => {
    const tool: Step = { kind: 'tool', name: 'order_lookup', ok: false, error: 'timeout' };
    const person: Step = { kind: 'person', who: 'supervisor', decision: 'approve' };

    expect(renderText('{{step.text}}', vars(tool))).toBe('tool order_lookup failed (timeout)');
    expect(renderText('{{step.text}}', vars(person))).toBe('supervisor decided approve');
  });

  it('renders setup placeholders in URLs', () => {
    expect(renderText('http://127.0.0.1:{{port}}/turn/{{case.id}}', vars(customer))).toBe(
      'http://127.0.0.1:8787/turn/refund-750',
    );
  });
});

describe('fillKnown', () => {
  it('fills the setup placeholders of a URL and keeps the per-step ones as written', () => {
    const setup = { port: 8787, 'otlp.endpoint': 'http://127.0.0.1:4318' };

    expect(fillKnown('http://127.0.0.1:{{port}}/turn/{{ case.id }}', setup)).toBe(
      'http://127.0.0.1:8787/turn/{{ case.id }}',
    );
  });
});

describe('unknownPlaceholders', () => {
  it('lists each unknown name once, in order, anywhere in the template', () => {
    const template = { a: '{{case.name}}', b: ['{{step}} {{case.name}}', { c: '{{run}}' }] };

    expect(unknownPlaceholders(template, STEP_VARS)).toEqual(['case.name', 'run']);
    expect(unknownPlaceholders(DEFAULT_BODY, STEP_VARS)).toEqual([]);
  });

  it('finds a mention of a name anywhere', () => {
    expect(mentions(['http://x:{{port}}', null], 'port')).toBe(true);
    expect(mentions({ a: 'http://x:8787' }, 'port')).toBe(false);
  });
});

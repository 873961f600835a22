import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { GENAI } from '../../conventions/attributes.ts';
import { ModelTrafficConfig } from '../../model/model-traffic-config.ts';
import { normalize } from '../../normalize/normalize.ts';
import { spanRecord } from '../../normalize/span-fixtures.ts';
import { ActiveAgent } from './active-agent.ts';
import { agentOfRequest } from './agent-rules.ts';
import { handoffToolMatcher } from './handoff-tools.ts';
import { receiverName } from './receivers.ts';
import type { ModelReply } from './reply.ts';
import { replyHandoffs } from './reply-handoffs.ts';
import { requestFacts } from './request-facts.ts';

const defaults = handoffToolMatcher(ModelTrafficConfig.parse({}));
const isBuiltIn = (name: string) => /^(handoff|transfer)_to_./.test(name);
const notHandoffName = fc.string({ maxLength: 40 }).filter((n) => !isBuiltIn(n));
const receiver = fc.stringMatching(/^[a-z][a-z0-9_]{0,15}$/);

function reply(names: readonly string[]): ModelReply {
  return {
    api: 'anthropic.messages',
    toolCalls: names.map((name, i) => ({ name, id: `t${i}`, input: { i } })),
    text: '',
  };
}

describe('which tools are handoffs', () => {
  test.prop([notHandoffName])('a tool named otherwise is never a handoff by default', (name) => {
    expect(defaults(name)).toBeUndefined();
  });

  test.prop([fc.constantFrom('handoff_to_', 'transfer_to_'), receiver])(
    'handoff_to_<x> and transfer_to_<x> hand the work to x',
    (prefix, to) => {
      expect(defaults(`${prefix}${to}`)?.to).toBe(to);
    },
  );

  test.prop([
    fc.oneof(
      fc.string({ maxLength: 30 }),
      fc
        .tuple(fc.constantFrom('handoff_to_', 'transfer_to_'), fc.string({ maxLength: 12 }))
        .map(([prefix, to]) => prefix + to),
    ),
  ])('a tool is a handoff in model traffic exactly when its GenAI span is a handoff', (name) => {
    const span = spanRecord('s', 0, {
      [GENAI.operation]: 'execute_tool',
      [GENAI.toolName]: name,
      [GENAI.agentName]: 'triage',
    });
    const [event] = normalize([span]).events;
    expect(event?.kind === 'handoff').toBe(defaults(name) !== undefined);
    if (event?.kind === 'handoff') expect(event.to).toBe(defaults(name)?.to);
  });

  it('a suite rule names tools and their receiver, and is tried before the built-ins', () => {
    const matcher = handoffToolMatcher(
      ModelTrafficConfig.parse({
        handoffs: [
          { tools: ['escalate', 'ask_a_human'], to: 'supervisor', reason_field: 'why' },
          { pattern: '^delegate_(\\w+)$' },
          { pattern: '^transfer_to_account$', to: 'ledger' },
        ],
      }),
    );
    expect(matcher('ask_a_human')).toEqual({
      to: 'supervisor',
      reasonField: 'why',
      rule: 'tools escalate, ask_a_human',
    });
    expect(matcher('delegate_billing')?.to).toBe('billing');
    expect(matcher('transfer_to_account')?.to).toBe('ledger');
    expect(matcher('handoff_to_writer')?.to).toBe('writer');
    expect(matcher('web_search')).toBeUndefined();
  });

  it('builtin: false leaves only the suite rules (a money transfer tool is not a handoff)', () => {
    const matcher = handoffToolMatcher(
      ModelTrafficConfig.parse({ builtin: false, handoffs: [{ tools: ['route'], to: 'b' }] }),
    );
    expect(matcher('transfer_to_savings')).toBeUndefined();
    expect(matcher('route')?.to).toBe('b');
  });
});

describe('the handoffs in a reply', () => {
  test.prop([
    fc.array(
      fc.oneof(
        notHandoffName,
        receiver.map((r) => `handoff_to_${r}`),
      ),
      { maxLength: 8 },
    ),
  ])(
    'one handoff per handoff call, in order, all from the sender; other tools are never handoffs',
    (names) => {
      const active = new ActiveAgent('researcher', []);
      const got = replyHandoffs(reply(names), {
        matcher: defaults,
        participants: [],
        active,
        ruleAgent: undefined,
      });
      const expected = names.filter(isBuiltIn);
      expect(got.map((h) => h.tool)).toEqual(expected);
      expect(got.every((h) => h.from === 'researcher' && h.senderBy === 'active')).toBe(true);
      expect(active.agent).toBe(got.at(-1)?.to ?? 'researcher');
    },
  );

  it('carries the tool input as the payload, the call id and the reason field', () => {
    const matcher = handoffToolMatcher(
      ModelTrafficConfig.parse({
        handoffs: [{ tools: ['escalate'], to: 'supervisor', reason_field: 'reason.code' }],
      }),
    );
    const r: ModelReply = {
      api: 'openai.chat_completions',
      toolCalls: [
        {
          name: 'escalate',
          id: 'call_9',
          input: { order: 'A-1', reason: { code: 'policy_gate' } },
        },
      ],
      text: '',
    };
    const active = new ActiveAgent('refunds', ['supervisor']);
    const [h] = replyHandoffs(r, {
      matcher,
      participants: ['refunds', 'supervisor'],
      active,
      ruleAgent: undefined,
    });
    expect(h).toMatchObject({
      from: 'refunds',
      to: 'supervisor',
      toolCallId: 'call_9',
      reason: 'policy_gate',
      payload: { order: 'A-1', reason: { code: 'policy_gate' } },
    });
    // Work handed to a person leaves the model conversation where it was.
    expect(active.agent).toBe('refunds');
  });

  it('follows the chain: entry, then each receiver; an agents rule sets the sender', () => {
    const active = new ActiveAgent('triage', []);
    const ctx = { matcher: defaults, participants: ['triage', 'refunds', 'billing'], active };
    const first = replyHandoffs(reply(['transfer_to_refunds']), { ...ctx, ruleAgent: undefined });
    const second = replyHandoffs(reply(['transfer_to_billing']), { ...ctx, ruleAgent: undefined });
    const third = replyHandoffs(reply(['transfer_to_refunds']), { ...ctx, ruleAgent: 'triage' });
    expect(
      [first, second, third].map((hs) => hs.map((h) => `${h.from}>${h.to}:${h.senderBy}`)),
    ).toEqual([['triage>refunds:active'], ['refunds>billing:active'], ['triage>refunds:rule']]);
  });
});

describe('receiver names', () => {
  it('maps a tool’s spelling to the case’s participant, and keeps unknown names', () => {
    const participants = ['writer', 'refund_agent', 'Billing'];
    expect(receiverName('writer', participants)).toBe('writer');
    expect(receiverName('Writer', participants)).toBe('writer');
    expect(receiverName('refund-agent', participants)).toBe('refund_agent');
    expect(receiverName('billing', participants)).toBe('Billing');
    expect(receiverName('editor', participants)).toBe('editor');
  });

  test.prop([fc.uniqueArray(receiver, { minLength: 1, maxLength: 5 })])(
    'a participant’s own name is itself',
    (ps) => {
      for (const p of ps) expect(receiverName(p, ps)).toBe(p);
    },
  );
});

describe('who sent a request', () => {
  const rules = ModelTrafficConfig.parse({
    agents: [
      { agent: 'writer', system: 'Writing Specialist' },
      { agent: 'researcher', metadata: { user_id: 'research' } },
    ],
  }).agents;

  it('reads Anthropic system blocks, OpenAI system and developer messages and instructions', () => {
    const anthropic = {
      system: [{ type: 'text', text: 'You are a writing specialist.' }],
      messages: [],
    };
    const chat = { messages: [{ role: 'developer', content: 'you are a WRITING specialist' }] };
    const responses = { instructions: 'A writing specialist', input: 'x' };
    for (const body of [anthropic, chat, responses])
      expect(agentOfRequest(rules, requestFacts(JSON.stringify(body)))).toBe('writer');
  });

  it('reads metadata and user; no rule matches a request with neither', () => {
    expect(
      agentOfRequest(rules, requestFacts(JSON.stringify({ metadata: { user_id: 'research' } }))),
    ).toBe('researcher');
    expect(
      agentOfRequest(rules, requestFacts(JSON.stringify({ system: 'a router' }))),
    ).toBeUndefined();
    expect(agentOfRequest(rules, requestFacts('not json'))).toBeUndefined();
  });
});

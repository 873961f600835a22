import { fc, test } from '@fast-check/vitest';
import { AIMessage, type BaseMessage, HumanMessage, RemoveMessage } from '@langchain/core/messages';
import { messagesStateReducer } from '@langchain/langgraph';
import { describe, expect, it } from 'vitest';
import { messagesRead, withUpdate } from './messages-state.ts';

const said = (messages: readonly unknown[]) =>
  messages.map((m) => (m as { content: unknown }).content);

describe('withUpdate: the messages a node reads after an update', () => {
  const read = [
    new HumanMessage({ id: 'h1', content: 'Refund A-1001.' }),
    new AIMessage({ id: 'a1', content: 'Checking.' }),
  ];

  it('appends what the update adds, and replaces a message it resends by id', () => {
    const resent = new AIMessage({ id: 'a1', content: 'Checked.' });
    const added = new AIMessage({ content: 'Passing you to refunds.' });

    const merged = withUpdate(read, { messages: [read[0], resent, added] });

    expect(said(merged)).toEqual(['Refund A-1001.', 'Checked.', 'Passing you to refunds.']);
    expect(added.id).toBeUndefined(); // the graph's messages are left as they are
  });

  it('reads an update that writes one message, or none', () => {
    const one = new AIMessage({ content: 'Hello.' });

    expect(said(withUpdate(read, { messages: one }))).toHaveLength(3);
    expect(withUpdate(read, { ticket: {} })).toEqual(read);
  });

  it('removes by id, and keeps only what follows a remove-all', () => {
    const summary = new AIMessage({ content: 'Summary: refund A-1001.' });

    expect(said(withUpdate(read, { messages: [new RemoveMessage({ id: 'h1' })] }))).toEqual([
      'Checking.',
    ]);
    const cleared = { messages: [new RemoveMessage({ id: '__remove_all__' }), summary] };
    expect(said(withUpdate(read, cleared))).toEqual(['Summary: refund A-1001.']);
  });

  it('finds the messages of a state, and none in a state without them', () => {
    expect(messagesRead({ messages: read, ticket: {} })).toBe(read);
    expect(messagesRead({ ticket: {} })).toBeUndefined();
    expect(messagesRead(undefined)).toBeUndefined();
  });
});

/** A message of the state, by its position: contents are unique so order is visible. */
type Op = { id?: string | undefined; remove: boolean };
const id = fc.option(fc.constantFrom('m1', 'm2', 'm3', 'm4'), { nil: undefined });
const state = fc.array(id, { maxLength: 4 });
const update = fc.array(fc.record({ id, remove: fc.boolean() }), { maxLength: 6 });

function build(ops: readonly Op[], tag: string, held: Set<string>): BaseMessage[] {
  return ops.flatMap((op, i): BaseMessage[] => {
    if (!op.remove) {
      if (op.id !== undefined) held.add(op.id);
      return [new AIMessage({ ...(op.id !== undefined && { id: op.id }), content: `${tag}${i}` })];
    }
    // The reducer throws on removing an id the state does not hold: the graph would fail.
    return op.id !== undefined && held.has(op.id) ? [new RemoveMessage({ id: op.id })] : [];
  });
}

describe('withUpdate: properties', () => {
  test.prop([state, update, fc.boolean()])(
    'reads what LangGraph’s own messagesStateReducer makes of the same update',
    (left, right, clear) => {
      const held = new Set<string>();
      const before = build(
        left.map((i) => ({ id: i, remove: false })),
        'r',
        held,
      );
      const written = build(right, 'w', held);
      if (clear) written.splice(1, 0, new RemoveMessage({ id: '__remove_all__' }));

      const ours = said(withUpdate(before, { messages: written }));

      // The reducer gives id-less messages ids: give it copies.
      const copy = (ms: readonly BaseMessage[]) =>
        ms.map((m) =>
          m.getType() === 'remove'
            ? m
            : new AIMessage({ content: m.content, ...(m.id !== undefined && { id: m.id }) }),
        );
      expect(ours).toEqual(said(messagesStateReducer(copy(before), copy(written))));
    },
  );
});

import { describe, expect, it } from 'vitest';
import { RunObserver, toolCallIds } from './run-observer.ts';

type Handler = Record<string, (...args: unknown[]) => unknown>;

const response = (...ids: string[]) => ({
  generations: [[{ message: { tool_calls: ids.map((id) => ({ id, name: 'x', args: {} })) } }]],
});

/** A tool run start as LangChain reports it: (tool, input, runId, parentRunId, …, toolCallId). */
function start(h: Handler, runId: string, callId: string | undefined, parent = 'tools-run') {
  h.handleToolStart?.({ name: 'issue_refund' }, '{}', runId, parent, [], {}, undefined, callId);
}

describe('RunObserver: the calls of one model response', () => {
  it('names the response of each call it listed, when it listed several', () => {
    const observer = new RunObserver(new Set(['refunds']), 2);
    const h = observer.handler() as Handler;
    h.handleLLMEnd?.(response('c1', 'c2'));
    h.handleLLMEnd?.(response('c3'));
    start(h, 'r1', 'c1');
    start(h, 'r2', 'c2');
    start(h, 'r3', 'c3', 'other-run');
    const [one, two, alone] = observer.tools;
    expect(observer.responseOf(one!)).toBe('langgraph 2.1');
    expect(observer.responseOf(two!)).toBe('langgraph 2.1');
    // A response of one call has nothing beside it.
    expect(observer.responseOf(alone!)).toBeUndefined();
  });

  it('without a listing response, batches the tool runs one run started that ran at once', () => {
    const observer = new RunObserver(new Set(['refunds']));
    const h = observer.handler() as Handler;
    start(h, 'r1', undefined, 'tools-a');
    start(h, 'r2', 'unlisted', 'tools-a');
    start(h, 'r3', undefined, 'tools-b');
    const [a1, a2, b] = observer.tools;
    expect(observer.responseOf(a1!)).toBe(observer.responseOf(a2!));
    expect(observer.responseOf(a1!)).toMatch(/^langgraph 0\.\d+$/);
    expect(observer.responseOf(b!)).toBeUndefined();
  });

  it('leaves in order the tools a run awaited one after another', () => {
    const observer = new RunObserver(new Set(['refunds']));
    const h = observer.handler() as Handler;
    start(h, 'r1', undefined, 'node-run');
    h.handleToolEnd?.('done', 'r1');
    start(h, 'r2', undefined, 'node-run');
    const [first, second] = observer.tools;
    expect(observer.responseOf(first!)).toBeUndefined();
    expect(observer.responseOf(second!)).toBeUndefined();
  });

  it('tells the response of a running tool by its run id, and nothing once the tool has ended', () => {
    const observer = new RunObserver(new Set(['refunds']));
    const h = observer.handler() as Handler;
    h.handleLLMEnd?.(response('c1', 'c2'));
    start(h, 'r1', 'c1');
    start(h, 'r2', 'c2');
    expect(observer.responseOfRun('r1')).toBe('langgraph 0.1');
    expect(observer.responseOfRun('unknown')).toBeUndefined();
    expect(observer.responseOfRun(undefined)).toBeUndefined();
    h.handleToolEnd?.('done', 'r1');
    // What the tool left running happens after it.
    expect(observer.responseOfRun('r1')).toBeUndefined();
    expect(observer.responseOfRun('r2')).toBe('langgraph 0.1');
  });
});

describe('toolCallIds', () => {
  it("reads every generation's tool call ids and nothing from other shapes", () => {
    expect(toolCallIds(response('a', 'b'))).toEqual(['a', 'b']);
    expect(
      toolCallIds({ generations: [[{ text: 'hi' }], [{ message: { tool_calls: [{}] } }]] }),
    ).toEqual([]);
    expect(toolCallIds(undefined)).toEqual([]);
    expect(toolCallIds({ generations: 'no' })).toEqual([]);
  });
});

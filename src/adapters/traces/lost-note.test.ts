import { describe, expect, it } from 'vitest';
import type { TraceProblem } from '../../traces/read-batches.ts';
import { lostNote } from './lost-note.ts';

const T1 = '4bf92f3577b34da6a3ce929d0e0e4736';
const T2 = '0af7651916cd43dd8448eb211c80319c';
const problem = (line: number, lost?: TraceProblem['lost']): TraceProblem => ({
  file: `${process.cwd()}/exports/x.jsonl`,
  line,
  message: 'not valid JSON (Unterminated string in JSON at position 7617)',
  ...(lost && { lost }),
});
const TAIL =
  ': the case is judged on the spans that remain, so its findings may come from the lost spans rather than from the implementation';

describe('lostNote: a case whose trace had spans on lines that could not be read', () => {
  it('counts the spans of the case’s own traces and names each place', () => {
    const problems = [
      problem(21, {
        traces: [
          [T1, 4],
          [T2, 3],
        ],
        conversations: ['sess-1', 'sess-2'],
      }),
      problem(40, { traces: [[T1, 1]], conversations: [] }),
      problem(70),
    ];

    const note = lostNote('c07', { conversationId: 'sess-1' }, new Set([T1]), problems);

    expect(note).toEqual({
      code: 'traces.unreadable',
      message: `the trace of c07 (4bf92f35) lost 5 spans to 2 unreadable lines at exports/x.jsonl:21, exports/x.jsonl:40${TAIL}`,
      fix: 'repair or remove the line, or export the file again, and run the case again',
    });
  });

  it('says so, uncounted, when the line names the case’s conversation but none of its traces', () => {
    const problems = [problem(21, { traces: [[T2, 3]], conversations: ['sess-1'] })];

    const note = lostNote('c07', { conversationId: 'sess-1' }, new Set([T1]), problems);

    expect(note?.message).toBe(
      `an unreadable line at exports/x.jsonl:21 held spans of the conversation of c07 (sess-1)${TAIL}`,
    );
  });

  it('is nothing for a case none of whose spans were there', () => {
    const problems = [problem(21, { traces: [[T2, 3]], conversations: ['sess-2'] }), problem(70)];

    expect(lostNote('c07', { traceId: T1 }, new Set([T1]), problems)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { exportRequest } from '../../test/fixtures/traces/otlp-writer.ts';
import { lostSpans } from './lost-spans.ts';

const T1 = '4bf92f3577b34da6a3ce929d0e0e4736';
const T2 = '0af7651916cd43dd8448eb211c80319c';
const span = (traceId: string, spanId: string, session?: string) => ({
  traceId,
  spanId,
  name: 'x',
  start: 0,
  end: 1,
  ...(session !== undefined && { attributes: { 'session.id': session } }),
});

describe('lostSpans: what a line Baton cannot parse still shows it held', () => {
  it('counts each trace’s spans up to the cut, and the conversations they name', () => {
    const line = JSON.stringify(
      exportRequest([
        span(T1, 'aaaaaaaaaaaaaaaa', 'sess-1'),
        span(T1, 'bbbbbbbbbbbbbbbb'),
        span(T2, 'cccccccccccccccc', 'sess-2'),
      ]),
    );
    const cut = line.slice(0, line.lastIndexOf('sess-2'));

    expect(lostSpans(line)).toEqual({
      traces: [
        [T1, 2],
        [T2, 1],
      ],
      conversations: ['sess-1', 'sess-2'],
    });
    expect(lostSpans(cut)).toEqual({
      traces: [
        [T1, 2],
        [T2, 1],
      ],
      conversations: ['sess-1'],
    });
  });

  it('reads base64 ids as hex and either key order; nothing from text that names no span', () => {
    const b64 = Buffer.from(T1, 'hex').toString('base64');
    const text = `{"spanId":"qqqqqqqqqqo=","traceId":"${b64}","name":"cut`;

    expect(lostSpans(text)?.traces).toEqual([[T1, 1]]);
    expect(lostSpans('{"resourceSpans": [ cut off')).toBeUndefined();
  });
});

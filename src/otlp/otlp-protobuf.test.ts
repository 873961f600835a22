import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { describe, expect, it } from 'vitest';
import { spansFromOtlp } from './otlp-json.ts';
import { decodeTraceRequest, encodeTraceResponse } from './otlp-protobuf.ts';
import { sdkSpans } from './otlp-test-spans.ts';
import { ProtoDecodeError } from './proto-reader.ts';

/** A length-delimited field (lengths stay under 128 here, so one length byte). */
function ld(field: number, ...bytes: number[]): number[] {
  return [(field << 3) | 2, bytes.length, ...bytes];
}

function text(s: string): number[] {
  return [...new TextEncoder().encode(s)];
}

describe('decodeTraceRequest', () => {
  it('gives the same span records as the JSON protocol for what the SDK serialises', () => {
    const spans = sdkSpans();
    const fromJson = spansFromOtlp(
      JSON.parse(new TextDecoder().decode(JsonTraceSerializer.serializeRequest(spans))),
    );

    const fromProto = spansFromOtlp(
      decodeTraceRequest(ProtobufTraceSerializer.serializeRequest(spans) as Uint8Array),
    );

    expect(fromProto.spans).toHaveLength(2);
    expect(fromProto).toEqual(fromJson);
  });

  it('reads negative int64 attributes, kvlists and bytes', () => {
    const attr = (key: string, value: number[]) =>
      ld(9, ...ld(1, ...text(key)), ...ld(2, ...value));
    const bytes = Uint8Array.from(
      ld(
        1,
        ...ld(
          2,
          ...ld(
            2,
            ...ld(1, ...Array(15).fill(0), 1), // trace_id
            ...ld(2, ...Array(7).fill(0), 2), // span_id
            0x39,
            0x40,
            0x42,
            0x0f,
            0,
            0,
            0,
            0,
            0, // start_time_unix_nano (fixed64) = 1_000_000
            ...attr('k', [0x18, ...Array(9).fill(0xff), 0x01]), // int_value = -1
            ...attr(
              'kv',
              ld(6, ...ld(1, ...ld(1, ...text('a')), ...ld(2, ...ld(1, ...text('b'))))),
            ),
            ...attr('raw', ld(7, 1, 2)), // bytes_value
          ),
        ),
      ),
    );

    const [record] = spansFromOtlp(decodeTraceRequest(bytes)).spans;

    expect(record).toMatchObject({
      traceId: '00000000000000000000000000000001',
      spanId: '0000000000000002',
      start: 1,
      attributes: { k: -1, kv: '{"a":"b"}', raw: 'AQI=' },
    });
  });

  it('throws a ProtoDecodeError for truncated bytes', () => {
    expect(() => decodeTraceRequest(Uint8Array.from([0x0a, 0x05, 0x12]))).toThrow(ProtoDecodeError);
  });
});

describe('encodeTraceResponse', () => {
  it('is empty when nothing was rejected, and carries the count and message otherwise', () => {
    expect(encodeTraceResponse(0, '')).toEqual(new Uint8Array(0));
    const bytes = encodeTraceResponse(3, 'no');
    expect([...bytes]).toEqual([0x0a, 0x06, 0x08, 0x03, 0x12, 0x02, 0x6e, 0x6f]);
    expect(ProtobufTraceSerializer.deserializeResponse(bytes)).toMatchObject({
      partialSuccess: { errorMessage: 'no' },
    });
  });
});

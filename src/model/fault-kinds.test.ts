import { describe, expect, it } from 'vitest';
import { FaultInput } from './fault.ts';
import { isDeliveryFault, isEndpointFault } from './fault-kinds.ts';

const examples = [
  { fault: 'lost_response', endpoint: 'refund' },
  { fault: 'http_error', endpoint: 'refund' },
  { fault: 'duplicate_delivery' },
  { fault: 'slow_receiver', delay_ms: 10 },
  { fault: 'receiver_timeout' },
  { fault: 'permute' },
].map((f) => FaultInput.parse(f));

describe('fault kinds', () => {
  it('covers every fault the schema knows, once', () => {
    expect(new Set(examples.map((f) => f.fault))).toEqual(
      new Set(FaultInput.options.map((o) => o.shape.fault.value)),
    );
  });

  it('calls a fault an endpoint fault exactly when it names an endpoint, else a delivery fault', () => {
    for (const f of examples) {
      expect(isEndpointFault(f)).toBe('endpoint' in f);
      expect(isDeliveryFault(f)).toBe(!isEndpointFault(f));
    }
  });
});

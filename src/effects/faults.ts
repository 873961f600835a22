import type { Fault } from '../model/fault.ts';
import { type EndpointFault, isEndpointFault } from '../model/fault-kinds.ts';

type HttpError = Extract<Fault, { fault: 'http_error' }>;
type LostResponse = Extract<Fault, { fault: 'lost_response' }>;

/**
 * One case's HTTP faults with what is left of each. `http_error` hits the next calls of its
 * endpoint before anything commits; `lost_response` hits the next commits. Several faults on one
 * endpoint are used up in the order they are listed (suite faults first, then the case's).
 */
export class FaultCounters {
  private readonly left: { fault: EndpointFault; left: number }[];

  constructor(faults: readonly Fault[]) {
    this.left = faults.filter(isEndpointFault).map((fault) => ({ fault, left: fault.times }));
  }

  /** The http_error the next call of `endpoint` fails with, if any is left (and uses it up). */
  takeHttpError(endpoint: string): HttpError | undefined {
    return this.take(endpoint, 'http_error') as HttpError | undefined;
  }

  /** The lost_response the next commit of `endpoint` suffers, if any is left (and uses it up). */
  takeLostResponse(endpoint: string): LostResponse | undefined {
    return this.take(endpoint, 'lost_response') as LostResponse | undefined;
  }

  private take(endpoint: string, kind: EndpointFault['fault']): EndpointFault | undefined {
    const slot = this.left.find(
      (s) => s.fault.fault === kind && s.fault.endpoint === endpoint && s.left > 0,
    );
    if (!slot) return undefined;
    slot.left -= 1;
    return slot.fault;
  }
}

/** Problems with faults that name endpoints the suite does not declare. */
export function unknownFaultEndpoints(
  faults: readonly Fault[],
  endpoints: readonly string[],
): string[] {
  return faults
    .filter(isEndpointFault)
    .filter((f) => !endpoints.includes(f.endpoint))
    .map(
      (f) =>
        `${f.fault} names endpoint "${f.endpoint}", which is not in the suite's effects.endpoints (${endpoints.join(', ') || 'none declared'})`,
    );
}

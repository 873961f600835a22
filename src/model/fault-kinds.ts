import type { Fault } from './fault.ts';

/** The faults that act at an effect endpoint Baton fakes in its own process (msw). */
export type EndpointFault = Extract<Fault, { fault: 'http_error' | 'lost_response' }>;

/** The faults that act on handoffs delivered through `info.deliver` (and `info.parallel`). */
export type DeliveryFault = Exclude<Fault, EndpointFault>;

/**
 * True for an effect-endpoint fault. Kept apart from the fault schema (which loads zod) so that
 * the run path can ask without loading a schema library.
 */
export function isEndpointFault(fault: Fault): fault is EndpointFault {
  return fault.fault === 'http_error' || fault.fault === 'lost_response';
}

/**
 * Why a delivery fault never fires with an adapter other than the module one: said where a suite
 * names one (a problem at its line) and where a case does (the case errors).
 */
export function unreachableDeliveryFault(fault: string, adapterType: string): string {
  return `expected a fault the ${adapterType} adapter applies, received ${fault}: it acts on handoffs delivered through \`info.deliver\` (and \`info.parallel\` for permute), which only the module adapter passes, so it would never fire`;
}

/** True for a delivery fault: only the module adapter passes `info.deliver` for it to act on. */
export function isDeliveryFault(fault: Fault): fault is DeliveryFault {
  return !isEndpointFault(fault);
}

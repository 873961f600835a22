import type { RunError } from '../errors.ts';
import { isDeliveryFault } from '../model/fault-kinds.ts';
import type { Case } from '../model/labelled-case.ts';

/**
 * A case's own delivery fault (`duplicate_delivery`, `permute`, …) that the suite's adapter never
 * applies: it acts on handoffs delivered through `info.deliver` (and `info.parallel`), which only
 * the module adapter passes. The case errors, naming the fault's line and the fix, instead of
 * passing as if it had been tested under the fault. A suite's own such faults are refused when it
 * loads.
 */
export function unreachableFault(c: Case, adapter: string): RunError | undefined {
  const fault = c.faults?.find(isDeliveryFault);
  if (fault === undefined) return undefined;
  const line = c.positions?.faults;
  const at = c.file === undefined ? '' : `${c.file}${line === undefined ? '' : `:${line}`}: `;
  return {
    code: 'case.fault_unreachable',
    message: `${at}expected a fault the ${adapter} adapter applies, received ${fault.fault}: it acts on handoffs delivered through info.deliver (and info.parallel for permute), which only the module adapter passes, so it would never fire. Fix: remove the fault from this case, or run the case in a suite whose module adapter delivers handoffs with info.deliver.`,
  };
}

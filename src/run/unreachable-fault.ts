import type { RunError } from '../errors.ts';
import { isDeliveryFault, unreachableDeliveryFault } from '../model/fault-kinds.ts';
import { filePlace } from '../model/file-place.ts';
import type { Case } from '../model/labelled-case.ts';

/**
 * A case's own delivery fault (`duplicate_delivery`, `permute`, …) that the suite's adapter never
 * applies: it acts on handoffs delivered through `info.deliver` (and `info.parallel`), which only
 * the module adapter passes. The case errors, naming the fault's line and the fix, instead of
 * passing as if it had been tested under the fault. A suite's own such faults are refused when it
 * loads.
 */
export function unreachableFault(c: Case, adapterType: string): RunError | undefined {
  const fault = c.faults?.find(isDeliveryFault);
  if (fault === undefined) return undefined;
  const at = c.file === undefined ? '' : `${filePlace(c.file, c.positions?.faults)}: `;
  return {
    code: 'case.fault_unreachable',
    message: `${at}${unreachableDeliveryFault(fault.fault, adapterType)}. Fix: remove the fault from this case, or run the case in a suite whose module adapter delivers handoffs with info.deliver.`,
  };
}

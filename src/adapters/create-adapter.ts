import type { Fault } from '../model/fault.ts';
import type { AdapterConfig } from '../model/suite.ts';
import type { Adapter } from './adapter.ts';
import { createModuleAdapter } from './module/module-adapter.ts';

/** The adapter a suite's `adapter:` block describes. */
export function createAdapter(
  config: AdapterConfig,
  suiteFile: string,
  suite: { readonly faults?: readonly Fault[] } = {},
): Adapter {
  switch (config.type) {
    case 'module':
      return createModuleAdapter(config, suiteFile, suite);
  }
}

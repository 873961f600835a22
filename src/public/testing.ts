/**
 * `baton/testing`: tools for testing suites, checks and your own adapters without a real system.
 * Nothing happens on import.
 */

export {
  createTransport,
  DeliveryTimeoutError,
  type Transport,
} from '../adapters/transport/transport.ts';
export { ScriptError, type ScriptedTurn, scriptedAdapter } from '../testing/scripted-adapter.ts';

/**
 * `baton/langgraph`: what a LangGraph app module needs (it loads @langchain/* on import, so it
 * lives apart from the main entry).
 */
export {
  defineGraphApp,
  type GraphApp,
  type GraphAppContext,
  type GraphAppFactory,
  type GraphCase,
  type GraphCaseInfo,
  type TurnInfo,
} from '../adapters/langgraph/graph-app.ts';
export * from '../adapters/langgraph/scripted-chat-model.ts';

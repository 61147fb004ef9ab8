export { computeCost, ratesFor, LONG_CONTEXT_THRESHOLD } from './compute-cost';
export { contextUse, type ContextUse } from './context-use';
export {
  addFigureInto,
  cacheHitRatioOf,
  emptyFigure,
  finishFigure,
  isPartlyUnpriced,
  usageBasisOf,
  type Figure,
} from './figure';
export { measureMessageInto, type MeasureOptions, type UsageLevel } from './measure-message';
export { normaliseAgentName, type AgentName } from './agent-name';
export {
  messageFigure,
  messagesFigure,
  sessionFigures,
  stepFigure,
  stepPartsByMessage,
  turnFigures,
  type SessionFigures,
  type TurnFigure,
} from './rollups';
export { rootSessionIndex, subtreeSessionIDs } from './session-tree';
export { computeStats, type StatsFilters, type StatsInput, type StatsResult } from './compute-stats';
export type { StatsGroup, StatsGroupBy } from './stats-grouping';
export { createTimeKeyer, fixedOffsetMinutes, isValidTimeZone, type TimeKeyer, type TimeZoneSpec } from './time-keys';

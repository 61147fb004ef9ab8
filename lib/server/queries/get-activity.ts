import 'server-only';
import { activityHours } from '@/lib/activity/activity-hours';
import type { ActivityQuery, ActivityResponse } from '@/lib/activity/activity-query';
import type { Store } from '../store/store';
import { getStats } from './get-stats';

/** Use per local hour: the stats by hour (SQL over the usage rows' quarter hours, keyed into the local zone), compact. */
export function getActivity(store: Store, query: ActivityQuery): ActivityResponse {
  const stats = getStats(store, { groupBy: 'hour', ...query });
  return { complete: stats.complete, hours: activityHours(stats.groups) };
}

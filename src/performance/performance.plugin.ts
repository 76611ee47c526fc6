// The media performance routes on the app: a media item's performance, and the ranking.
import { appPlugin } from '../plugin.js';
import { registerPerformanceRoutes } from './performance.routes.js';
import type { PerformanceService } from './performance.service.js';
import type { RankingService } from './ranking.service.js';

export const performancePlugin = appPlugin(
  'media-performance',
  async (app, { performance, ranking }: { performance: PerformanceService; ranking: RankingService }) => {
    registerPerformanceRoutes(app, performance, ranking);
  },
);

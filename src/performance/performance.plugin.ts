// The media performance route on the app.
import { appPlugin } from '../plugin.js';
import { registerPerformanceRoutes } from './performance.routes.js';
import type { PerformanceService } from './performance.service.js';

export const performancePlugin = appPlugin(
  'media-performance',
  async (app, { performance }: { performance: PerformanceService }) => {
    registerPerformanceRoutes(app, performance);
  },
);

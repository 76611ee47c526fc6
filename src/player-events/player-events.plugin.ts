// The player events route on the app; what waits is written when the app closes (the server's
// shutdown closes it before the database).
import { appPlugin } from '../plugin.js';
import { registerPlayerEventRoutes } from './player-events.routes.js';
import type { PlayerEventsService } from './player-events.service.js';

export const playerEventsPlugin = appPlugin(
  'player-events',
  async (app, { events }: { events: PlayerEventsService }) => {
    registerPlayerEventRoutes(app, events);
    app.addHook('onClose', () => events.close());
  },
);

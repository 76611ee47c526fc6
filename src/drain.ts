// The server's connections while a stop signal drains it: no request a client has sent is lost.
//
// Node's own close resets requests under load. While requests keep the event loop busy,
// connections and requests wait in the kernel: node accepts one connection per turn of the event
// loop, and reads a socket's request only on the turn after accepting it. Closing the listening
// socket resets every connection still queued for accept (ECONNRESET for requests sent long
// before the signal), and server.close() (Fastify's app.close() calls it) and
// closeIdleConnections() destroy every connection with no request read yet or none in progress:
// a socket destroyed with unread bytes is reset too, a keep-alive connection closed as its next
// request arrives as well.
//
// So, from the signal on:
// - every answer says `Connection: close` (those in progress too, unless their headers are out),
//   so a keep-alive client sends no further request on its connection;
// - the listening socket closes only after a turn of the event loop that accepted nothing: the
//   connections queued before the signal are all accepted first (acceptQueued);
// - node's closing of idle connections is turned off: a connection is closed only when it has no
//   answer in progress and has received nothing for `quietMs`, judged after a turn of the event
//   loop that read whatever had arrived (checks run in setImmediate, after the poll phase that
//   reads sockets). A request that arrives in the meantime is read and answered (503 once the
//   process is stopping: the readiness gate).
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How long a connection with nothing in progress must stay silent before it is closed. */
const quietMs = 500;
/** How often connections are looked at while draining. */
const checkEveryMs = 50;

interface Connection {
  /** Answers begun and not closed yet. */
  open: Set<ServerResponse>;
  /** bytesRead when the last answer closed (0 at first): more means a request has begun. */
  restBytes: number;
  /** bytesRead at the last check, and since when it has not changed with nothing in progress. */
  seenBytes: number;
  quietSince: number | undefined;
}

export interface ConnectionDrain {
  /** From now on every answer closes its connection, and silent idle connections are closed. */
  begin(): void;
  /**
   * Resolves after a turn of the event loop that accepted no connection (the poll phase, which
   * accepts, comes between two checks), or after `maxMs` of turns that each accepted one.
   */
  acceptQueued(maxMs: number): Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Follows the server's connections from its start; call before it listens. */
export function trackConnections(server: Server): ConnectionDrain {
  const connections = new Map<Socket, Connection>();
  let draining = false;

  let accepted = 0;
  server.on('connection', (socket: Socket) => {
    accepted += 1;
    connections.set(socket, { open: new Set(), restBytes: 0, seenBytes: 0, quietSince: undefined });
    socket.once('close', () => connections.delete(socket));
  });
  // First of the request listeners, so that the header is set before anything answers.
  server.prependListener('request', (request, response: ServerResponse) => {
    const connection = connections.get(request.socket);
    if (draining) closeAfter(response);
    if (!connection) return;
    connection.open.add(response);
    response.once('close', () => {
      connection.open.delete(response);
      if (connection.open.size === 0) connection.restBytes = request.socket.bytesRead;
    });
  });

  /** Closes the connections that have been silent with nothing in progress for quietMs. */
  const closeQuiet = () => {
    const now = Date.now();
    for (const [socket, connection] of connections) {
      const bytes = socket.bytesRead;
      const idle = connection.open.size === 0 && bytes === connection.restBytes && bytes === connection.seenBytes;
      connection.seenBytes = bytes;
      if (!idle) connection.quietSince = undefined;
      else if (connection.quietSince === undefined) connection.quietSince = now;
      else if (now - connection.quietSince >= quietMs) socket.destroy();
    }
  };

  return {
    begin() {
      if (draining) return;
      draining = true;
      for (const connection of connections.values()) for (const response of connection.open) closeAfter(response);
      // server.close() would destroy connections whose requests are not read yet.
      server.closeIdleConnections = () => undefined;
      const timer = setInterval(() => setImmediate(closeQuiet), checkEveryMs);
      timer.unref();
      server.once('close', () => clearInterval(timer));
    },
    async acceptQueued(maxMs) {
      const until = Date.now() + maxMs;
      // To the check phase first: from one check to the next, a whole turn.
      await nextTurn();
      let seen: number;
      do {
        seen = accepted;
        await nextTurn();
      } while (accepted !== seen && Date.now() < until);
    },
  };
}

function closeAfter(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('connection', 'close');
}

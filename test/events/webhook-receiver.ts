// A real webhook receiver for the delivery tests: node:http on a loopback port, verifying every
// request with the official `standardwebhooks` package as a store's receiver would, and answering
// what the test says (a status, or nothing at all while the connection hangs).
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  /** webhook-id: the event's message id, the same on every retry. */
  id: string;
  /** webhook-timestamp, unix seconds of the attempt. */
  timestamp: number;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  contentType: string | undefined;
  /** Milliseconds since the receiver started. */
  at: number;
  /** The sender's port: which connection (and so which process) it came on. */
  remotePort: number;
  /** What `senderOf` said of the connection while it was open (null without it). */
  sender: number | null;
  /** Its W3C traceparent header (tracing on), or null. */
  traceparent: string | null;
}

/** A status to answer, or 'hang': keep the request open and never answer. */
export type Reply = number | 'hang';

export interface Receiver {
  url: string;
  port: number;
  /** Every request that verified, in arrival order. */
  received: ReceivedWebhook[];
  /** The webhook-ids answered with a 2xx, in order: what the receiver has taken in. */
  acknowledged: string[];
  /** Requests that failed verification (the reason each). */
  rejected: string[];
  /** Most requests open at once. */
  maxConcurrent: number;
  /** Requests that arrived while another with the same webhook-id on the same path was still open. */
  overlapping: number;
  /** Connections open now. */
  readonly openSockets: number;
  /** The longest any connection has been open, in ms (those still open counted until now). */
  longestSocketMs(): number;
  close(): Promise<void>;
}

export const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

export interface ReceiverOptions {
  port?: number;
  /** The answer to the n-th verified request (0-based); 200 by default. */
  reply?: (n: number, webhook: ReceivedWebhook) => Reply;
  /** How long to take before answering. */
  delayMs?: number;
  /** A Location header on every answer (to answer redirects). */
  location?: string;
  /** Who sent it (a process id), asked while the connection is open: connections close after each request. */
  senderOf?: (remotePort: number, localPort: number) => number | null;
}

export async function startReceiver(secret: string, options: ReceiverOptions = {}): Promise<Receiver> {
  const verifier = new Webhook(secret);
  const started = Date.now();
  let open = 0;
  const hanging: ServerResponse[] = [];
  const openIds = new Map<string, number>();
  const sockets: { openedAt: number; closedAt: number | null }[] = [];
  const server = createServer((request, response) => {
    open += 1;
    receiver.maxConcurrent = Math.max(receiver.maxConcurrent, open);
    // Per path: several endpoints may share one receiver, each on a path of its own.
    const id = `${request.url ?? ''} ${String(request.headers['webhook-id'])}`;
    if ((openIds.get(id) ?? 0) > 0) receiver.overlapping += 1;
    openIds.set(id, (openIds.get(id) ?? 0) + 1);
    response.on('close', () => {
      open -= 1;
      openIds.set(id, (openIds.get(id) ?? 1) - 1);
    });
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let payload: ReceivedWebhook['payload'];
      try {
        payload = verifier.verify(body, request.headers as Record<string, string>) as ReceivedWebhook['payload'];
      } catch (error) {
        receiver.rejected.push(error instanceof Error ? error.message : String(error));
        response.writeHead(400).end();
        return;
      }
      const headers: IncomingHttpHeaders = request.headers;
      const webhook: ReceivedWebhook = {
        id: String(headers['webhook-id']),
        timestamp: Number(headers['webhook-timestamp']),
        payload,
        contentType: headers['content-type'],
        at: Date.now() - started,
        remotePort: request.socket.remotePort ?? 0,
        sender: null,
        traceparent: typeof headers.traceparent === 'string' ? headers.traceparent : null,
      };
      webhook.sender = options.senderOf?.(webhook.remotePort, request.socket.localPort ?? 0) ?? null;
      const reply = options.reply?.(receiver.received.length, webhook) ?? 200;
      receiver.received.push(webhook);
      if (reply === 'hang') {
        hanging.push(response);
        return;
      }
      setTimeout(() => {
        response
          .writeHead(reply, {
            'content-type': 'text/plain',
            ...(options.location ? { location: options.location } : {}),
          })
          .end('thanks');
        if (reply >= 200 && reply < 300) receiver.acknowledged.push(webhook.id);
      }, options.delayMs ?? 0);
    });
  });
  server.on('connection', (socket) => {
    const record = { openedAt: Date.now(), closedAt: null as number | null };
    sockets.push(record);
    socket.on('close', () => (record.closedAt = Date.now()));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}/webhooks`,
    port,
    received: [],
    acknowledged: [],
    rejected: [],
    maxConcurrent: 0,
    overlapping: 0,
    get openSockets() {
      return sockets.filter((socket) => socket.closedAt === null).length;
    },
    longestSocketMs: () => Math.max(0, ...sockets.map((socket) => (socket.closedAt ?? Date.now()) - socket.openedAt)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return receiver;
}

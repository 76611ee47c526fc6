// A webhook receiver for the bench, in a process of its own (so that taking deliveries does not
// share the load generator's event loop): answers every POST 200 at once, and GET /count with how
// many it took in. PORT from the environment.
import { createServer } from 'node:http';
import { setPriority } from 'node:os';

// It stands for receivers on other machines: at the lowest CPU priority, it takes only the CPU the
// gateway and the load generator leave (on a 2-core bench machine it would otherwise compete with
// them, and its share would count as the gateway's).
setPriority(19);

let received = 0;
const server = createServer((request, response) => {
  if (request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ received }));
    return;
  }
  request.resume();
  request.on('end', () => {
    received += 1;
    response.writeHead(200).end();
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));

// A webhook receiver for the bench, in a process of its own (so that taking deliveries does not
// share the load generator's event loop): answers every POST 200 at once, and GET /count with how
// many it took in. PORT from the environment.
import { createServer } from 'node:http';

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

#!/usr/bin/env node
// The baseline of the chat bench: a bare socket.io server (no Nest, no Redis, one process) that
// broadcasts whatever is POSTed to /send as `newMessage` on the /chat namespace.
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const server = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/send') {
    response.writeHead(request.url === '/' ? 200 : 404).end('{}');
    return;
  }
  let body = '';
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const { message } = JSON.parse(body);
    io.of('/chat').emit('newMessage', { id: message, message, createdAt: new Date().toISOString() });
    response.writeHead(201, { 'content-type': 'application/json' }).end('{"success":true}');
  });
});
const io = new Server(server, { path: '/socket.io/', serveClient: false });
io.of('/chat');
server.listen(Number(process.env.PORT ?? 3998), '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => io.close(() => process.exit(0)));

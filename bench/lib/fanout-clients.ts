// The receivers of the fanout scenario: N Engine.IO websocket clients in one process, counting
// what they read. Args: port, count. Prints "open" once all are open, and "read <n>" (messages
// read so far) on SIGUSR2.
import { Socket } from 'engine.io-client';

const [port, count] = process.argv.slice(2).map(Number) as [number, number];
let open = 0;
let read = 0;
for (let i = 0; i < count; i++) {
  const socket = new Socket(`ws://127.0.0.1:${port}`, { transports: ['websocket'] });
  socket.on('open', () => {
    if (++open === count) console.log('open');
  });
  socket.on('message', () => read++);
  // Opening thousands at once overflows the listen queue; a hundred at a time does not.
  if (i % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 20));
}
process.on('SIGUSR2', () => console.log(`read ${read}`));

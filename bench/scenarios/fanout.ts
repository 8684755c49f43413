// One frame written to N members' sockets, as a super team's or a chatroom's fan-out does: the
// server process's CPU per delivery (user + system, from writing until the writes' callbacks
// have run), three ways in interleaved rounds over the same N Engine.IO websocket connections:
// ours (ImConnection.sendShared: one buffer, straight to ws when Engine.IO holds nothing), the
// Socket.IO room's way (Engine.IO's send with the pre-encoded pair ws's Sender.frame returns)
// and Engine.IO framing the bytes for each member. The receivers are engine.io-client sockets in
// a process of their own.
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Server, type Socket as EngineSocket } from 'engine.io';
import { pino } from 'pino';
import * as ws from 'ws';
import { ImConnection, shareFrame } from '../../apps/server/src/im/gateway/index.ts';
import { startNode } from '../lib/processes.ts';
import type { MetricRow, ScenarioResult } from '../lib/report.ts';
import { intOption, type Scenario } from './types.ts';

type Way = 'ours' | 'socketio' | 'engine';
const WAYS: Way[] = ['ours', 'socketio', 'engine'];

/** ws's frame builder, which its types leave out (as the server's shareFrame reads it). */
const wsFrame = (data: Buffer, options: object): Buffer[] =>
  (ws as unknown as { Sender: { frame(d: Buffer, o: object): Buffer[] } }).Sender.frame(
    data,
    options,
  );

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export const fanout: Scenario = {
  name: 'fanout',
  summary:
    "one frame to N members' websockets: server CPU µs per delivery, ours against the Socket.IO room's write and Engine.IO framing each",
  options: { members: '3000', rounds: '30', bytes: '300 (frame size)' },
  async run(options, log): Promise<ScenarioResult> {
    const members = intOption(options, 'members', 3000);
    const rounds = intOption(options, 'rounds', 30);
    const bytes = intOption(options, 'bytes', 300);
    const server = http.createServer();
    const engine = new Server({ transports: ['websocket'], perMessageDeflate: false });
    engine.attach(server);
    const sockets: EngineSocket[] = [];
    engine.on('connection', (socket: EngineSocket) => sockets.push(socket));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const clients = startNode('bench/lib/fanout-clients.ts', [String(port), String(members)], {
      label: 'fanout-clients',
    });
    while (!clients.output().includes('open')) await sleep(100);
    log(`${members} websocket members open; ${rounds} rounds of ${WAYS.join(', ')}`);
    const noRunner = {
      run: () => new Promise<never>(() => {}),
      frequencyBlock: () => 0,
      closed: () => {},
    };
    const limits = { loginTimeoutMs: 3_600_000, handlerTimeoutMs: 60_000, queueMaxBytes: 1 << 20 };
    const silent = pino({ level: 'silent' });
    const connections = sockets.map(
      (s) => new ImConnection(s, noRunner, silent, limits, '127.0.0.1'),
    );
    const payload = Buffer.alloc(bytes, 7);
    const frameOptions = { readOnly: false, mask: false, rsv1: false, opcode: 2, fin: true };
    const write: Record<Way, () => void> = {
      ours: () => {
        const shared = shareFrame(payload);
        for (const connection of connections) connection.sendShared(shared);
      },
      socketio: () => {
        const wsPreEncodedFrame = wsFrame(payload, frameOptions);
        for (const socket of sockets) socket.send(payload, { wsPreEncodedFrame } as never);
      },
      engine: () => {
        for (const socket of sockets) socket.send(payload);
      },
    };
    const perDelivery: Record<Way, number[]> = { ours: [], socketio: [], engine: [] };
    for (let round = 0; round < rounds; round++) {
      for (const way of WAYS) {
        await sleep(150);
        const before = process.cpuUsage();
        write[way]();
        await sleep(150); // the writes' callbacks (Engine.IO's drain) run meanwhile
        const used = process.cpuUsage(before);
        perDelivery[way].push((used.user + used.system) / members);
      }
    }
    await sleep(500); // the last frames on their way
    clients.kill('SIGUSR2');
    while (!/read \d+/.test(clients.output())) await sleep(50);
    const read = Number(/read (\d+)/.exec(clients.output())![1]);
    clients.kill();
    for (const socket of sockets) socket.close();
    engine.close();
    server.close();
    const expected = members * rounds * WAYS.length;
    if (read !== expected) throw new Error(`the members read ${read} frames, not ${expected}`);
    const rows: MetricRow[] = [];
    for (const [label, pick] of [
      ['median', median],
      ['best', (v: number[]) => Math.min(...v)],
    ] as const)
      rows.push({
        metric: `server CPU per delivery, ${label} round`,
        unit: 'µs',
        better: 'lower',
        ours: pick(perDelivery.ours),
        peers: {
          'Socket.IO room write': pick(perDelivery.socketio),
          'Engine.IO per member': pick(perDelivery.engine),
        },
      });
    return {
      scenario: 'fanout',
      title: `one ${bytes}-byte frame to ${members.toLocaleString('en-US')} websocket members`,
      peers: ['Socket.IO room write', 'Engine.IO per member'],
      rows,
      notes: [
        `CPU time (user + system) of the server process from the first write until 150 ms later (the writes' callbacks run meanwhile), divided by ${members} members; ${rounds} interleaved rounds. Every frame was read: ${read.toLocaleString('en-US')} by the members' process (engine.io-client, websocket).`,
        "Ours is ImConnection.sendShared (apps/server/src/im/gateway/connection.ts): the frame and its WebSocket header in one buffer, written straight to ws when Engine.IO holds nothing for the member. The Socket.IO room's write is what socket.io-adapter's broadcast does: Engine.IO's send with ws's Sender.frame pair as wsPreEncodedFrame. Engine.IO per member frames the same bytes for each socket (what a chatroom's batch cost before).",
      ],
      details: { perDelivery },
    };
  },
};

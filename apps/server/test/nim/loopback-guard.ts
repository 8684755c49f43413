// Nothing of the official SDK may leave the machine: while the guard is on, a connection or DNS
// lookup to anything but loopback throws (and so fails the test that caused it).
import dns from 'node:dns';
import net from 'node:net';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.|localhost$)/;

export function guardLoopback(): () => void {
  const connect = net.Socket.prototype.connect;
  const lookup = dns.lookup;
  const refused: string[] = [];
  net.Socket.prototype.connect = function guarded(this: net.Socket, ...args: unknown[]) {
    const first = args[0] as { host?: string; path?: string } | number | string;
    const host =
      typeof first === 'object' && first !== null
        ? (first.host ?? (first.path ? 'localhost' : 'localhost'))
        : typeof args[1] === 'string'
          ? args[1]
          : 'localhost';
    if (!LOOPBACK.test(host)) {
      refused.push(host);
      throw new Error(`loopback guard: a connection to ${host} was refused`);
    }
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;
  dns.lookup = function guarded(hostname: string, ...rest: unknown[]) {
    if (!LOOPBACK.test(hostname)) {
      refused.push(hostname);
      throw new Error(`loopback guard: a DNS lookup of ${hostname} was refused`);
    }
    return (lookup as (...a: unknown[]) => unknown)(hostname, ...rest);
  } as typeof dns.lookup;
  return () => {
    net.Socket.prototype.connect = connect;
    dns.lookup = lookup;
    if (refused.length > 0) throw new Error(`loopback guard refused: ${refused.join(', ')}`);
  };
}

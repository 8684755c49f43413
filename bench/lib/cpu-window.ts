// CPU used over a measured window, split three ways: the server under test, the load generator
// (this process and any workers), and everything else on the machine (other work sharing the
// cores), each as a fraction of one core. The last figure is what makes a noisy run readable.
import { cpuSeconds, machineBusySeconds } from './proc-memory.ts';

export interface CpuWindow {
  elapsedMs: number;
  /** Fractions of one core. */
  server: number;
  load: number;
  other: number;
  /** CPU seconds the server used in the window. */
  serverSeconds: number;
}

export async function startCpuWindow(
  serverPid: number,
  loadPids: number[] = [],
): Promise<() => Promise<CpuWindow>> {
  const sum = async (pids: number[]) =>
    (await Promise.all(pids.map((pid) => cpuSeconds(pid).catch(() => 0)))).reduce(
      (a, b) => a + b,
      0,
    );
  const own = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1e6;
  };
  const server0 = await cpuSeconds(serverPid);
  const load0 = own() + (await sum(loadPids));
  const machine0 = await machineBusySeconds();
  const started = performance.now();
  return async () => {
    const elapsedMs = performance.now() - started;
    const seconds = elapsedMs / 1000;
    const serverSeconds = (await cpuSeconds(serverPid)) - server0;
    const loadSeconds = own() + (await sum(loadPids)) - load0;
    const machineSeconds = (await machineBusySeconds()) - machine0;
    return {
      elapsedMs,
      server: serverSeconds / seconds,
      load: loadSeconds / seconds,
      other: Math.max(0, machineSeconds - serverSeconds - loadSeconds) / seconds,
      serverSeconds,
    };
  };
}

// Memory of another process as the kernel sees it: resident set size from /proc/<pid>/status.
import fs from 'node:fs/promises';

export interface ProcessMemory {
  /** Resident set size now, bytes. */
  rss: number;
  /** Peak resident set size, bytes. */
  peakRss: number;
}

function field(status: string, name: string): number {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status);
  if (!match) throw new Error(`${name} missing from /proc status`);
  return Number(match[1]) * 1024;
}

export async function processMemory(pid: number): Promise<ProcessMemory> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return { rss: field(status, 'VmRSS'), peakRss: field(status, 'VmHWM') };
}

/** Open file descriptors of a process (each TCP connection holds one). */
export async function openFiles(pid: number): Promise<number> {
  return (await fs.readdir(`/proc/${pid}/fd`)).length;
}

/** The soft open-files limit of a process, from /proc/<pid>/limits. */
export async function openFilesLimit(pid: number): Promise<number> {
  const limits = await fs.readFile(`/proc/${pid}/limits`, 'utf8');
  const match = /^Max open files\s+(\d+)/m.exec(limits);
  return match ? Number(match[1]) : Infinity;
}

export const mib = (bytes: number) => bytes / (1024 * 1024);
export const kib = (bytes: number) => bytes / 1024;

/** CPU time (user + system) a process has used so far, in seconds, from /proc/<pid>/stat. */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the parenthesised command name; utime and stime are the 14th and 15th fields.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticksPerSecond = 100; // USER_HZ on Linux
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
}

/** CPU seconds the whole machine has spent busy (all cores, all processes), from /proc/stat. */
export async function machineBusySeconds(): Promise<number> {
  const stat = await fs.readFile('/proc/stat', 'utf8');
  const [, ...fields] = stat.slice(0, stat.indexOf('\n')).trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return (
    ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / 100
  );
}

/** TCP listen-queue overflows of the whole machine so far (TcpExt ListenOverflows in /proc/net/netstat). */
export async function listenOverflows(): Promise<number> {
  const lines = (await fs.readFile('/proc/net/netstat', 'utf8')).split('\n');
  const header = lines.findIndex((line) => line.startsWith('TcpExt:'));
  const names = lines[header]!.split(/\s+/);
  const values = lines[header + 1]!.split(/\s+/);
  return Number(values[names.indexOf('ListenOverflows')] ?? NaN);
}

// The red-packet rain on a plain 2D canvas: the round's plan comes from the server (when and where
// each packet falls); this only animates it and records which packet was tapped when. Sprites
// live in a pool sized before the round starts, so a frame allocates nothing: no garbage, no
// collector pauses mid-round on a mid-range phone. Each packet is pre-rendered once to an
// offscreen canvas and stamped with drawImage.

export interface PlannedPacket {
  at: number;
  x: number;
  size: number;
}

export interface RoundPlan {
  roundMs: number;
  fallMs: number;
  packets: readonly PlannedPacket[];
  maxTapsPerSecond: number;
  maxTapsPerRound: number;
}

export interface Catch {
  packet: number;
  at: number;
}

/** A falling packet on screen (or a free slot of the pool when `packet` is -1). */
export interface Sprite {
  packet: number;
  x: number;
  y: number;
  w: number;
  h: number;
  /** A "+1" burst left where a packet was caught, until this time. */
  burstUntil: number;
}

/** Fixed-size sprite slots; `grown` counts slots made after the pool was first sized. */
export class SpritePool {
  readonly slots: Sprite[] = [];
  grown = 0;
  private sized = false;

  constructor(size: number) {
    for (let i = 0; i < size; i++) this.slots.push(newSprite());
    this.sized = true;
  }

  /** A free slot; a new one only when every slot is busy (counted in `grown`). */
  acquire(): Sprite {
    for (const s of this.slots) if (s.packet < 0 && s.burstUntil === 0) return s;
    const s = newSprite();
    this.slots.push(s);
    if (this.sized) this.grown++;
    return s;
  }

  release(s: Sprite): void {
    s.packet = -1;
    s.burstUntil = 0;
  }
}

function newSprite(): Sprite {
  return { packet: -1, x: 0, y: 0, w: 0, h: 0, burstUntil: 0 };
}

/** The most packets on screen at once in a plan (each falls for fallMs), plus the bursts' slack. */
export function poolSizeFor(plan: Pick<RoundPlan, 'fallMs' | 'packets'>): number {
  let most = 0;
  let first = 0;
  const times = plan.packets.map((p) => p.at);
  for (let i = 0; i < times.length; i++) {
    while (times[i]! - times[first]! > plan.fallMs + BURST_MS) first++;
    most = Math.max(most, i - first + 1);
  }
  return most + 4;
}

export const BURST_MS = 450;

/**
 * The page-side caps, equal to the server's: a tap beyond them is not recorded, so an honest
 * shopper's report is never refused for tapping fast.
 */
export class TapLimiter {
  private readonly recent: number[] = [];
  count = 0;

  constructor(
    private readonly perSecond: number,
    private readonly perRound: number,
  ) {}

  allow(at: number): boolean {
    if (this.count >= this.perRound) return false;
    while (this.recent.length > 0 && at - this.recent[0]! >= 1000) this.recent.shift();
    if (this.recent.length >= this.perSecond) return false;
    this.recent.push(at);
    this.count++;
    return true;
  }
}

export interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  worst: number;
  poolSize: number;
  /** Sprites the pool had to add after the round started (0 when it was sized right). */
  poolGrown: number;
}

export interface RainGameOptions {
  canvas: HTMLCanvasElement;
  plan: RoundPlan;
  /** Called once a second with the seconds left and the catches so far. */
  onTick: (secondsLeft: number, caught: number) => void;
  onEnd: (catches: Catch[], stats: FrameStats) => void;
  now?: () => number;
}

const FRAME_SAMPLES = 4096;

/** Runs one round on the canvas; `stop()` ends it early (the page left). */
export class RainGame {
  private readonly ctx: CanvasRenderingContext2D;
  private readonly pool: SpritePool;
  private readonly limiter: TapLimiter;
  private readonly catches: Catch[] = [];
  private readonly frameTimes = new Float32Array(FRAME_SAMPLES);
  private readonly art: HTMLCanvasElement[];
  private frames = 0;
  private next = 0;
  private start = 0;
  private last = 0;
  private secondsShown = -1;
  private raf = 0;
  private width = 0;
  private height = 0;
  private ratio = 1;
  private done = false;
  private readonly now: () => number;

  constructor(private readonly options: RainGameOptions) {
    const ctx = options.canvas.getContext('2d');
    if (!ctx) throw new Error('canvas 2d is not available');
    this.ctx = ctx;
    this.now = options.now ?? (() => performance.now());
    this.pool = new SpritePool(poolSizeFor(options.plan));
    this.limiter = new TapLimiter(options.plan.maxTapsPerSecond, options.plan.maxTapsPerRound);
    this.resize();
    this.art = [drawPacketArt(56 * this.ratio), drawPacketArt(76 * this.ratio)];
    this.catches.length = 0;
  }

  begin(): void {
    this.start = this.now();
    this.last = this.start;
    this.options.canvas.addEventListener('pointerdown', this.onPointer);
    window.addEventListener('resize', this.onResize);
    this.raf = requestAnimationFrame(this.frame);
  }

  stop(): void {
    this.done = true;
    cancelAnimationFrame(this.raf);
    this.options.canvas.removeEventListener('pointerdown', this.onPointer);
    window.removeEventListener('resize', this.onResize);
  }

  private readonly onResize = () => this.resize();

  private resize(): void {
    const canvas = this.options.canvas;
    this.ratio = Math.min(window.devicePixelRatio || 1, 2);
    this.width = canvas.clientWidth;
    this.height = canvas.clientHeight;
    canvas.width = Math.round(this.width * this.ratio);
    canvas.height = Math.round(this.height * this.ratio);
  }

  private readonly onPointer = (event: PointerEvent) => {
    event.preventDefault();
    const at = Math.round(this.now() - this.start);
    const rect = this.options.canvas.getBoundingClientRect();
    const x = event.clientX - rect.left;
    const y = event.clientY - rect.top;
    // The topmost packet under the finger, with a little slack for a thumb.
    const slots = this.pool.slots;
    for (let i = slots.length - 1; i >= 0; i--) {
      const s = slots[i]!;
      if (s.packet < 0) continue;
      // Drawn where it was at the last frame, but already gone (a long frame): not catchable.
      const p = this.options.plan.packets[s.packet]!;
      if (at > p.at + this.options.plan.fallMs) continue;
      if (x < s.x - 10 || x > s.x + s.w + 10 || y < s.y - 10 || y > s.y + s.h + 10) continue;
      if (!this.limiter.allow(at)) return;
      this.catches.push({ packet: s.packet, at });
      s.packet = -1;
      s.burstUntil = at + BURST_MS;
      return;
    }
  };

  private readonly frame = (stamp: number) => {
    if (this.done) return;
    const t = stamp - this.start;
    if (this.frames > 0) this.frameTimes[this.frames % FRAME_SAMPLES] = stamp - this.last;
    this.last = stamp;
    this.frames++;
    const plan = this.options.plan;
    const packets = plan.packets;
    while (this.next < packets.length && packets[this.next]!.at <= t) {
      const p = packets[this.next]!;
      const s = this.pool.acquire();
      const w = p.size === 1 ? 76 : 56;
      s.packet = this.next;
      s.w = w;
      s.h = w * 1.3;
      s.x = p.x * (this.width - w);
      s.y = -s.h;
      s.burstUntil = 0;
      this.next++;
    }
    this.draw(t);
    const secondsLeft = Math.max(0, Math.ceil((plan.roundMs - t) / 1000));
    if (secondsLeft !== this.secondsShown) {
      this.secondsShown = secondsLeft;
      this.options.onTick(secondsLeft, this.catches.length);
    }
    if (t >= plan.roundMs) {
      this.stop();
      this.options.onEnd(this.catches.slice(), this.stats());
      return;
    }
    this.raf = requestAnimationFrame(this.frame);
  };

  private draw(t: number): void {
    const { ctx, ratio } = this;
    const plan = this.options.plan;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, this.width, this.height);
    const travel = this.height + 120;
    ctx.font = 'bold 22px sans-serif';
    ctx.textAlign = 'center';
    ctx.fillStyle = '#ffd54f';
    for (const s of this.pool.slots) {
      if (s.packet >= 0) {
        const p = plan.packets[s.packet]!;
        const progress = (t - p.at) / plan.fallMs;
        if (progress > 1) {
          this.pool.release(s);
          continue;
        }
        s.y = progress * travel - s.h;
        ctx.drawImage(this.art[p.size === 1 ? 1 : 0]!, s.x, s.y, s.w, s.h);
      } else if (s.burstUntil > 0) {
        if (t > s.burstUntil) {
          this.pool.release(s);
          continue;
        }
        const left = (s.burstUntil - t) / BURST_MS;
        ctx.globalAlpha = left;
        ctx.fillText('+1', s.x + s.w / 2, s.y + s.h / 2 - (1 - left) * 30);
        ctx.globalAlpha = 1;
      }
    }
  }

  private stats(): FrameStats {
    const n = Math.min(this.frames - 1, FRAME_SAMPLES);
    const sorted = Array.from(this.frameTimes.subarray(0, Math.max(0, n))).sort((a, b) => a - b);
    const at = (q: number) =>
      sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : 0;
    return {
      frames: this.frames,
      p50: at(0.5),
      p95: at(0.95),
      worst: sorted.at(-1) ?? 0,
      poolSize: this.pool.slots.length,
      poolGrown: this.pool.grown,
    };
  }
}

/** A red packet drawn once at `width` device pixels: red body, flap, gold coin. */
function drawPacketArt(width: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  const w = Math.round(width);
  const h = Math.round(width * 1.3);
  canvas.width = w;
  canvas.height = h;
  const g = canvas.getContext('2d');
  if (!g) return canvas;
  const r = w * 0.12;
  g.fillStyle = '#d32f2f';
  g.beginPath();
  g.roundRect(0, 0, w, h, r);
  g.fill();
  g.fillStyle = '#e53935';
  g.beginPath();
  g.moveTo(0, r);
  g.quadraticCurveTo(0, 0, r, 0);
  g.lineTo(w - r, 0);
  g.quadraticCurveTo(w, 0, w, r);
  g.lineTo(w, h * 0.3);
  g.quadraticCurveTo(w / 2, h * 0.52, 0, h * 0.3);
  g.closePath();
  g.fill();
  g.fillStyle = '#ffca28';
  g.strokeStyle = '#f9a825';
  g.lineWidth = w * 0.05;
  g.beginPath();
  g.arc(w / 2, h * 0.42, w * 0.17, 0, Math.PI * 2);
  g.fill();
  g.stroke();
  g.fillStyle = '#f9a825';
  g.fillRect(w / 2 - w * 0.06, h * 0.42 - w * 0.06, w * 0.12, w * 0.12);
  return canvas;
}

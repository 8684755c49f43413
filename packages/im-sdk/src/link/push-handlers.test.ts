import { describe, expect, it } from 'vitest';
import { PushHandlers } from './push-handlers.ts';

describe('PushHandlers', () => {
  it('calls every handler of the push with its parameters, in registration order', () => {
    const pushes = new PushHandlers();
    const seen: string[] = [];
    pushes.on('notifySync', ({ categories }) => seen.push(`a:${categories.join(',')}`));
    pushes.on('notifySync', ({ categories }) => seen.push(`b:${categories.length}`));
    pushes.on('sysMsgsRead', ({ ids }) => seen.push(`read:${ids.join(',')}`));
    expect(pushes.dispatch('notifySync', { categories: ['msg'] }, () => {})).toBe(true);
    expect(seen).toEqual(['a:msg', 'b:1']);
    expect(pushes.names().sort()).toEqual(['notifySync', 'sysMsgsRead']);
    expect(pushes.handles('sysMsgsRead')).toBe(true);
  });

  it('reports a handler that throws and still runs the others', () => {
    const pushes = new PushHandlers();
    const failures: unknown[] = [];
    let ran = false;
    pushes.on('notifySync', () => {
      throw new Error('boom');
    });
    pushes.on('notifySync', () => (ran = true));
    pushes.dispatch('notifySync', { categories: [] }, (error) => failures.push(error));
    expect(ran).toBe(true);
    expect(failures).toEqual([new Error('boom')]);
  });

  it('answers false for a push nothing registered for', () => {
    const pushes = new PushHandlers();
    expect(pushes.dispatch('msg', {}, () => {})).toBe(false);
    expect(pushes.handles('msg')).toBe(false);
  });

  it('types the handler from the command table (checked by tsc)', () => {
    const pushes = new PushHandlers();
    // @ts-expect-error notifySync carries `categories`, not `ids`
    pushes.on('notifySync', ({ ids }) => ids);
    // @ts-expect-error sendMsg is a request, not a push
    pushes.on('sendMsg', () => {});
    expect(pushes.names()).toEqual(['notifySync', 'sendMsg']);
  });
});

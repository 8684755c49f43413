// The extras manager alone, on a fake context: parameters checked before anything is sent,
// stick-top state kept on the local sessions (late pushes never undo newer changes), and the
// sync's comments and pins told as changes.
import { describe, expect, it } from 'vitest';
import { fakeContext, type FakeReplies } from '../test-context.ts';
import { ExtrasManager } from './extras-manager.ts';

function setUp(replies: FakeReplies = {}) {
  const context = fakeContext(replies);
  return { context, extras: new ExtrasManager(context) };
}

const msgKey = { scene: 'p2p' as const, from: 'ann', to: 'me', idServer: 's1', time: 5 };

describe('ExtrasManager', () => {
  it('refuses a quick comment on a message the server never stored, or with a fractional body', async () => {
    const { context, extras } = setUp();
    const { idServer: _none, ...unsent } = msgKey;
    await expect(extras.addQuickComment({ msg: unsent, body: 1 })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    await expect(extras.addQuickComment({ msg: msgKey, body: 1.5 })).rejects.toMatchObject({
      message: 'body: only integers allowed',
    });
    expect(context.sent).toEqual([]);
  });

  it('puts a session on top, creating it locally, and ignores a push older than what it holds', async () => {
    const { context, extras } = setUp({
      addStickTopSession: ({ id, topCustom }) => ({
        stickTopSession: { id, topCustom, createTime: 10, updateTime: 20 },
      }),
    });
    await extras.addStickTopSession({ id: 'p2p-ann', topCustom: 'pinned' });
    expect(context.store.getSession('p2p-ann')).toMatchObject({ isTop: true, topCustom: 'pinned' });
    context.push('stickTopSessionChanged', {
      type: 'delete',
      stickTopSession: { id: 'p2p-ann', createTime: 10, updateTime: 15 },
    });
    expect(context.store.getSession('p2p-ann')).toMatchObject({ isTop: true });
    expect(await extras.getStickTopSessions()).toEqual([
      { id: 'p2p-ann', topCustom: 'pinned', createTime: 10, updateTime: 20 },
    ]);
    expect(context.calls('onupdateStickTopSession')).toEqual([
      [{ id: 'p2p-ann', topCustom: 'pinned', createTime: 10, updateTime: 20, isTop: true }],
    ]);
  });

  it('refuses a session id without a valid scene', async () => {
    const { context, extras } = setUp();
    await expect(extras.addStickTopSession({ id: 'room-1' })).rejects.toMatchObject({
      code: 'Param_Error',
    });
    expect(context.sent).toEqual([]);
  });

  it('tells the synced quick comments and pins as changes, deleted ones as deletions', () => {
    const { context } = setUp();
    const comment = { from: 'ann', body: 1, time: 7 };
    context.push('syncQuickComments', {
      comments: [
        { msg: msgKey, comment, deleted: false },
        { msg: msgKey, comment: { ...comment, body: 2 }, deleted: true },
      ],
    });
    expect(context.calls('onQuickComment')).toHaveLength(1);
    expect(context.calls('onDeleteQuickComment')).toHaveLength(1);
    const pin = { msg: msgKey, pinFrom: 'ann', createTime: 1, updateTime: 1 };
    context.push('syncMsgPins', { pins: [{ ...pin, deleted: true }] });
    expect(context.calls('onPinMsgChange')).toEqual([[{ type: 'delete', pin }]]);
  });
});

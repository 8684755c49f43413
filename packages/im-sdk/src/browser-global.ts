// The entry of the SDK's browser bundle (dist/browser/morsel-im.min.js): like NIM's own script
// tags, it puts `NIM` and `Chatroom` on the page's global object, and `ImError` beside them.
import { Chatroom, ImError, NIM } from './index.ts';

Object.assign(globalThis, { NIM, Chatroom, ImError });

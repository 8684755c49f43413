// The chatroom-only browser bundle (dist/browser/morsel-chatroom.min.js), as NIM ships
// NIM_Web_Chatroom.js: `Chatroom` and `ImError` on the page's global object.
import { Chatroom, ImError } from './index.ts';

Object.assign(globalThis, { Chatroom, ImError });

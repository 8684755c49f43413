// The entry of the IM-only browser bundle (dist/browser/morsel-nim.min.js), as NIM ships
// NIM_Web_NIM.js beside its chatroom file: `NIM` and `ImError` on the page's global object.
import { ImError, NIM } from './index.ts';

Object.assign(globalThis, { NIM, ImError });

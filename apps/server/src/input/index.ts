// Checks of client input shared by the HTTP API and the IM gateway: text, and uploaded pictures.
export { containsNul, NUL_MESSAGE } from './nul.ts';
export { PictureRefusal, reencodePicture } from './pictures.ts';

// Checks of client text shared by the HTTP API and the IM gateway.
export { containsNul, NUL_MESSAGE } from './nul.ts';

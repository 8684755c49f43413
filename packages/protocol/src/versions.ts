// Versions negotiated at login. A client older than the minimum gets 201 (SDK) or 997
// (protocol) and must upgrade.
export const PROTOCOL_VERSION = 1;
export const MIN_PROTOCOL_VERSION = 1;
export const SDK_VERSION = 1;
export const MIN_SDK_VERSION = 1;
export const SERVER_VERSION = '0.1.0';

export {
  NIM_DIALECT,
  NIM_COMMANDS,
  commandForNim,
  NimNotCarried,
  type NimDialect,
  type NimId,
  type NimParam,
} from './dialect.ts';
export { NIM_TAGS, fromTags, toTags, type NimEntity, type NimProperty } from './tags.ts';
export { withoutUndefined } from './values.ts';
export { renderStatusTable, withStatusTable, STATUS_START, STATUS_END } from './status.ts';
export {
  decodeNimRequest,
  encodeNimPacket,
  NimWireError,
  type NimWireType,
  type NimBinaryPacket,
  type NimBinaryRequest,
} from './wire-codec.ts';
export { NIM_WIRE_TYPES } from './wire-types.ts';

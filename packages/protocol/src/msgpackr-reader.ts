// The body decoder in Node (the server and Node clients): msgpackr's Unpackr with its native
// add-on, configured for plain MessagePack. Browsers get msgpack-reader.ts instead, which
// returns the same values in a fraction of the size (decision 0063); the protocol's import map
// ('#unpack-body' in package.json) picks one of the two.
import { Unpackr } from 'msgpackr';

/**
 * msgpackr reads in-band record definitions even with useRecords off, keeping each in its
 * structures table; with this table of our own, a decode that defined any is refused after the
 * fact (recordsDefined). A trap on the table would cost every decode more than this check.
 */
const recordTable: unknown[] = [];

/** Whether the last decode defined records; clears them either way. */
function recordsDefined(): boolean {
  let defined = false;
  for (const key in recordTable) {
    if (key === 'sharedLength') continue;
    defined = true;
    delete (recordTable as unknown as Record<string, unknown>)[key];
  }
  recordTable.length = 0;
  return defined;
}

// Plain MessagePack only: no records, no structured-clone references or cycles (0x69/0x70).
// msgpackr's other extensions (Error, RegExp, Set, typed arrays, Date, undefined) cannot be
// switched off per instance, so the codec checks decoded bodies to be JSON-shaped.
const unpackr = new Unpackr({
  useRecords: false,
  structuredClone: false,
  mapsAsObjects: true,
  int64AsType: 'number',
  structures: recordTable as never,
});

/** One MessagePack value filling `bytes` exactly; throws for anything else. */
export function unpackBody(bytes: Uint8Array): unknown {
  try {
    const body: unknown = unpackr.unpack(bytes);
    if (recordsDefined()) throw new Error('records are not part of the protocol');
    return body;
  } catch (error) {
    recordsDefined();
    throw error;
  }
}

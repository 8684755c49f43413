// Campaign primitives and routes run their transactions through the store's inTransaction
// (docs/decisions/0014); this is where campaign code has always imported it from.
export { inTransaction } from '../../store/index.ts';

// Campaign routes and the seed import inTransaction from here, as they did when it was born in
// the kernel; it lives in the store now, the one way a feature runs a transaction
// (docs/decisions/0014).
export { inTransaction } from '../../store/index.ts';

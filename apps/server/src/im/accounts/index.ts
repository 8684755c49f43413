export {
  ImAccounts,
  CreateAccountInput,
  UpdateAccountInput,
  type ImAccount,
  type ImAccountCredentials,
  type ImAccountsOptions,
  type ImApp,
  type LoginVerdict,
} from './accounts.ts';
export { ImAccountError, type ImAccountErrorReason } from './errors.ts';
export * from './rules.ts';
export { compile, firstProblem, typeBoxValidatorCompiler } from './validate.ts';
export { hashToken } from './tokens.ts';
export { mutedSenderGuard } from './mute-guard.ts';

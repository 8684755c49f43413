// The refusals of the account service, each with the NIM code the REST API answers with.

export type ImAccountErrorReason =
  /** The appKey names no app (NIM 403). */
  | 'unknown_app'
  /** A parameter is missing, malformed or too long; `field` names it (NIM 414). */
  | 'invalid_param'
  /** create with an accid the app already has (NIM 414 "already register"). */
  | 'already_registered'
  /** update, refreshToken, block or unblock of an accid the app does not have (NIM 414). */
  | 'not_registered';

const CODE_OF: Record<ImAccountErrorReason, 403 | 414> = {
  unknown_app: 403,
  invalid_param: 414,
  already_registered: 414,
  not_registered: 414,
};

export class ImAccountError extends Error {
  /** The NIM code for this refusal. */
  readonly code: 403 | 414;

  constructor(
    readonly reason: ImAccountErrorReason,
    message: string,
    /** The parameter at fault, for invalid_param. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ImAccountError';
    this.code = CODE_OF[reason];
  }
}

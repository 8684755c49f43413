// What a provider throws when a message did not leave: the provider's own code (for the log and
// the operator) and its message, never the text or the code of the SMS itself.
export class SmsSendError extends Error {
  constructor(
    readonly provider: string,
    /** The provider's error code, e.g. `isv.BUSINESS_LIMIT_CONTROL`, or `unreachable`. */
    readonly providerCode: string,
    message: string,
  ) {
    super(`${provider} refused the message: ${providerCode}: ${message}`);
    this.name = 'SmsSendError';
  }
}

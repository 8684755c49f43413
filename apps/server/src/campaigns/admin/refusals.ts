// The admin API's refusals of winners, exchange codes and prize images (decision 0038): each code
// has one HTTP status, whatever route answers it, so a console can act on the status alone.
import { fail, type CodeName } from '@morsel/api';

const STATUS = {
  adminNotFound: 404,
  adminAwardNotFound: 404,
  adminAwardNotGoods: 409,
  adminAwardNoAddress: 409,
  adminAwardReceived: 409,
  adminExchangeCodesInvalid: 400,
  adminImageMissing: 400,
  adminImageType: 415,
  adminImageTooLarge: 413,
  adminImageQuota: 429,
  consoleExportOperatorOnly: 403,
} as const satisfies Partial<Record<CodeName, number>>;

export type AdminRefusal = keyof typeof STATUS;

/** The refusal `name` with its status; `message` replaces the catalogue's when it names fields. */
export function refuse(name: AdminRefusal, message?: string) {
  return fail(name, { status: STATUS[name], ...(message !== undefined && { message }) });
}

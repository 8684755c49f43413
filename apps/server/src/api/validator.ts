// The API scopes' one validator: Ajv without type coercion. Fastify's default Ajv coerces
// (`"30"` passes as 30, and in `integer | null` 0 and null turn into each other depending on the
// branch order); here a value is checked exactly as sent. Form-encoded bodies carry every value
// as text, so the table declares the numbers they carry as numbers or their digits (FormInteger);
// no query string carries a number today (docs/decisions/0015).
import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { lazily } from '../lazy-compile.ts';

const ajv = new Ajv({
  coerceTypes: false,
  useDefaults: true,
  // Unknown fields are refused where a schema says so (admin bodies), never silently dropped.
  removeAdditional: false,
  allErrors: false,
  // TypeBox schemas carry descriptions and unions Ajv's strict mode would warn about.
  strict: false,
});

/**
 * The admin API's: every issue at once, each with its schema (`verbose`), so one refusal names
 * every wrong field and what it expects (campaigns/admin/problems.ts, decision 0037).
 */
const adminAjv = new Ajv({
  coerceTypes: false,
  useDefaults: true,
  removeAdditional: false,
  allErrors: true,
  verbose: true,
  strict: false,
});

export const isAdminUrl = (url: string | undefined) => url?.startsWith('/admin/api/') === true;

export function installValidator(scope: FastifyInstance): void {
  scope.setValidatorCompiler(({ schema, url }) =>
    lazily(scope, () => (isAdminUrl(url) ? adminAjv : ajv).compile(schema)),
  );
}

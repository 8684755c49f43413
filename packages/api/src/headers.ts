// The request headers a route reads, from who may call it (endpoints.ts `access`). All optional
// in the schema: a missing one gets the route's own refusal (-331007, 40001, 61002), not a 400.
import { Type, type TObject } from '@sinclair/typebox';
import type { Access } from './endpoints.ts';

const Session = {
  ut: Type.Optional(Type.String({ description: "the shopper's session token (or the ut cookie)" })),
};
const Signature = {
  'x-co-client': Type.Optional(Type.String({ description: 'open-API client id' })),
  'x-co-timestamp': Type.Optional(Type.String({ description: 'epoch milliseconds' })),
  'x-co-sign': Type.Optional(Type.String({ description: 'the request signature' })),
};
const AdminKey = {
  'x-admin-key': Type.Optional(
    Type.String({ description: 'MORSEL_ADMIN_KEY (or the cashier key)' }),
  ),
};

export function headersOf(access: Access): TObject | undefined {
  switch (access) {
    case 'user':
    case 'optionalUser':
      return Type.Object(Session);
    case 'signed':
      return Type.Object(Signature);
    case 'signedUser':
      return Type.Object({ ...Signature, ...Session });
    case 'admin':
    case 'cashier':
      return Type.Object(AdminKey);
    case 'public':
    case 'loopback':
    case 'console':
      return undefined;
  }
}

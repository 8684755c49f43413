// The operator's side of the client anti-spam lexicon, on the server REST API (NIM's convention:
// POST /nimserver/antispam/*.action, form-encoded, CheckSum-signed):
//   setClientLexicon  thesaurus=<NIM's thesaurus JSON>  sets the app's lexicon
//   clearClientLexicon                                  removes it (clients then get 404)
// The text is kept as sent: a lexicon clients cannot parse answers them 500, as the spec says,
// but one that is not JSON at all is refused here with 414.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Type, type Static } from '@sinclair/typebox';
import type { Database } from '../../store/index.ts';
import { NimError, type NimActions } from '../rest/index.ts';
import { DocStore } from './documents/doc-store.ts';

const SetForm = Type.Object(
  // The REST scope takes form bodies up to 16 KB.
  { thesaurus: Type.String({ minLength: 2, maxLength: 15_000 }) },
  { additionalProperties: false },
);
const ClearForm = Type.Object({}, { additionalProperties: false });

export function antispamRestActions(db: Kysely<Database>, now: () => number): NimActions {
  const store = new DocStore(db);
  return (scope, appKeyOf) => {
    scope.post<{ Body: Static<typeof SetForm> }>(
      '/nimserver/antispam/setClientLexicon.action',
      { schema: { body: SetForm } },
      async (request) => {
        const { thesaurus } = request.body;
        try {
          JSON.parse(thesaurus);
        } catch {
          throw new NimError(414, 'thesaurus must be JSON text');
        }
        const md5 = createHash('md5').update(thesaurus).digest('hex');
        await store.setLexicon(appKeyOf(request), { thesaurus, md5 }, now());
        return { code: 200, md5 };
      },
    );
    scope.post(
      '/nimserver/antispam/clearClientLexicon.action',
      { schema: { body: ClearForm } },
      async (request) => {
        await store.setLexicon(appKeyOf(request), undefined, now());
        return { code: 200 };
      },
    );
  };
}

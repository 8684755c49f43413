// The operator's side of the client anti-spam lexicon, on the server REST API (NIM's convention:
// POST /nimserver/antispam/*.action, form-encoded, CheckSum-signed):
//   setClientLexicon  thesaurus=<NIM's thesaurus JSON>  sets the app's lexicon
//   clearClientLexicon                                  removes it (clients then get 404)
// The text is kept as sent: a lexicon clients cannot parse answers them 500, as the spec says,
// but one that is not JSON at all is refused here with 414.
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../store/index.ts';
import { NimError, nimAction, type NimActions } from '../rest/index.ts';
import { DocStore } from './documents/doc-store.ts';

export function antispamRestActions(db: Kysely<Database>, now: () => number): NimActions {
  const store = new DocStore(db);
  return (scope, appKeyOf) => {
    nimAction(scope, appKeyOf, 'antispam/setClientLexicon', async ({ appKey, form }) => {
      const { thesaurus } = form;
      try {
        JSON.parse(thesaurus);
      } catch {
        throw new NimError(414, 'thesaurus must be JSON text');
      }
      const md5 = createHash('md5').update(thesaurus).digest('hex');
      await store.setLexicon(appKey, { thesaurus, md5 }, now());
      return { md5 };
    });
    nimAction(scope, appKeyOf, 'antispam/clearClientLexicon', async ({ appKey }) => {
      await store.setLexicon(appKey, undefined, now());
      return {};
    });
  };
}

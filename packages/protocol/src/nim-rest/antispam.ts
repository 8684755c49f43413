// NIM's client anti-spam lexicon actions (/nimserver/antispam/*.action).
import { Type } from '@sinclair/typebox';
import { defineNimActions, NoReply, strict } from './define.ts';

export const ANTISPAM_ACTIONS = defineNimActions({
  'antispam/setClientLexicon': {
    summary: "Sets the app's client anti-spam lexicon (NIM's thesaurus JSON)",
    // The REST scope takes form bodies up to 16 KB.
    form: Type.Object({ thesaurus: Type.String({ minLength: 2, maxLength: 15_000 }) }, strict),
    reply: Type.Object({ md5: Type.String() }),
  },
  'antispam/clearClientLexicon': {
    summary: 'Removes the lexicon (clients then get 404)',
    form: Type.Object({}, strict),
    reply: NoReply,
  },
});

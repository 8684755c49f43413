// The document commands of the IM link (getNosTokenTrans, fetchFile, fetchFileList, removeFile)
// and getClientAntispam, which reads the lexicon the operator set (antispam-rest.ts).
import { CommandError, type ImGateway } from '../../gateway/index.ts';
import { DocumentRefused, type Documents } from './documents.ts';
import { TooManyGrants } from '../grants.ts';

async function refusals<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DocumentRefused) throw new CommandError(error.status, error.message);
    if (error instanceof TooManyGrants) throw new CommandError(419, error.message);
    throw error;
  }
}

export function registerDocumentHandlers(im: ImGateway, documents: Documents): void {
  im.gateway.use({
    getNosTokenTrans: ({ session }, { type, name }) =>
      refusals(() => documents.grant(session, type, name)),

    fetchFile: async ({ session }, { docId }) => ({
      file: await refusals(() => documents.fetch(session, docId)),
    }),

    fetchFileList: ({ session }, { fileListParam }) =>
      refusals(() => documents.list(session, fileListParam.limit, fileListParam.fromDocId)),

    async removeFile({ session }, { docId }) {
      await refusals(() => documents.remove(session, docId));
    },

    async getClientAntispam({ session }) {
      const lexicon = await documents.store.lexicon(session.appKey);
      return lexicon ? { thesaurus: lexicon.thesaurus } : {};
    },
  });
}

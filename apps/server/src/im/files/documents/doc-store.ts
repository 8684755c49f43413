// Every query of IM documents (migration 0027): the document rows with their transcoding state
// and pages, and the apps' client anti-spam lexicons.
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../../store/index.ts';
import type { ImDocTable } from '../tables.ts';

export type DocRow = Selectable<ImDocTable>;

export class DocStore {
  constructor(private readonly db: Kysely<Database>) {}

  async add(doc: DocRow): Promise<void> {
    await this.db.insertInto('im_docs').values(doc).execute();
  }

  async doc(docId: string): Promise<DocRow | undefined> {
    return this.db.selectFrom('im_docs').selectAll().where('doc_id', '=', docId).executeTakeFirst();
  }

  async docOfObject(objectName: string): Promise<DocRow | undefined> {
    return this.db
      .selectFrom('im_docs')
      .selectAll()
      .where('object_name', '=', objectName)
      .executeTakeFirst();
  }

  /** Moves a document from one state to the next; false when it was not in `from` (or is gone). */
  async transition(
    docId: string,
    from: DocRow['state'],
    change: Partial<Pick<DocRow, 'state' | 'size' | 'pages' | 'error'>> & { updated_at: number },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('im_docs')
      .set(change)
      .where('doc_id', '=', docId)
      .where('state', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Documents left transcoding (a process stopped during the job): to run again. */
  async inState(state: DocRow['state'], limit: number): Promise<DocRow[]> {
    return this.db
      .selectFrom('im_docs')
      .selectAll()
      .where('state', '=', state)
      .orderBy('updated_at')
      .limit(limit)
      .execute();
  }

  /** The account's documents, newest first, after the cursor document when given. */
  async list(
    owner: { appKey: string; accid: string },
    limit: number,
    after?: { created_at: number; doc_id: string },
  ): Promise<DocRow[]> {
    let query = this.db
      .selectFrom('im_docs')
      .selectAll()
      .where('app_key', '=', owner.appKey)
      .where('accid', '=', owner.accid);
    if (after)
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '<', after.created_at),
          eb.and([eb('created_at', '=', after.created_at), eb('doc_id', '<', after.doc_id)]),
        ]),
      );
    return query.orderBy('created_at', 'desc').orderBy('doc_id', 'desc').limit(limit).execute();
  }

  async count(owner: { appKey: string; accid: string }): Promise<number> {
    const row = await this.db
      .selectFrom('im_docs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('app_key', '=', owner.appKey)
      .where('accid', '=', owner.accid)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async remove(docId: string): Promise<void> {
    await this.db.deleteFrom('im_docs').where('doc_id', '=', docId).execute();
  }

  // The client anti-spam lexicon ------------------------------------------------------------------

  async lexicon(appKey: string): Promise<{ thesaurus: string; md5: string } | undefined> {
    return this.db
      .selectFrom('im_client_antispam')
      .select(['thesaurus', 'md5'])
      .where('app_key', '=', appKey)
      .executeTakeFirst();
  }

  /** Sets (or, with undefined, clears) the app's lexicon. */
  async setLexicon(
    appKey: string,
    lexicon: { thesaurus: string; md5: string } | undefined,
    now: number,
  ): Promise<void> {
    if (!lexicon) {
      await this.db.deleteFrom('im_client_antispam').where('app_key', '=', appKey).execute();
      return;
    }
    await this.db
      .insertInto('im_client_antispam')
      .values({ app_key: appKey, ...lexicon, updated_at: now })
      .onConflict((oc) => oc.column('app_key').doUpdateSet({ ...lexicon, updated_at: now }))
      .execute();
  }
}

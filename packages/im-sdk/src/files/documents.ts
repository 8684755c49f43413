// Documents to transcode (spec section 5): only ppt, pptx and pdf. A transcoding grant
// (getNosTokenTrans: an upload token and the docId) then the same upload as any file; the server
// transcodes in the background and fetchFile shows the pages.
import { DOCUMENT_EXTS, DOCUMENT_FORMAT_RULE, ImError } from '@morsel/protocol';
import type { FilesContext } from './files-manager.ts';
import { resolveFileSource, shownName, type FileSourceOptions } from './file-source.ts';
import { FileUploader, type UploadOptions } from './uploader.ts';

export type DocumentOptions = Omit<FileSourceOptions, 'type'> &
  Pick<UploadOptions, 'onuploadprogress' | 'onbeginupload' | 'retries'> & {
    /** The name shown in the file list (default: the file's own name). */
    name?: string;
  };

export class DocumentUploader {
  private readonly uploader: FileUploader;

  constructor(private readonly context: FilesContext) {
    this.uploader = new FileUploader(context);
  }

  async upload(options: DocumentOptions): Promise<{ docId: string }> {
    const source = await resolveFileSource({ ...options, type: 'file' });
    if (!(DOCUMENT_EXTS as readonly string[]).includes(source.ext))
      throw new ImError('Wrong_File_Type', DOCUMENT_FORMAT_RULE);
    const name = options.name ?? (shownName(source) || `document.${source.ext}`);
    const { nosToken, docId } = await this.context.send('getNosTokenTrans', {
      type: source.ext,
      name,
    });
    await this.uploader.uploadWithToken(source, nosToken, options);
    return { docId };
  }
}

import { type FileResponse, SUPPORT_ATTACHMENT_LIMITS, type SupportAttachment } from '@central/domain';
import { and, asc, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client.ts';
import { supportAttachments } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';

/** A file as the route received it: the name the browser gave and the bytes. */
export interface ReceivedFile {
  name: string;
  data: Buffer;
}

/** A received file once its content is known to be one the portal takes. */
export interface CheckedFile {
  name: string;
  contentType: string;
  data: Buffer;
}

const invalid = () => new AppError(400, 'ATTACHMENT_INVALID');

/**
 * The type of each file by its content (magic numbers, `file-type`), never by its name or the browser's
 * word: an image or a PDF, at most 5 MB, at most 3. The name keeps its base, without paths or control
 * characters, and takes the extension of what the file is.
 */
export async function checkFiles(files: ReceivedFile[]): Promise<CheckedFile[]> {
  if (files.length === 0 || files.length > SUPPORT_ATTACHMENT_LIMITS.files) throw invalid();
  return Promise.all(
    files.map(async (file) => {
      if (file.data.length === 0 || file.data.length > SUPPORT_ATTACHMENT_LIMITS.bytes) throw invalid();
      const type = await fileTypeFromBuffer(file.data);
      const allowed: readonly string[] = SUPPORT_ATTACHMENT_LIMITS.types;
      if (!type || !allowed.includes(type.mime)) throw invalid();
      const base =
        (file.name.split(/[\\/]/).pop() ?? '')
          // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
          .replace(/[\u0000-\u001f\u007f"<>|:*?]+/g, '')
          .replace(/\.[^.]*$/, '')
          .trim()
          .slice(0, 100) || 'anexo';
      return { name: `${base}.${type.ext}`, contentType: type.mime, data: file.data };
    }),
  );
}

type Owner = { tenantId: string; erpCustomerId: string; supportId: string };

export async function saveAttachment(
  db: Db,
  owner: Owner,
  a: { messageId: string | null; erpFileId: string; file: CheckedFile },
): Promise<SupportAttachment> {
  const [row] = await db
    .insert(supportAttachments)
    .values({
      ...owner,
      messageId: a.messageId,
      erpFileId: a.erpFileId,
      name: a.file.name,
      contentType: a.file.contentType,
      size: a.file.data.length,
      data: a.file.data,
    })
    .returning({ id: supportAttachments.id });
  if (!row) throw new Error('attachment not saved');
  return {
    id: row.id,
    messageId: a.messageId,
    name: a.file.name,
    contentType: a.file.contentType,
    size: a.file.data.length,
  };
}

const ownedBy = (owner: Owner) =>
  and(
    eq(supportAttachments.tenantId, owner.tenantId),
    eq(supportAttachments.erpCustomerId, owner.erpCustomerId),
    eq(supportAttachments.supportId, owner.supportId),
  );

/** The files of one request of one customer, oldest first, without their bytes. */
export function listAttachments(db: Db, owner: Owner): Promise<SupportAttachment[]> {
  return db
    .select({
      id: supportAttachments.id,
      messageId: supportAttachments.messageId,
      name: supportAttachments.name,
      contentType: supportAttachments.contentType,
      size: supportAttachments.size,
    })
    .from(supportAttachments)
    .where(ownedBy(owner))
    .orderBy(asc(supportAttachments.createdAt));
}

/** One file, only for the customer who sent it, on their request. */
export async function attachmentFile(db: Db, owner: Owner, id: string): Promise<FileResponse> {
  const [row] = await db
    .select({
      name: supportAttachments.name,
      contentType: supportAttachments.contentType,
      data: supportAttachments.data,
    })
    .from(supportAttachments)
    .where(and(ownedBy(owner), eq(supportAttachments.id, id)))
    .limit(1);
  if (!row) throw new AppError(404, 'ATTACHMENT_NOT_FOUND');
  return { base64: row.data.toString('base64'), filename: row.name, contentType: row.contentType };
}

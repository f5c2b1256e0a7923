import { z } from 'zod';
import {
  DEFAULT_PAGE_SIZE,
  FORBIDDEN_EXTENSIONS,
  GENERAL_MAX_UPLOAD_BYTES,
  MAX_PAGE_SIZE,
  UPLOAD_PROFILES,
  type UploadProfile,
} from './constants.ts';
import { pageOf } from './pagination.ts';
import { IdSchema } from './validation.ts';

/**
 * Contracts of the file-space calls (`/api/upload/*`, spec §7 'Uploads', issue 4) and the file
 * kinds behind the icons of spec §1. Server and web import the same schemas and tables.
 */

/** The icons of spec §1. Every node maps to exactly one. */
export const FILE_KINDS = [
  'folder',
  'document',
  'archive',
  'audio',
  'video',
  'image',
  'spreadsheet',
  'code',
  'pdf',
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/**
 * Extensions a file space accepts, by icon. This table is the allowlist of the `space` upload
 * profile: a type not listed here cannot enter a space (and exe/sh never can, spec §5).
 */
export const EXTENSIONS_BY_KIND = {
  pdf: ['pdf'],
  image: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'tif', 'tiff', 'svg'],
  document: ['doc', 'docx', 'odt', 'rtf', 'wps', 'txt', 'md', 'tex', 'bib', 'ppt', 'pptx', 'odp', 'epub'],
  spreadsheet: ['xls', 'xlsx', 'ods', 'et', 'csv', 'tsv'],
  archive: ['zip', 'rar', '7z', 'tar', 'gz', 'tgz', 'bz2', 'xz'],
  audio: ['mp3', 'wav', 'flac', 'aac', 'm4a', 'ogg', 'oga', 'opus', 'wma'],
  video: ['mp4', 'm4v', 'mov', 'avi', 'mkv', 'webm', 'wmv', 'flv', 'mpg', 'mpeg'],
  code: [
    'py',
    'ipynb',
    'r',
    'm',
    'jl',
    'nb',
    'c',
    'h',
    'cpp',
    'hpp',
    'cs',
    'java',
    'scala',
    'kt',
    'go',
    'rs',
    'js',
    'ts',
    'json',
    'xml',
    'yaml',
    'yml',
    'toml',
    'ini',
    'sql',
    'html',
    'css',
    'rb',
    'php',
    'sas',
    'do',
    'gms',
    'mod',
    'lp',
    'log',
  ],
} as const satisfies Record<Exclude<FileKind, 'folder'>, readonly string[]>;

const KIND_OF_EXTENSION: ReadonlyMap<string, FileKind> = new Map(
  Object.entries(EXTENSIONS_BY_KIND).flatMap(([kind, exts]) => exts.map((ext) => [ext, kind as FileKind] as const)),
);

/**
 * Extensions whose content is plain text: no magic bytes to sniff, so the server checks that the
 * bytes look like text instead (no NUL bytes) and stores them as text/plain.
 */
export const TEXT_EXTENSIONS: readonly string[] = [
  'txt',
  'md',
  'tex',
  'bib',
  'csv',
  'tsv',
  'svg',
  ...EXTENSIONS_BY_KIND.code,
];

/** Images and PDFs open in the browser (spec: 'images and PDFs can be previewed'). */
export const PREVIEW_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'pdf'];

/** The lower-case extension of a name ('' when there is none; a leading dot is not one). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The full name a rename gives a file whose extension is `ext` (the server keeps extensions, since
 * the content was checked against it): a typed name that already ends in `.ext` stays as it is,
 * any other gets `.ext` appended. `null` when the typed name ends in another known file type's
 * extension (`report.pdf` for a .csv): the server would refuse it, so the form says so first.
 */
export function renamedFileName(typed: string, ext: string): string | null {
  const name = typed.trim();
  if (!ext) return name;
  const typedExt = fileExtension(name);
  if (typedExt === ext) return name;
  if (typedExt && KIND_OF_EXTENSION.has(typedExt)) return null;
  return `${name}.${ext}`;
}

/** The icon of a node (spec §1); files of an unknown type show the document icon. */
export function fileKind(name: string, isDir = false): FileKind {
  if (isDir) return 'folder';
  return KIND_OF_EXTENSION.get(fileExtension(name)) ?? 'document';
}

export const isPreviewable = (name: string) => PREVIEW_EXTENSIONS.includes(fileExtension(name));

/**
 * The upload profile of file spaces: spec §5's general rule (any listed type, at most 10,485,760
 * bytes; exe and sh never). The named profiles of spec §5 (UPLOAD_PROFILES) stay available to
 * features that need a stricter rule, e.g. demand attachments.
 */
export const SPACE_UPLOAD_PROFILE: UploadProfile = {
  extensions: [...KIND_OF_EXTENSION.keys()].filter((ext) => !(FORBIDDEN_EXTENSIONS as readonly string[]).includes(ext)),
  maxBytes: GENERAL_MAX_UPLOAD_BYTES,
};

/** Profiles the upload call accepts by name (`?profile=`); `space` is the default. */
export const FILE_UPLOAD_PROFILES = { space: SPACE_UPLOAD_PROFILE, ...UPLOAD_PROFILES } as const;
export type FileUploadProfileName = keyof typeof FILE_UPLOAD_PROFILES;
export const FILE_UPLOAD_PROFILE_NAMES = Object.keys(FILE_UPLOAD_PROFILES) as [
  FileUploadProfileName,
  ...FileUploadProfileName[],
];

/** Business constants of file spaces (issue 4). */
export const TRASH_RETENTION_DAYS = 30;
/** Default quota of a user and of an organisation; the server's env may change it. */
export const DEFAULT_QUOTA_BYTES = 1024 * 1024 * 1024;
/** Signed download links live this long (seconds). */
export const DOWNLOAD_URL_TTL_S = 600;
/** A file or folder name: at most this many characters. */
export const FILE_NAME_MAX = 255;
/** Items one call may act on (move, delete, restore, purge, batch download). */
export const FILE_BATCH_MAX = 200;
/** Files and folders a single zip may hold. */
export const ZIP_MAX_ENTRIES = 10_000;
/** Folders may nest this deep below a space's root. */
export const FOLDER_MAX_DEPTH = 32;

export const SPACE_ROLES = ['read', 'write', 'manage'] as const;
export type SpaceRole = (typeof SPACE_ROLES)[number];

/** Characters a name may not hold: path separators, NUL and other controls, bidi overrides (spoofed extensions). */
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const NAME_FORBIDDEN_RE = /[/\\\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/;

/** True when a (trimmed, NFC) name can be a file or folder name. Names are metadata only, never paths. */
export function isValidFileName(name: string): boolean {
  return (
    name.length > 0 &&
    [...name].length <= FILE_NAME_MAX &&
    name !== '.' &&
    name !== '..' &&
    !NAME_FORBIDDEN_RE.test(name)
  );
}

/** A file or folder name: trimmed, Unicode NFC, 1–255 characters, no slashes, NUL or control characters. */
export const FileNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .transform((name) => name.normalize('NFC'))
  .refine((name) => [...name].length <= FILE_NAME_MAX, {
    error: 'validation.maxLength',
    params: { max: FILE_NAME_MAX },
  })
  .refine(isValidFileName, { error: 'validation.fileName' });

/** A list of node ids: a JSON array in a body, or '1,2,3' in a query. */
export const IdListSchema = z.preprocess(
  (value) =>
    typeof value === 'string' ? value.split(',').filter(Boolean) : typeof value === 'number' ? [value] : value,
  z
    .array(IdSchema, { error: 'validation.required' })
    .min(1, 'validation.required')
    .max(FILE_BATCH_MAX, 'validation.invalid'),
);

const PageSchema = z.coerce.number().int('validation.invalid').min(1, 'validation.invalid').default(1);
const PageSizeSchema = z.coerce
  .number()
  .int('validation.invalid')
  .min(1, 'validation.invalid')
  .max(MAX_PAGE_SIZE, 'validation.invalid')
  .default(DEFAULT_PAGE_SIZE);

/** GET upload/getAttachmentList: one folder's live children, folders first. No space = the caller's personal space. */
export const AttachmentListQuerySchema = z.object({
  space_id: IdSchema.optional(),
  /** The folder to list; absent = the space's root. */
  parent_id: IdSchema.optional(),
  page: PageSchema,
  page_size: PageSizeSchema,
  sort: z.enum(['name', 'updated_at', 'size'], { error: 'validation.invalid' }).default('name'),
  order: z.enum(['asc', 'desc'], { error: 'validation.invalid' }).default('asc'),
});
export type AttachmentListInput = z.infer<typeof AttachmentListQuerySchema>;

/** Query of POST upload/upload (multipart, field `file`; signed with ignore_sign=1). */
export const UploadQuerySchema = z.object({
  space_id: IdSchema.optional(),
  parent_id: IdSchema.optional(),
  profile: z.enum(FILE_UPLOAD_PROFILE_NAMES, { error: 'validation.invalid' }).default('space'),
  /** The file's size as the browser knows it: lets the server refuse before any byte is stored. */
  size: z.coerce.number().int('validation.invalid').min(0, 'validation.invalid').optional(),
});
export type UploadQuery = z.infer<typeof UploadQuerySchema>;

/** Query of POST upload/update (multipart): replaces a file's content, keeping its id, name and place. */
export const UpdateQuerySchema = z.object({
  id: IdSchema,
  profile: z.enum(FILE_UPLOAD_PROFILE_NAMES, { error: 'validation.invalid' }).default('space'),
  size: z.coerce.number().int('validation.invalid').min(0, 'validation.invalid').optional(),
});
export type UpdateQuery = z.infer<typeof UpdateQuerySchema>;

/** POST upload/createDirOrFile: a new folder, or a copy of a file the caller can read (`source_id`). */
export const CreateDirOrFileSchema = z
  .object({
    space_id: IdSchema.optional(),
    parent_id: IdSchema.optional(),
    type: z.enum(['dir', 'file'], { error: 'validation.invalid' }),
    name: FileNameSchema.optional(),
    source_id: IdSchema.optional(),
  })
  .superRefine((value, issue) => {
    if (value.type === 'dir' && !value.name)
      issue.addIssue({ code: 'custom', path: ['name'], message: 'validation.required' });
    if (value.type === 'file' && !value.source_id)
      issue.addIssue({ code: 'custom', path: ['source_id'], message: 'validation.required' });
  });
export type CreateDirOrFileInput = z.infer<typeof CreateDirOrFileSchema>;

/** POST upload/moveFile: moves nodes into a folder of the same space (absent = the space's root). */
export const MoveFileSchema = z.object({ ids: IdListSchema, target_id: IdSchema.optional() });
export type MoveFileInput = z.infer<typeof MoveFileSchema>;

/** POST upload/delete, upload/restore, upload/purge. */
export const NodeIdsSchema = z.object({ ids: IdListSchema });
export type NodeIdsInput = z.infer<typeof NodeIdsSchema>;

/** POST upload/updateFileName. */
export const UpdateFileNameSchema = z.object({ id: IdSchema, name: FileNameSchema });
export type UpdateFileNameInput = z.infer<typeof UpdateFileNameSchema>;

/** POST upload/downloadUrl: a short-lived signed link; `inline=1` previews images and PDFs. */
export const DownloadUrlSchema = z.object({ id: IdSchema, inline: z.coerce.number().int().min(0).max(1).default(0) });
export type DownloadUrlInput = z.infer<typeof DownloadUrlSchema>;

/** POST upload/batchDownLoad: a signed link to a zip of the chosen files and folders. */
export const BatchDownloadSchema = z.object({ ids: IdListSchema, name: FileNameSchema.optional() });
export type BatchDownloadInput = z.infer<typeof BatchDownloadSchema>;

/**
 * GET upload/download/:id, opened by the browser itself (<img>, <a>, a new tab): the link's HMAC
 * `s` over the node, the user `u` it was issued to, its expiry `e` (unix seconds) and the
 * disposition `d` (inline, attachment) stands in for the session.
 */
export const SignedFileQuerySchema = z.object({
  id: IdSchema,
  u: IdSchema,
  e: z.coerce.number().int(),
  d: z.enum(['i', 'a']),
  s: z.string().min(1).max(100),
});
export type SignedFileQuery = z.infer<typeof SignedFileQuerySchema>;

/** GET upload/batchDownLoad (signed as SignedFileQuerySchema): the zip of `ids`, named `n`. */
export const SignedZipQuerySchema = z.object({
  ids: z.string().regex(/^\d+(,\d+)*$/),
  u: IdSchema,
  e: z.coerce.number().int(),
  n: z.string().min(1).max(300),
  s: z.string().min(1).max(100),
});
export type SignedZipQuery = z.infer<typeof SignedZipQuerySchema>;

/** GET upload/trashList and POST upload/emptyTrash. */
export const TrashListQuerySchema = z.object({
  space_id: IdSchema.optional(),
  page: PageSchema,
  page_size: PageSizeSchema,
});
export type TrashListInput = z.infer<typeof TrashListQuerySchema>;
export const SpaceRefSchema = z.object({ space_id: IdSchema.optional() });

/* ---- results ---- */

/** Storage used and allowed for the holder a space charges (a user or an organisation). */
export const QuotaSchema = z.object({
  holder: z.enum(['user', 'org', 'platform']),
  used_bytes: z.number().int(),
  quota_bytes: z.number().int(),
});
export type Quota = z.infer<typeof QuotaSchema>;

export const SpaceInfoSchema = z.object({
  id: z.number().int(),
  /** 'personal', 'shared_tpl', or the kind a feature created (e.g. 'subject'). */
  kind: z.string(),
  name: z.string(),
  root_id: z.number().int(),
  role: z.enum(SPACE_ROLES),
  quota: QuotaSchema,
});
export type SpaceInfo = z.infer<typeof SpaceInfoSchema>;

/** `GET upload/spaces`: the personal space first, shared templates if allowed, then the rest. */
export const SpaceListSchema = z.object({ items: z.array(SpaceInfoSchema) });
export type SpaceList = z.infer<typeof SpaceListSchema>;

export const FileNodeSchema = z.object({
  id: z.number().int(),
  space_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  type: z.enum(['dir', 'file']),
  kind: z.enum(FILE_KINDS),
  ext: z.string().nullable(),
  /** Bytes; null for folders. */
  size: z.number().int().nullable(),
  mime: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Whether the caller may rename, move, replace or delete it. */
  editable: z.boolean(),
  /** Signed links (files only); valid until the list's `url_expires_at`. */
  download_url: z.string().nullable(),
  preview_url: z.string().nullable(),
});
export type FileNode = z.infer<typeof FileNodeSchema>;

/** `GET upload/getAttachmentList`: one page of a folder, folders first, with signed links. */
export const AttachmentListSchema = pageOf(FileNodeSchema).extend({
  space: SpaceInfoSchema,
  folder: z.object({ id: z.number().int(), name: z.string(), parent_id: z.number().int().nullable() }),
  /** From the root (first) to the listed folder (last). */
  path: z.array(z.object({ id: z.number().int(), name: z.string() })),
  url_expires_at: z.string(),
});
export type AttachmentList = z.infer<typeof AttachmentListSchema>;

/** `POST upload/moveFile` and `upload/restore`: the nodes as they are now. */
export const FileNodeListSchema = z.object({ items: z.array(FileNodeSchema) });
export type FileNodeList = z.infer<typeof FileNodeListSchema>;

/** `POST upload/delete` and `upload/purge`: the ids acted on. */
export const ChangedNodeIdsSchema = z.object({ ids: z.array(z.number().int()) });
export type ChangedNodeIds = z.infer<typeof ChangedNodeIdsSchema>;

/** `POST upload/emptyTrash`: how many trashed items were purged. */
export const TrashEmptiedSchema = z.object({ purged: z.number().int() });
export type TrashEmptied = z.infer<typeof TrashEmptiedSchema>;

export const TrashItemSchema = FileNodeSchema.extend({
  trashed_at: z.string(),
  trashed_by: z.number().int().nullable(),
  /** Purged automatically then. */
  expires_at: z.string(),
  /** The folder it was deleted from, as names from the root ('' = the root). */
  origin: z.string(),
});
export type TrashItem = z.infer<typeof TrashItemSchema>;

/** `GET upload/trashList`: what was deleted in a space, newest first. */
export const TrashListSchema = pageOf(TrashItemSchema).extend({ space: SpaceInfoSchema });
export type TrashList = z.infer<typeof TrashListSchema>;

/** A short-lived signed link (`POST upload/downloadUrl`). */
export const SignedUrlSchema = z.object({ url: z.string(), expires_at: z.string() });
export type SignedUrl = z.infer<typeof SignedUrlSchema>;

/** `POST upload/batchDownLoad`: a signed link to the zip, and the zip's file name. */
export const ZipLinkSchema = SignedUrlSchema.extend({ name: z.string() });
export type ZipLink = z.infer<typeof ZipLinkSchema>;

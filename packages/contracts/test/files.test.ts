import { describe, expect, it } from 'vitest';
import { FORBIDDEN_EXTENSIONS, GENERAL_MAX_UPLOAD_BYTES, UPLOAD_PROFILES } from '../src/constants.ts';
import {
  CreateDirOrFileSchema,
  EXTENSIONS_BY_KIND,
  FILE_KINDS,
  FILE_UPLOAD_PROFILES,
  FileNameSchema,
  IdListSchema,
  SPACE_UPLOAD_PROFILE,
  UploadQuerySchema,
  fileExtension,
  fileKind,
  isPreviewable,
  isValidFileName,
  renamedFileName,
} from '../src/files.ts';
import { fieldErrors } from '../src/validation.ts';

describe('file kinds (spec §1 icons)', () => {
  it('has exactly the nine icons of the spec', () => {
    expect([...FILE_KINDS].sort()).toEqual([
      'archive',
      'audio',
      'code',
      'document',
      'folder',
      'image',
      'pdf',
      'spreadsheet',
      'video',
    ]);
  });

  it.each([
    ['论文.PDF', 'pdf'],
    ['photo.JPEG', 'image'],
    ['data.xlsx', 'spreadsheet'],
    ['data.csv', 'spreadsheet'],
    ['report.docx', 'document'],
    ['slides.pptx', 'document'],
    ['bundle.tar.gz', 'archive'],
    ['x.7z', 'archive'],
    ['talk.mp3', 'audio'],
    ['demo.mp4', 'video'],
    ['fit.py', 'code'],
    ['notebook.ipynb', 'code'],
    ['README', 'document'],
    ['.bashrc', 'document'],
  ])('%s shows the %s icon', (name, kind) => {
    expect(fileKind(name)).toBe(kind);
  });

  it('a folder is a folder whatever its name', () => {
    expect(fileKind('archive.zip', true)).toBe('folder');
  });

  it('lists no extension under two kinds', () => {
    const all = Object.values(EXTENSIONS_BY_KIND).flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it('previews images and PDFs only', () => {
    expect(['a.png', 'b.JPG', 'c.pdf', 'd.webp'].every(isPreviewable)).toBe(true);
    expect(['a.svg', 'b.docx', 'c.html', 'd.mp4'].some(isPreviewable)).toBe(false);
  });

  it('reads extensions the way the server does', () => {
    expect(fileExtension('a.tar.GZ')).toBe('gz');
    expect(fileExtension('.hidden')).toBe('');
    expect(fileExtension('trailing.')).toBe('');
  });

  it('a rename keeps the extension without doubling one the user typed', () => {
    expect(renamedFileName('sales-2025.csv', 'csv')).toBe('sales-2025.csv');
    expect(renamedFileName(' sales-2025.CSV ', 'csv')).toBe('sales-2025.CSV');
    expect(renamedFileName('sales-2025', 'csv')).toBe('sales-2025.csv');
    expect(renamedFileName('report v1.2', 'csv')).toBe('report v1.2.csv');
    expect(renamedFileName('sales.pdf', 'csv')).toBeNull();
    expect(renamedFileName('Folder.csv', '')).toBe('Folder.csv');
  });
});

describe('upload profiles', () => {
  it('the space profile is the general rule: 10,485,760 bytes, never exe or sh', () => {
    expect(SPACE_UPLOAD_PROFILE.maxBytes).toBe(GENERAL_MAX_UPLOAD_BYTES);
    for (const ext of FORBIDDEN_EXTENSIONS) expect(SPACE_UPLOAD_PROFILE.extensions).not.toContain(ext);
  });

  it('every named profile of spec §5 can be chosen by name, plus space as the default', () => {
    expect(Object.keys(FILE_UPLOAD_PROFILES).sort()).toEqual(['space', ...Object.keys(UPLOAD_PROFILES)].sort());
    expect(UploadQuerySchema.parse({}).profile).toBe('space');
    expect(UploadQuerySchema.safeParse({ profile: 'anything' }).success).toBe(false);
  });
});

describe('file names', () => {
  it.each(['report.pdf', '课题 计划（终稿）.docx', 'a'.repeat(255), 'Ω.txt', 'no extension'])('accepts %s', (name) => {
    expect(isValidFileName(name)).toBe(true);
  });

  it.each(['', '.', '..', 'a/b', 'a\\b', 'nul\u0000', 'bell\u0007', 'del\u007f', 'gpj.\u202eexe', 'a'.repeat(256)])(
    'refuses %j',
    (name) => {
      expect(isValidFileName(name)).toBe(false);
    },
  );

  it('trims, normalises to NFC, and explains what failed in every locale', () => {
    expect(FileNameSchema.parse('  cafe\u0301.txt ')).toBe('café.txt');
    const bad = FileNameSchema.safeParse('../etc');
    expect(bad.success).toBe(false);
    if (!bad.success) {
      expect(fieldErrors(bad.error, 'en-US')[0]?.message).toMatch(/may not contain \//);
      expect(fieldErrors(bad.error, 'zh-CN')[0]?.message).toMatch(/名称不能包含/);
      expect(fieldErrors(bad.error, 'zh-HK')[0]?.message).toMatch(/名稱不能包含/);
    }
    const long = FileNameSchema.safeParse('x'.repeat(256));
    if (!long.success)
      expect(fieldErrors(long.error, 'en-US')[0]?.message).toBe('Shorten the information to 255 characters');
  });
});

describe('call inputs', () => {
  it('takes id lists as arrays or comma-separated text, 1 to 200 of them', () => {
    expect(IdListSchema.parse([1, '2'])).toEqual([1, 2]);
    expect(IdListSchema.parse('3,4')).toEqual([3, 4]);
    expect(IdListSchema.safeParse([]).success).toBe(false);
    expect(IdListSchema.safeParse(Array.from({ length: 201 }, (_, i) => i + 1)).success).toBe(false);
    expect(IdListSchema.safeParse([0]).success).toBe(false);
  });

  it('a folder needs a name and a copy needs its source', () => {
    expect(CreateDirOrFileSchema.safeParse({ type: 'dir' }).success).toBe(false);
    expect(CreateDirOrFileSchema.safeParse({ type: 'file', name: 'x.pdf' }).success).toBe(false);
    expect(CreateDirOrFileSchema.parse({ type: 'file', source_id: '5' })).toMatchObject({ type: 'file', source_id: 5 });
  });
});

import { describe, expect, it } from 'vitest';
import { attachmentName } from './content-disposition.ts';

describe('the file name of a download', () => {
  it('is the UTF-8 name the server sends for a Chinese title', () => {
    const header = `attachment; filename="____ 12.ipynb"; filename*=UTF-8''${encodeURIComponent('最小二乘 12.ipynb')}`;
    expect(attachmentName(header)).toBe('最小二乘 12.ipynb');
  });

  it('falls back to the plain name, quoted or not', () => {
    expect(attachmentName('attachment; filename="report \\"v2\\".ipynb"')).toBe('report "v2".ipynb');
    expect(attachmentName('attachment; filename=plain.ipynb')).toBe('plain.ipynb');
    expect(attachmentName('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="ok.ipynb"')).toBe('ok.ipynb');
  });

  it('is unknown without a header or a name in it', () => {
    expect(attachmentName(null)).toBeNull();
    expect(attachmentName('attachment')).toBeNull();
  });
});

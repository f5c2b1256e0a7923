/**
 * Test file contents with real magic bytes, padded to an exact size: what the upload sniffer
 * must accept (or refuse when the extension lies). One place for every suite.
 */

export const pad = (head: Buffer, size: number, fill = 0): Buffer => {
  if (size < head.length) throw new Error(`fixture needs at least ${head.length} bytes`);
  return Buffer.concat([head, Buffer.alloc(size - head.length, fill)]);
};

/** A PNG signature + IHDR chunk. */
export const png = (size = 1000) =>
  pad(Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), size);
/** A JPEG SOI + JFIF APP0 header. */
export const jpg = (size = 1000) => pad(Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), size);
/** A BMP file header (BM…) with a BITMAPINFOHEADER. */
export function bmp(size = 1000): Buffer {
  const head = Buffer.alloc(54);
  head.write('BM', 0, 'ascii');
  head.writeUInt32LE(size, 2);
  head.writeUInt32LE(54, 10);
  head.writeUInt32LE(40, 14);
  head.writeInt32LE(1, 18);
  head.writeInt32LE(1, 22);
  head.writeUInt16LE(1, 26);
  head.writeUInt16LE(24, 28);
  return pad(head, size);
}
export const gif = (size = 206) => pad(Buffer.from('GIF89a', 'latin1'), size);
export const pdf = (size = 1000) =>
  pad(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1'), size, 0x20);
/** A Windows executable (MZ header), to disguise under image or document names. */
export const exe = (size = 4016) => pad(Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), size);

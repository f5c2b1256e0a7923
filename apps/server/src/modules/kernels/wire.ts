import { randomUUID } from 'node:crypto';

/**
 * Just enough of Jupyter's kernel WebSocket wire formats for the proxy's limits: reading a
 * message's channel, type, parent and content, and writing a synthetic stream message.
 * - the default protocol ('' ): one JSON text frame per message (binary frames carry buffers,
 *   only comms use them; the proxy passes those through unread);
 * - `v1.kernel.websocket.jupyter.org`: binary frames, a little-endian uint64 count N, N uint64
 *   offsets, then channel, header, parent_header, metadata, content and buffers between offsets
 *   (jupyter_server serialize_msg_to_ws_v1).
 */
export const V1_PROTOCOL = 'v1.kernel.websocket.jupyter.org';

export interface WireMessage {
  channel: string;
  msgType: string;
  msgId: string;
  parentId: string | null;
  parentType: string | null;
  session: string;
  content: Record<string, unknown>;
  parentHeader: Record<string, unknown>;
}

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json => (value && typeof value === 'object' ? (value as Json) : {});

function message(channel: unknown, header: Json, parent: Json, content: Json): WireMessage {
  return {
    channel: typeof channel === 'string' ? channel : '',
    msgType: String(header.msg_type ?? ''),
    msgId: String(header.msg_id ?? ''),
    parentId: typeof parent.msg_id === 'string' ? parent.msg_id : null,
    parentType: typeof parent.msg_type === 'string' ? parent.msg_type : null,
    session: String(header.session ?? ''),
    content,
    parentHeader: parent,
  };
}

/** Reads a frame; null when it is not a message this module understands. */
export function decodeFrame(data: Buffer, isBinary: boolean, protocol: string): WireMessage | null {
  try {
    if (protocol === V1_PROTOCOL) {
      if (!isBinary || data.length < 16) return null;
      const count = Number(data.readBigUInt64LE(0));
      if (count < 6 || count > 1000 || data.length < 8 * (count + 1)) return null;
      const offsets = Array.from({ length: count }, (_, i) => Number(data.readBigUInt64LE(8 * (i + 1))));
      const part = (i: number) => data.subarray(offsets[i], offsets[i + 1] ?? data.length);
      const json = (i: number) => asObject(JSON.parse(part(i).toString('utf8')));
      return message(part(0).toString('utf8'), json(1), json(2), json(4));
    }
    if (isBinary) return null;
    const parsed = asObject(JSON.parse(data.toString('utf8')));
    return message(parsed.channel, asObject(parsed.header), asObject(parsed.parent_header), asObject(parsed.content));
  } catch {
    return null;
  }
}

/** A stream message on iopub, as the kernel would send it, in the connection's protocol. */
export function streamFrame(
  protocol: string,
  parent: WireMessage,
  name: 'stdout' | 'stderr',
  text: string,
): { data: Buffer | string; binary: boolean } {
  const header = {
    msg_id: randomUUID(),
    msg_type: 'stream',
    session: parent.session,
    username: 'mathbridge',
    date: new Date().toISOString(),
    version: '5.3',
  };
  const content = { name, text };
  if (protocol !== V1_PROTOCOL) {
    return {
      data: JSON.stringify({
        channel: 'iopub',
        header,
        parent_header: parent.parentHeader,
        metadata: {},
        content,
        buffers: [],
      }),
      binary: false,
    };
  }
  const parts = [header, parent.parentHeader, {}, content].map((p) => Buffer.from(JSON.stringify(p)));
  const channel = Buffer.from('iopub');
  const offsets = [8 * (1 + 1 + parts.length + 1)];
  offsets.push(offsets[0]! + channel.length);
  for (const p of parts) offsets.push(offsets[offsets.length - 1]! + p.length);
  const head = Buffer.alloc(8 * (offsets.length + 1));
  head.writeBigUInt64LE(BigInt(offsets.length), 0);
  offsets.forEach((o, i) => head.writeBigUInt64LE(BigInt(o), 8 * (i + 1)));
  return { data: Buffer.concat([head, channel, ...parts]), binary: true };
}

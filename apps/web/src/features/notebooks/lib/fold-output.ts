import type * as KernelMessage from '@jupyterlab/services/lib/kernel/messages';
import type { NbOutput } from '@mathbridge/contracts/notebooks';

/** Text of a multiline value. */
const text = (value: unknown): string => (Array.isArray(value) ? value.join('') : String(value ?? ''));

/**
 * Folds one iopub message into a cell's outputs, as Jupyter does: consecutive stream chunks of
 * the same name merge; `clear_output` empties (at once, or before the next output with `wait`).
 * Returns the new list (never mutates `outputs`), and whether a clear is still pending.
 */
export function foldOutput(
  outputs: NbOutput[],
  msg: KernelMessage.IIOPubMessage,
  pendingClear: boolean,
): { outputs: NbOutput[]; pendingClear: boolean } {
  const type = msg.header.msg_type;
  if (type === 'clear_output') {
    const content = msg.content as KernelMessage.IClearOutputMsg['content'];
    return content.wait ? { outputs, pendingClear: true } : { outputs: [], pendingClear: false };
  }
  let next: NbOutput | null = null;
  if (type === 'stream') {
    const content = msg.content as KernelMessage.IStreamMsg['content'];
    next = { output_type: 'stream', name: content.name, text: content.text };
  } else if (type === 'display_data') {
    const content = msg.content as KernelMessage.IDisplayDataMsg['content'];
    next = { output_type: 'display_data', data: { ...content.data }, metadata: { ...content.metadata } };
  } else if (type === 'execute_result') {
    const content = msg.content as KernelMessage.IExecuteResultMsg['content'];
    next = {
      output_type: 'execute_result',
      execution_count: content.execution_count,
      data: { ...content.data },
      metadata: { ...content.metadata },
    };
  } else if (type === 'error') {
    const content = msg.content as KernelMessage.IErrorMsg['content'];
    next = { output_type: 'error', ename: content.ename, evalue: content.evalue, traceback: [...content.traceback] };
  }
  if (!next) return { outputs, pendingClear };
  const base = pendingClear ? [] : outputs;
  const last = base[base.length - 1];
  if (next.output_type === 'stream' && last?.output_type === 'stream' && last.name === next.name) {
    const merged: NbOutput = { ...last, text: text(last.text) + text(next.text) };
    return { outputs: [...base.slice(0, -1), merged], pendingClear: false };
  }
  return { outputs: [...base, next], pendingClear: false };
}

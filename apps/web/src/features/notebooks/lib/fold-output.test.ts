import type * as KernelMessage from '@jupyterlab/services/lib/kernel/messages';
import { describe, expect, it } from 'vitest';
import type { NbOutput } from '@mathbridge/contracts/notebooks';
import { foldOutput } from './fold-output.ts';

/** An iopub message as the kernel sends it (only what foldOutput reads). */
const msg = (msg_type: string, content: object) =>
  ({ header: { msg_type }, content }) as unknown as KernelMessage.IIOPubMessage;

function fold(messages: KernelMessage.IIOPubMessage[]): NbOutput[] {
  let state = { outputs: [] as NbOutput[], pendingClear: false };
  for (const m of messages) state = foldOutput(state.outputs, m, state.pendingClear);
  return state.outputs;
}

describe('iopub messages folded into nbformat outputs', () => {
  it('merges consecutive chunks of one stream, and keeps stdout and stderr apart', () => {
    expect(
      fold([
        msg('stream', { name: 'stdout', text: 'a' }),
        msg('stream', { name: 'stdout', text: 'b\n' }),
        msg('stream', { name: 'stderr', text: 'warn\n' }),
        msg('stream', { name: 'stdout', text: 'c' }),
      ]),
    ).toEqual([
      { output_type: 'stream', name: 'stdout', text: 'ab\n' },
      { output_type: 'stream', name: 'stderr', text: 'warn\n' },
      { output_type: 'stream', name: 'stdout', text: 'c' },
    ]);
  });

  it('keeps display data, results and errors, ignoring status and execute_input', () => {
    const outputs = fold([
      msg('status', { execution_state: 'busy' }),
      msg('execute_input', { code: '1', execution_count: 3 }),
      msg('display_data', { data: { 'image/png': 'iVBOR' }, metadata: {} }),
      msg('execute_result', { execution_count: 3, data: { 'text/plain': '1' }, metadata: {} }),
      msg('error', { ename: 'ValueError', evalue: 'x', traceback: ['\u001b[31mValueError\u001b[0m: x'] }),
    ]);
    expect(outputs.map((o) => o.output_type)).toEqual(['display_data', 'execute_result', 'error']);
    expect(outputs[1]).toMatchObject({ execution_count: 3, data: { 'text/plain': '1' } });
  });

  it('clear_output empties at once, or with wait before the next output only', () => {
    const out = msg('stream', { name: 'stdout', text: '1' });
    expect(fold([out, msg('clear_output', { wait: false })])).toEqual([]);
    expect(fold([out, msg('clear_output', { wait: true })])).toEqual([
      { output_type: 'stream', name: 'stdout', text: '1' },
    ]);
    expect(fold([out, msg('clear_output', { wait: true }), msg('stream', { name: 'stdout', text: '2' })])).toEqual([
      { output_type: 'stream', name: 'stdout', text: '2' },
    ]);
  });
});

import { endpoint } from '../endpoint.ts';
import { KernelInfoSchema } from '../notebooks.ts';

/**
 * Live kernels (issue 12, DESIGN §12): the one call of the envelope. Jupyter's own kernel REST and
 * WebSocket API under `/api/kernels…` and `/api/kernelspecs` (proxied for the signed-in caller)
 * answer real HTTP statuses and Jupyter's JSON shapes, never the envelope: they are not calls of
 * this table (apps/server/src/modules/kernels/kernels.routes.ts).
 */
export const kernelEndpoints = {
  kernelInfo: endpoint({
    method: 'GET',
    path: 'notebook/kernelInfo',
    summary: 'Whether code can run on this server, the limits in force, and whether the caller may start a kernel',
    auth: 'none',
    output: KernelInfoSchema,
  }),
} as const;

import { useCallback, useEffect, useRef, useState } from 'react';
import type { NbOutput } from '@mathbridge/contracts/notebooks';
import type * as KernelModule from './kernel.ts';
import type { ExecuteResult, KernelSession, KernelState } from './kernel.ts';
import { KernelStartError, type KernelFailure } from './kernel-access.ts';

let kernelModule: Promise<typeof KernelModule> | null = null;
/** The kernel client (@jupyterlab/services) loads with the first run, not with the page. */
const loadKernel = () => (kernelModule ??= import('./kernel.ts'));

export interface KernelControls {
  state: KernelState;
  /** The last failure to start or reach the kernel (an HTTP status and the API's reason when there were). */
  failure: KernelFailure | null;
  execute: (code: string, onOutputs: (outputs: NbOutput[]) => void) => Promise<ExecuteResult>;
  interrupt: () => Promise<void>;
  restart: () => Promise<void>;
  reconnect: () => Promise<void>;
  shutdown: () => Promise<void>;
}

/**
 * The page's kernel: started on the first run (one per user, reused on 409), shut down when the
 * page goes away (unmount or tab close), so the user's one kernel is free for the next page.
 */
export function useKernel(): KernelControls {
  const [state, setState] = useState<KernelState>('off');
  const [failure, setFailure] = useState<KernelFailure | null>(null);
  const session = useRef<KernelSession | null>(null);

  const ensure = useCallback(async (): Promise<KernelSession> => {
    const module = await loadKernel();
    session.current ??= new module.KernelSession(setState);
    try {
      await session.current.start();
      setFailure(null);
    } catch (error) {
      const failure = module.failureOf(error);
      setFailure(failure);
      // The state above shows from the next render on; whoever awaited this start reads it here.
      throw new KernelStartError(failure, { cause: error });
    }
    return session.current;
  }, []);

  useEffect(() => {
    const onUnload = () => session.current?.shutdownOnUnload();
    window.addEventListener('pagehide', onUnload);
    return () => {
      window.removeEventListener('pagehide', onUnload);
      void session.current?.shutdown();
      session.current = null;
    };
  }, []);

  return {
    state,
    failure,
    execute: useCallback(async (code, onOutputs) => (await ensure()).execute(code, onOutputs), [ensure]),
    interrupt: useCallback(async () => session.current?.interrupt(), []),
    restart: useCallback(async () => (await ensure()).restart(), [ensure]),
    reconnect: useCallback(async () => {
      if (session.current) await session.current.reconnect();
      else await ensure();
    }, [ensure]),
    shutdown: useCallback(async () => session.current?.shutdown(), []),
  };
}

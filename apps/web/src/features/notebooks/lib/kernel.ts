import { KernelConnection } from '@jupyterlab/services/lib/kernel/default';
import type * as Kernel from '@jupyterlab/services/lib/kernel/kernel';
import type * as KernelMessage from '@jupyterlab/services/lib/kernel/messages';
import { KERNEL_SERVICE_URL, listRunning, shutdownKernel } from '@jupyterlab/services/lib/kernel/restapi';
import { validateModel } from '@jupyterlab/services/lib/kernel/validate';
import { ServerConnection } from '@jupyterlab/services/lib/serverconnection';
import { TOKEN_HEADER } from '@mathbridge/contracts/constants';
import type { NbOutput } from '@mathbridge/contracts/notebooks';
import { readToken } from '../../../lib/token.ts';
import { foldOutput } from './fold-output.ts';
import type { KernelFailure } from './kernel-access.ts';

/**
 * The browser's side of live kernels (issue 12, DESIGN §12): the Jupyter kernel protocol through
 * `@jupyterlab/services`, pointed at OUR origin only — REST under `/api/kernels…` and the WebSocket
 * `/api/kernels/{id}/channels`, both through the API's authenticated proxy (never port 3010).
 * The session cookie `mb_token` goes along by itself (same origin); REST calls also carry the
 * token header the API client sends. Only the kernel modules are imported (not the package
 * index, which would pull contents, terminals, sessions…), and this module is loaded lazily.
 */

/** What the status indicator shows. */
export type KernelState = 'off' | 'starting' | 'idle' | 'busy' | 'dead' | 'disconnected';

export interface ExecuteResult {
  status: 'ok' | 'error' | 'aborted';
  executionCount: number | null;
  outputs: NbOutput[];
}

function settings(): ServerConnection.ISettings {
  const origin = window.location.origin;
  const token = readToken();
  return ServerConnection.makeSettings({
    baseUrl: `${origin}/`,
    wsUrl: `${origin.replace(/^http/, 'ws')}/`,
    // Our own auth: the cookie, plus the header for REST; never a Jupyter token in the URL.
    token: '',
    appendToken: false,
    init: {
      credentials: 'same-origin',
      cache: 'no-store',
      headers: token ? { [TOKEN_HEADER]: token } : {},
    },
  });
}

/**
 * A refusal of the API's kernel proxy, with the `reason` of its Jupyter-shaped `{message, reason}`
 * answer (`not_verified`, `origin`, `capacity`, …), which @jupyterlab/services' own error drops.
 */
export class KernelRefusal extends ServerConnection.ResponseError {
  constructor(
    response: Response,
    message: string | undefined,
    readonly reason: string | null,
  ) {
    super(response, message);
  }

  static async read(response: Response): Promise<KernelRefusal> {
    // Not JSON (a proxy's error page): the status alone says what happened.
    const body = (await response.json().catch(() => null)) as { message?: unknown; reason?: unknown } | null;
    const message = typeof body?.message === 'string' ? body.message : undefined;
    return new KernelRefusal(response, message, typeof body?.reason === 'string' ? body.reason : null);
  }
}

/** The HTTP status (and the API's reason) out of a failed kernel request, if it was an HTTP answer. */
export function failureOf(error: unknown): KernelFailure {
  if (error instanceof KernelRefusal) return { status: error.response.status, reason: error.reason };
  if (error instanceof ServerConnection.ResponseError) return { status: error.response.status, reason: null };
  return { status: null, reason: null };
}

/** `POST /api/kernels` as @jupyterlab/services' `startNew` does it, keeping the refusal's reason. */
async function startKernel(serverSettings: ServerConnection.ISettings): Promise<Kernel.IModel> {
  const response = await ServerConnection.makeRequest(
    `${serverSettings.baseUrl.replace(/\/?$/, '/')}${KERNEL_SERVICE_URL}`,
    { method: 'POST', body: JSON.stringify({ name: 'python3' }) },
    serverSettings,
  );
  if (response.status !== 201) throw await KernelRefusal.read(response);
  const model = (await response.json()) as Kernel.IModel;
  validateModel(model);
  return model;
}

/**
 * One user's kernel (the server allows one per user). `start` starts it, or — on 409, "you
 * already have one" — attaches to the running one. Status changes reach `onState`.
 */
export class KernelSession {
  private connection: Kernel.IKernelConnection | null = null;
  private readonly serverSettings: ServerConnection.ISettings;

  /** `serverSettings` only for tools that drive a kernel server directly; the app uses our origin. */
  constructor(
    private readonly onState: (state: KernelState) => void,
    serverSettings?: ServerConnection.ISettings,
  ) {
    this.serverSettings = serverSettings ?? settings();
  }

  get id(): string | null {
    return this.connection?.id ?? null;
  }

  async start(): Promise<void> {
    if (this.connection && !this.connection.isDisposed) return;
    this.onState('starting');
    let model: Kernel.IModel;
    try {
      model = await startKernel(this.serverSettings);
    } catch (error) {
      if (failureOf(error).status !== 409) {
        this.onState('off');
        throw error;
      }
      const running = await listRunning(this.serverSettings);
      const mine = running[0];
      if (!mine) {
        this.onState('off');
        throw error;
      }
      model = mine;
    }
    this.attach(model);
  }

  private attach(model: Kernel.IModel): void {
    const connection = new KernelConnection({ model, serverSettings: this.serverSettings, handleComms: false });
    connection.statusChanged.connect((_, status) => this.report(connection, status));
    connection.connectionStatusChanged.connect(() => this.report(connection, connection.status));
    this.connection = connection;
    this.report(connection, connection.status);
  }

  private report(connection: Kernel.IKernelConnection, status: KernelMessage.Status): void {
    if (connection !== this.connection) return;
    if (connection.connectionStatus === 'disconnected') return this.onState('disconnected');
    if (connection.connectionStatus === 'connecting') return this.onState('starting');
    if (status === 'dead') return this.onState('dead');
    if (status === 'busy') return this.onState('busy');
    if (status === 'idle') return this.onState('idle');
    this.onState('starting');
  }

  /** Runs `code`; `onOutputs` sees the outputs as they grow (stream chunks merged). */
  async execute(code: string, onOutputs: (outputs: NbOutput[]) => void): Promise<ExecuteResult> {
    if (!this.connection) await this.start();
    const connection = this.connection;
    if (!connection) throw new Error('no kernel');
    let outputs: NbOutput[] = [];
    let pendingClear = false;
    const future = connection.requestExecute({ code, stop_on_error: true, allow_stdin: false, store_history: true });
    future.onIOPub = (msg) => {
      const folded = foldOutput(outputs, msg, pendingClear);
      pendingClear = folded.pendingClear;
      if (folded.outputs !== outputs) {
        outputs = folded.outputs;
        onOutputs(outputs);
      }
    };
    const reply = await future.done;
    const content = reply.content;
    return {
      status: content.status === 'ok' ? 'ok' : content.status === 'error' ? 'error' : 'aborted',
      executionCount: content.execution_count ?? null,
      outputs,
    };
  }

  async interrupt(): Promise<void> {
    await this.connection?.interrupt();
  }

  async restart(): Promise<void> {
    if (!this.connection) return this.start();
    await this.connection.restart();
  }

  /** Reconnects the WebSocket of a kernel that is still there; starts anew otherwise. */
  async reconnect(): Promise<void> {
    const connection = this.connection;
    if (!connection || connection.isDisposed || connection.status === 'dead') {
      this.connection = null;
      connection?.dispose();
      return this.start();
    }
    await connection.reconnect();
  }

  /** Shuts the kernel down (leaving the page): frees the user's one kernel for the next page. */
  async shutdown(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    if (!connection) return;
    const id = connection.id;
    connection.dispose();
    this.onState('off');
    await shutdownKernel(id, this.serverSettings).catch(() => undefined);
  }

  /** Best effort when the tab closes: a keep-alive DELETE the browser finishes after unload. */
  shutdownOnUnload(): void {
    const id = this.connection?.id;
    if (!id) return;
    const token = readToken();
    void fetch(`/api/kernels/${encodeURIComponent(id)}`, {
      method: 'DELETE',
      keepalive: true,
      credentials: 'same-origin',
      headers: token ? { [TOKEN_HEADER]: token } : {},
    }).catch(() => undefined);
  }
}

import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WebSocket } from 'ws';

/**
 * For tests that run code on a real Jupyter Server through the API's proxy (kernels.test.ts, the
 * cluster test): whether Jupyter is installed, and a kernel connection speaking Jupyter's JSON
 * message protocol over `ws`.
 */
export const JUPYTER = process.env.JUPYTER_SERVER_BIN || '/usr/bin/jupyter-server';

/** jupyter-server and the system Python its kernels run with. */
export const jupyterInstalled = (): boolean => fs.existsSync(JUPYTER) && fs.existsSync('/usr/bin/python3');

/** bubblewrap, which builds each kernel's jail (issue 25). */
export const BWRAP = process.env.KERNEL_BWRAP_BIN || '/usr/bin/bwrap';

export interface Msg {
  channel: string;
  header: { msg_id: string; msg_type: string };
  parent_header: { msg_id?: string };
  content: Record<string, unknown>;
}

export interface Execution {
  reply: Msg | null;
  outputs: Msg[];
  /** Text of stream, error and text/plain outputs, in order. */
  text: string;
  /** The kernel restarted (or died) before answering. */
  restarted: boolean;
}

/** A kernel connection through the proxy, speaking Jupyter's default JSON protocol. */
export class KernelClient {
  private readonly messages: Msg[] = [];
  private waiters: (() => void)[] = [];
  private constructor(
    readonly ws: WebSocket,
    readonly session: string,
  ) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(String(data)) as Msg);
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static open(url: string, headers: Record<string, string>): Promise<KernelClient> {
    const session = randomUUID();
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`${url}?session_id=${session}`, { headers });
      ws.once('open', () => resolve(new KernelClient(ws, session)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  private async next(index: number, deadline: number): Promise<Msg | null> {
    while (this.messages.length <= index) {
      if (Date.now() > deadline) return null;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 250);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.messages[index] ?? null;
  }

  /** Runs code; resolves at the execution's idle (or the kernel's restart), within 60 s. */
  async execute(code: string, timeoutMs = 25_000): Promise<Execution> {
    const msgId = randomUUID();
    let index = this.messages.length;
    this.ws.send(
      JSON.stringify({
        channel: 'shell',
        header: {
          msg_id: msgId,
          msg_type: 'execute_request',
          session: this.session,
          username: 'test',
          date: new Date().toISOString(),
          version: '5.3',
        },
        parent_header: {},
        metadata: {},
        content: {
          code,
          silent: false,
          store_history: true,
          user_expressions: {},
          allow_stdin: false,
          // The tests send one request after another, and many of them expect an error: with
          // stop_on_error the kernel aborts whatever reaches it shortly after a failure, so the
          // next request would answer 'aborted' with no output (a flake seen in CI).
          stop_on_error: false,
        },
        buffers: [],
      }),
    );
    const result: Execution = { reply: null, outputs: [], text: '', restarted: false };
    let idle = false;
    const deadline = Date.now() + timeoutMs;
    while (!(idle && result.reply)) {
      const msg = await this.next(index, deadline);
      if (!msg) {
        const seen = this.messages
          .slice(-20)
          .map((m) => `${m.header.msg_type}:${String(m.content.execution_state ?? '')}`);
        throw new Error(`no answer to ${code}: ${result.text} (last messages: ${seen.join(' ')})`);
      }
      index += 1;
      const state = msg.content.execution_state;
      if (msg.header.msg_type === 'shutdown_reply' && msg.content.restart === true) {
        result.restarted = true;
        return result;
      }
      if (msg.parent_header.msg_id !== msgId) {
        // A restart: the kernel's new process says so without our request as parent.
        if (msg.header.msg_type === 'status') {
          if (state === 'restarting' || state === 'starting' || state === 'dead') {
            result.restarted = true;
            return result;
          }
        }
        continue;
      }
      const type = msg.header.msg_type;
      if (type === 'execute_reply') result.reply = msg;
      else if (type === 'status' && state === 'idle') idle = true;
      else if (['stream', 'display_data', 'execute_result', 'error'].includes(type)) {
        result.outputs.push(msg);
        const c = msg.content as { text?: string; ename?: string; evalue?: string; data?: Record<string, unknown> };
        result.text += c.text ?? (c.ename ? `${c.ename}: ${c.evalue}` : String(c.data?.['text/plain'] ?? ''));
      }
    }
    return result;
  }

  /** Runs code once the kernel answers again: after a restart, the old process's last messages may still arrive. */
  async executeAfterRestart(code: string): Promise<Execution> {
    // A request sent while the new process comes up may be lost: asked again after a few seconds.
    // One that the kernel aborted (stop_on_error after an earlier request failed, or a request
    // abandoned here still queued there while the kernel came up) ran nothing: asked again too.
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const run = await this.execute(code, 5000).catch(() => null);
      if (run && !run.restarted && run.reply?.content.status !== 'aborted') return run;
    }
    throw new Error('the kernel did not come back');
  }

  close(): void {
    this.ws.close();
  }
}

export interface JupyterGateway {
  /** KERNEL_GATEWAY_URL and KERNEL_GATEWAY_TOKEN for the API instances that share it. */
  env: { KERNEL_GATEWAY_URL: string; KERNEL_GATEWAY_TOKEN: string };
  stop: () => Promise<void>;
}

/**
 * A Jupyter Server of its own, as a deployment of several API instances runs one beside them
 * (README "Deploying at scale": KERNEL_GATEWAY_URL): on a free port with a random token, its
 * folders in a temporary directory, the system's python3 kernel. Resolves once it answers.
 */
export async function startJupyterGateway(port: number): Promise<JupyterGateway> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-gateway-'));
  for (const sub of ['home', 'runtime', 'config', 'data', 'work']) fs.mkdirSync(path.join(dir, sub));
  const token = randomBytes(24).toString('hex');
  const child = spawn(
    JUPYTER,
    [
      '--ServerApp.ip=127.0.0.1',
      `--ServerApp.port=${port}`,
      '--ServerApp.port_retries=0',
      '--ServerApp.open_browser=False',
      '--ServerApp.terminals_enabled=False',
      // CI runs as root; a deployment's gateway would run as a user of its own.
      '--ServerApp.allow_root=True',
      `--ServerApp.root_dir=${path.join(dir, 'work')}`,
      '--MappingKernelManager.default_kernel_name=python3',
    ],
    {
      env: {
        PATH: '/usr/local/bin:/usr/bin:/bin',
        LANG: 'C.UTF-8',
        HOME: path.join(dir, 'home'),
        JUPYTER_CONFIG_DIR: path.join(dir, 'config'),
        JUPYTER_RUNTIME_DIR: path.join(dir, 'runtime'),
        JUPYTER_DATA_DIR: path.join(dir, 'data'),
        JUPYTER_TOKEN: token,
        PYTHONNOUSERSITE: '1',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    const status = await fetch(`${url}/api/status`, { headers: { authorization: `token ${token}` } }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) break;
    if (child.exitCode !== null || Date.now() > until) {
      child.kill('SIGKILL');
      throw new Error(`the Jupyter gateway did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    env: { KERNEL_GATEWAY_URL: url, KERNEL_GATEWAY_TOKEN: token },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { KernelConfig } from '../../config.ts';
import { jailedKernelSpec, jailPlan, launcherSource, probeJail, type JailLimits } from './jail.ts';

/**
 * Where the kernels run (issue 12, DESIGN §12, §15): a Jupyter Server this API starts and
 * supervises on 127.0.0.1:KERNEL_PORT, or an external Jupyter Server / Enterprise Gateway
 * (KERNEL_GATEWAY_URL, whose operator carries the jail's promises: README).
 *
 * The local server:
 * - runs as `nobody` (setpriv) when the API runs as root, so it cannot read DATA_DIR (0700, the
 *   API's user) nor its secrets; under another user it runs as that user;
 * - starts every kernel in its own bubblewrap jail (jail.ts, jail/launch-kernel.py): its own
 *   mount, PID, IPC, UTS, network and user namespaces, nothing of the host but read-only system
 *   folders, its own tmpfs as the disk budget, and prlimit budgets. Before the first launch the
 *   jail is tried (probeJail); where it cannot be built, no Jupyter is started and running code is
 *   off (`no_sandbox`): never a weaker kernel;
 * - reads its kernelspec (argv: the launcher) and configuration from folders owned by root and
 *   read-only when the API runs as root; kernels see neither (not mounted in their jail);
 * - gets a clean environment (PATH, HOME, locale and its own folders: no DATABASE_URL, keys, S3
 *   credentials) and a fresh random token in a config file it reads at start, deleted once it
 *   answers (never in argv, where `ps` shows it, nor in its environment);
 * - speaks to its kernels over ZeroMQ IPC (`KernelManager.transport=ipc`): the sockets are inside
 *   each jail, reached through links in Jupyter's private runtime folder;
 * - culls kernels idle for KERNEL_IDLE_SECONDS (Jupyter's own culler, connected ones included);
 * - is restarted with a growing delay (1 s … 60 s) when it dies, and stopped with the app; should
 *   this process die without closing the app, Jupyter gets SIGTERM (`setpriv --pdeathsig`), and
 *   each jail dies with Jupyter (`--die-with-parent`).
 */

export type KernelBackendState = 'off' | 'not_installed' | 'no_sandbox' | 'starting' | 'running' | 'failed';

export interface JupyterEndpoint {
  /** http://host:port, no trailing slash. */
  baseUrl: string;
  /** ws://host:port. */
  wsUrl: string;
  token: string | undefined;
}

const NOBODY = 65534;
const PYTHON = '/usr/bin/python3';
const SETPRIV = '/usr/bin/setpriv';

export class JupyterSupervisor {
  state: KernelBackendState = 'off';
  /** How kernels are isolated once running: each in a jail started here, or by the external gateway. */
  isolation: 'jail' | 'gateway' | undefined;
  /** The jail as probed at the first launch (bwrap's options); null = not probed yet. */
  private jail: { disableUserns: boolean } | null = null;
  private child: ChildProcess | null = null;
  private token = '';
  private workDir: string | null = null;
  private stopping = false;
  private failures = 0;
  private restartTimer: NodeJS.Timeout | null = null;
  private readyWaiters: (() => void)[] = [];
  private readonly runningListeners: (() => void)[] = [];

  constructor(
    private readonly config: KernelConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Called each time kernels become available: at start, and after Jupyter was restarted. */
  onRunning(listener: () => void): void {
    this.runningListeners.push(listener);
  }

  private nowRunning(): void {
    this.state = 'running';
    for (const listener of this.runningListeners) listener();
  }

  /** Decides the mode and, for a local server, launches it (without waiting for it). */
  start(): void {
    if (!this.config.enabled) {
      this.state = 'off';
      this.log.info('kernels: KERNELS=off; running code is unavailable');
      return;
    }
    if (this.config.gatewayUrl) {
      this.isolation = 'gateway';
      this.nowRunning();
      this.log.info({ gateway: this.config.gatewayUrl }, 'kernels: using the external Jupyter gateway');
      return;
    }
    if (!fs.existsSync(this.config.jupyterBin) || !fs.existsSync(PYTHON)) {
      this.state = 'not_installed';
      this.log.warn(
        `kernels: ${this.config.jupyterBin} is not installed; running code is unavailable (README: apt-get install jupyter-server python3-ipykernel …)`,
      );
      return;
    }
    this.launch();
  }

  /** Where to reach Jupyter now, or null when it is not running. */
  endpoint(): JupyterEndpoint | null {
    if (this.state !== 'running') return null;
    if (this.config.gatewayUrl) {
      return {
        baseUrl: this.config.gatewayUrl,
        wsUrl: this.config.gatewayUrl.replace(/^http/, 'ws'),
        token: this.config.gatewayToken,
      };
    }
    const host = `127.0.0.1:${this.config.port}`;
    return { baseUrl: `http://${host}`, wsUrl: `ws://${host}`, token: this.token };
  }

  /** The local server's folders (tests, diagnostics): Jupyter's runtime folder and the kernelspec. */
  folders(): { runtime: string; kernelspec: string } | null {
    if (!this.workDir) return null;
    return {
      runtime: path.join(this.workDir, 'runtime'),
      kernelspec: path.join(this.workDir, 'path/kernels/python3'),
    };
  }

  /** Resolves once Jupyter answers, or at once when it will not (not installed, off, failed). */
  async ready(timeoutMs = 60_000): Promise<boolean> {
    if (this.state !== 'starting') return this.state === 'running';
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.readyWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
    // Changed meanwhile by launch/exit (TypeScript keeps the narrowing from above).
    return (this.state as KernelBackendState) === 'running';
  }

  private wake(): void {
    for (const waiter of this.readyWaiters.splice(0)) waiter();
  }

  /** The limits every jail gets. */
  private jailLimits(): JailLimits {
    const c = this.config;
    return {
      cpuSeconds: c.cpuSeconds,
      memoryMb: c.memoryMb,
      fileMb: c.fileMb,
      diskMb: c.diskMb,
      processes: c.processes,
    };
  }

  /**
   * The local server's folders. Root-owned and read-only when the API runs as root (Jupyter runs
   * as nobody): the top folder, `path/` (the kernelspec: kernel.json, launch-kernel.py, jail.json),
   * `config/` and `mpl/` (the prepared font list). Jupyter's own: `home/`, `runtime/` (connection
   * files, the links to each jail's sockets), `data/` and `work/`. No kernel sees any of them.
   */
  private prepareWorkDir(asNobody: boolean): string {
    if (!this.workDir) this.workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-jupyter-'));
    const dir = this.workDir;
    const jupyterOwned = ['home', 'runtime', 'data', 'work', 'mpl'];
    for (const sub of [...jupyterOwned, 'config', 'path/kernels/python3']) {
      fs.mkdirSync(path.join(dir, sub), { recursive: true, mode: 0o755 });
    }
    const spec = path.join(dir, 'path/kernels/python3');
    fs.writeFileSync(path.join(spec, 'kernel.json'), JSON.stringify(jailedKernelSpec(), null, 1), { mode: 0o644 });
    fs.writeFileSync(path.join(spec, 'launch-kernel.py'), launcherSource(), { mode: 0o644 });
    this.writeJailPlan();
    this.token = randomBytes(32).toString('hex');
    const config = path.join(dir, 'config/jupyter_server_config.json');
    // Left by a Jupyter that died before answering: read-only, so replaced rather than rewritten.
    fs.rmSync(config, { force: true });
    fs.writeFileSync(config, JSON.stringify({ ServerApp: { token: this.token } }), { mode: 0o400 });
    for (const sub of jupyterOwned) {
      const folder = path.join(dir, sub);
      if (asNobody) fs.chownSync(folder, NOBODY, NOBODY);
      fs.chmodSync(folder, 0o700);
    }
    // Jupyter reads the token and deletes nothing: the API removes the file once Jupyter answers.
    if (asNobody) fs.chownSync(config, NOBODY, NOBODY);
    fs.chmodSync(dir, 0o755);
    return dir;
  }

  /** jail.json beside the launcher, with the font list once it is prepared (rename: a launch never reads half a file). */
  private writeJailPlan(fontList?: string): void {
    if (!this.workDir || !this.jail) return;
    const spec = path.join(this.workDir, 'path/kernels/python3');
    const plan = jailPlan({
      bwrap: this.config.bwrapBin,
      limits: this.jailLimits(),
      disableUserns: this.jail.disableUserns,
      fontList,
    });
    const next = path.join(spec, 'jail.json.next');
    fs.writeFileSync(next, JSON.stringify(plan, null, 1), { mode: 0o644 });
    fs.renameSync(next, path.join(spec, 'jail.json'));
  }

  private launch(): void {
    this.state = 'starting';
    const asNobody = process.getuid?.() === 0;
    const c = this.config;
    const cullInterval = Math.min(300, Math.max(1, Math.round(c.idleSeconds / 5)));
    const args = [
      `--ServerApp.ip=127.0.0.1`,
      `--ServerApp.port=${c.port}`,
      '--ServerApp.port_retries=0',
      '--ServerApp.open_browser=False',
      '--ServerApp.terminals_enabled=False',
      '--ServerApp.allow_root=False',
      '--KernelSpecManager.ensure_native_kernel=False',
      `--MappingKernelManager.cull_idle_timeout=${c.idleSeconds}`,
      `--MappingKernelManager.cull_interval=${cullInterval}`,
      '--MappingKernelManager.cull_connected=True',
      '--MappingKernelManager.default_kernel_name=python3',
      // Unix sockets (inside each jail, linked from the runtime folder): a jailed kernel has no
      // network Jupyter could reach it by.
      '--KernelManager.transport=ipc',
    ];
    // setpriv: the user change (as root), and SIGTERM to Jupyter should this process die without
    // closing the app (SIGKILL, a crash), so no Jupyter Server outlives its API.
    const setpriv = fs.existsSync(SETPRIV)
      ? [
          SETPRIV,
          ...(asNobody ? [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups'] : []),
          '--pdeathsig',
          'SIGTERM',
          '--',
        ]
      : [];
    if (asNobody && !setpriv.length) {
      this.state = 'failed';
      this.log.error(`kernels: running as root but ${SETPRIV} is missing; refusing to run kernels as root`);
      return;
    }
    if (!this.jail) {
      const probe = probeJail(c.bwrapBin, setpriv, this.jailLimits());
      if (!probe.ok) {
        this.state = 'no_sandbox';
        this.log.error(
          { reason: probe.reason },
          'kernels: the kernel jail cannot be built here, so running code is OFF (README: Running code in notebooks)',
        );
        return;
      }
      this.jail = { disableUserns: probe.disableUserns };
      this.isolation = 'jail';
    }
    const dir = this.prepareWorkDir(asNobody);
    const env: NodeJS.ProcessEnv = {
      PATH: '/usr/local/bin:/usr/bin:/bin',
      LANG: 'C.UTF-8',
      HOME: path.join(dir, 'home'),
      JUPYTER_PATH: path.join(dir, 'path'),
      JUPYTER_CONFIG_DIR: path.join(dir, 'config'),
      JUPYTER_RUNTIME_DIR: path.join(dir, 'runtime'),
      JUPYTER_DATA_DIR: path.join(dir, 'data'),
      IPYTHONDIR: path.join(dir, 'home/.ipython'),
      MPLCONFIGDIR: path.join(dir, 'mpl'),
      PYTHONNOUSERSITE: '1',
    };
    const [command, ...argv] = [...setpriv, c.jupyterBin, ...args, `--ServerApp.root_dir=${path.join(dir, 'work')}`];
    this.log.info(
      { port: c.port, user: asNobody ? 'nobody' : 'the API user', workDir: dir },
      'kernels: starting Jupyter Server',
    );
    const child = spawn(command!, argv, {
      cwd: path.join(dir, 'work'),
      env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    let tail = '';
    const keepTail = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
    };
    child.stdout?.on('data', keepTail);
    child.stderr?.on('data', keepTail);
    child.once('error', (error) => this.log.error({ err: error }, 'kernels: Jupyter Server could not be started'));
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      if (this.stopping) return;
      this.failures += 1;
      this.state = 'failed';
      this.wake();
      const delay = Math.min(60_000, 1000 * 2 ** Math.min(6, this.failures - 1));
      this.log.error(
        { code, signal, restartInMs: delay, output: tail.split('\n').slice(-12).join('\n') },
        'kernels: Jupyter Server exited; restarting it',
      );
      this.restartTimer = setTimeout(() => {
        this.restartTimer = null;
        if (!this.stopping) this.launch();
      }, delay);
      this.restartTimer.unref();
    });
    const warm = this.warmUp(setpriv, env, asNobody);
    void this.waitUntilAnswering(child, dir, warm);
  }

  /**
   * Builds matplotlib's font list while Jupyter starts, as the Jupyter user (our code, no user's):
   * bound read-only into every jail, it spares each kernel's first plot seconds of its wall-clock
   * limit scanning fonts. Then made root's and read-only, and named in jail.json.
   */
  private warmUp(setpriv: string[], env: NodeJS.ProcessEnv, asNobody: boolean): Promise<void> {
    const code = 'import matplotlib\nmatplotlib.use("agg")\nimport matplotlib.pyplot';
    const [command, ...args] = [...setpriv, PYTHON, '-c', code];
    const mpl = String(env.MPLCONFIGDIR);
    return new Promise<void>((resolve) => {
      const warm = spawn(command!, args, { cwd: env.HOME, env, stdio: 'ignore' });
      const timer = setTimeout(() => warm.kill('SIGKILL'), 60_000);
      warm.once('error', () => resolve());
      warm.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    }).then(
      () => this.shareFontList(mpl, asNobody),
      () => undefined,
    );
  }

  private shareFontList(mpl: string, asNobody: boolean): void {
    try {
      const name = fs.readdirSync(mpl).find((file) => /^fontlist-v\d+\.json$/.test(file));
      if (!name) return;
      const fontList = path.join(mpl, name);
      if (asNobody) {
        fs.chownSync(mpl, 0, 0);
        fs.chownSync(fontList, 0, 0);
      }
      fs.chmodSync(fontList, 0o644);
      fs.chmodSync(mpl, 0o755);
      this.writeJailPlan(fontList);
    } catch (error) {
      // Kernels then build their own font list at their first plot.
      this.log.warn({ err: error }, 'kernels: the prepared matplotlib font list could not be shared');
    }
  }

  private async waitUntilAnswering(child: ChildProcess, dir: string, warm: Promise<void>): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (this.child === child && !this.stopping && Date.now() < deadline) {
      try {
        const response = await fetch(`http://127.0.0.1:${this.config.port}/api/status`, {
          headers: { authorization: `token ${this.token}` },
          signal: AbortSignal.timeout(2000),
        });
        if (response.ok) {
          // Jupyter holds the token now; a kernel (same user) must not find it on disk.
          fs.rmSync(path.join(dir, 'config/jupyter_server_config.json'), { force: true });
          await warm;
          if (this.child !== child || this.stopping) return;
          this.nowRunning();
          this.log.info({ port: this.config.port }, 'kernels: Jupyter Server is answering; running code is available');
          // A server that stays up a minute has recovered: the next failure waits 1 s again.
          setTimeout(() => {
            if (this.child === child) this.failures = 0;
          }, 60_000).unref();
          this.wake();
          return;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (this.child === child && !this.stopping) {
      this.log.error('kernels: Jupyter Server did not answer within 60 s; killing it');
      killGroup(child, 'SIGKILL');
    }
  }

  /** Stops the local server and its kernels (app close). */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.wake();
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      // Kernels run in their own sessions (jupyter_client): found now, killed if Jupyter leaves them.
      const kernels = child.pid ? childrenOf(child.pid) : [];
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      for (const pid of kernels) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    this.child = null;
    this.state = 'off';
    if (this.workDir) fs.rmSync(this.workDir, { recursive: true, force: true });
    this.workDir = null;
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Direct children of a process, from /proc (Linux). */
function childrenOf(pid: number): number[] {
  const found: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) found.push(Number(name));
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { KernelConfig } from '../../config.ts';

/**
 * Where the kernels run (issue 12, DESIGN §12): a Jupyter Server this API starts and supervises on
 * 127.0.0.1:KERNEL_PORT, or an external Jupyter Server / Enterprise Gateway (KERNEL_GATEWAY_URL).
 *
 * The local server:
 * - runs as `nobody` (setpriv) when the API runs as root, so a kernel cannot read DATA_DIR (0700,
 *   the API's user) nor its secrets; under another user it runs as that user (README: the data
 *   folder's isolation then needs a dedicated user or container);
 * - gets a clean environment (PATH, HOME, locale and its own folders: no DATABASE_URL, keys, S3
 *   credentials) and a fresh random token in a config file it reads at start, deleted once it
 *   answers (never in argv, where `ps` shows it, nor in its environment, which kernels inherit);
 * - has one kernelspec, `python3`, written here: `unshare --user --net --map-current-user` (the
 *   kernel in its own network namespace: no interface but a down loopback, so no PostgreSQL, Redis
 *   or API on 127.0.0.1) and `prlimit` (CPU seconds, address space, processes, file size) in front
 *   of `/usr/bin/python3 -m ipykernel_launcher`; Jupyter therefore speaks to its kernels over
 *   ZeroMQ IPC (unix sockets in its runtime folder, `KernelManager.transport=ipc`), not TCP. Where
 *   user namespaces are disabled (the probe at the first launch fails) kernels run without
 *   `unshare`, with one warning, and `notebook/kernelInfo` says `network_isolated: false`;
 * - culls kernels idle for KERNEL_IDLE_SECONDS (Jupyter's own culler, connected ones included);
 * - is restarted with a growing delay (1 s … 60 s) when it dies, and stopped with the app; should
 *   this process die without closing the app, Jupyter gets SIGTERM (`setpriv --pdeathsig`).
 */

export type KernelBackendState = 'off' | 'not_installed' | 'starting' | 'running' | 'failed';

export interface JupyterEndpoint {
  /** http://host:port, no trailing slash. */
  baseUrl: string;
  /** ws://host:port. */
  wsUrl: string;
  token: string | undefined;
}

/** Tasks (threads included) that all kernels together may run as the kernel user (RLIMIT_NPROC). */
const KERNEL_NPROC = 512;
const NOBODY = 65534;
const PYTHON = '/usr/bin/python3';
const SETPRIV = '/usr/bin/setpriv';
const UNSHARE = '/usr/bin/unshare';
/** A new user namespace (needed to create the network one unprivileged), mapping the kernel user to itself. */
const UNSHARE_ARGS = ['--user', '--net', '--map-current-user'];

export class JupyterSupervisor {
  state: KernelBackendState = 'off';
  /**
   * Whether local kernels run in their own network namespace: decided once, at the first launch
   * (undefined before, and with an external gateway, whose kernels this server does not start).
   */
  networkIsolated: boolean | undefined;
  private child: ChildProcess | null = null;
  private token = '';
  private workDir: string | null = null;
  private stopping = false;
  private failures = 0;
  private restartTimer: NodeJS.Timeout | null = null;
  private readyWaiters: (() => void)[] = [];

  constructor(
    private readonly config: KernelConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Decides the mode and, for a local server, launches it (without waiting for it). */
  start(): void {
    if (!this.config.enabled) {
      this.state = 'off';
      this.log.info('kernels: KERNELS=off; running code is unavailable');
      return;
    }
    if (this.config.gatewayUrl) {
      this.state = 'running';
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

  /** The private folders of the local server: home, runtime, config, kernelspec and the kernels' working folder. */
  private prepareWorkDir(asNobody: boolean, isolated: boolean): string {
    if (!this.workDir) this.workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mb-jupyter-'));
    const dir = this.workDir;
    for (const sub of ['home', 'runtime', 'config', 'data', 'path/kernels/python3', 'work']) {
      fs.mkdirSync(path.join(dir, sub), { recursive: true, mode: 0o700 });
    }
    const c = this.config;
    const spec = {
      argv: [
        ...(isolated ? [UNSHARE, ...UNSHARE_ARGS, '--'] : []),
        '/usr/bin/prlimit',
        `--cpu=${c.cpuSeconds}`,
        `--as=${c.memoryMb * 1024 * 1024}`,
        `--nproc=${KERNEL_NPROC}`,
        `--fsize=${c.fileMb * 1024 * 1024}`,
        '--',
        PYTHON,
        '-m',
        'ipykernel_launcher',
        '-f',
        '{connection_file}',
      ],
      display_name: 'Python 3',
      language: 'python',
      interrupt_mode: 'signal',
      env: {
        OPENBLAS_NUM_THREADS: '1',
        OMP_NUM_THREADS: '1',
        MKL_NUM_THREADS: '1',
        MPLBACKEND: 'module://matplotlib_inline.backend_inline',
      },
    };
    fs.writeFileSync(path.join(dir, 'path/kernels/python3/kernel.json'), JSON.stringify(spec, null, 1), {
      mode: 0o600,
    });
    this.token = randomBytes(32).toString('hex');
    fs.writeFileSync(
      path.join(dir, 'config/jupyter_server_config.json'),
      JSON.stringify({ ServerApp: { token: this.token } }),
      { mode: 0o600 },
    );
    if (asNobody) {
      for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
        fs.chownSync(path.join(entry.parentPath, entry.name), NOBODY, NOBODY);
      }
      fs.chownSync(dir, NOBODY, NOBODY);
    }
    fs.chmodSync(dir, 0o700);
    return dir;
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
      // Unix sockets next to each kernel's connection file (runtime folder): a kernel in its own
      // network namespace cannot reach Jupyter over TCP loopback.
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
    if (this.networkIsolated === undefined) this.networkIsolated = this.probeIsolation(setpriv);
    const dir = this.prepareWorkDir(asNobody, this.networkIsolated);
    const env: NodeJS.ProcessEnv = {
      PATH: '/usr/local/bin:/usr/bin:/bin',
      LANG: 'C.UTF-8',
      HOME: path.join(dir, 'home'),
      JUPYTER_PATH: path.join(dir, 'path'),
      JUPYTER_CONFIG_DIR: path.join(dir, 'config'),
      JUPYTER_RUNTIME_DIR: path.join(dir, 'runtime'),
      JUPYTER_DATA_DIR: path.join(dir, 'data'),
      IPYTHONDIR: path.join(dir, 'home/.ipython'),
      MPLCONFIGDIR: path.join(dir, 'home/.matplotlib'),
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
    const warm = this.warmUp(setpriv, env);
    void this.waitUntilAnswering(child, dir, warm);
  }

  /**
   * Whether `unshare --user --net` works here for the kernel user (user namespaces may be disabled:
   * sysctl user.max_user_namespaces=0, kernel.unprivileged_userns_clone=0, AppArmor, a container's
   * seccomp profile). Run once; a failure is logged once and kernels then share the network.
   */
  private probeIsolation(setpriv: string[]): boolean {
    if (!fs.existsSync(UNSHARE)) {
      this.log.warn(
        `kernels: ${UNSHARE} is missing (util-linux); kernels will share this machine's network (127.0.0.1 services included)`,
      );
      return false;
    }
    const [command, ...args] = [...setpriv, UNSHARE, ...UNSHARE_ARGS, '--', '/bin/true'];
    const probe = spawnSync(command!, args, {
      env: { PATH: '/usr/bin:/bin' },
      cwd: '/',
      stdio: ['ignore', 'ignore', 'pipe'],
      timeout: 10_000,
    });
    if (probe.status === 0) return true;
    this.log.warn(
      { status: probe.status, stderr: String(probe.stderr ?? '').trim() || probe.error?.message },
      "kernels: user namespaces are unavailable here (`unshare --user --net` failed); kernels will share this machine's network (127.0.0.1 services included): firewall them or use KERNEL_GATEWAY_URL",
    );
    return false;
  }

  /**
   * Builds matplotlib's font cache in the kernels' MPLCONFIGDIR while Jupyter starts, as the
   * kernel user: the first plot of every kernel would otherwise spend seconds of its wall-clock
   * limit scanning fonts.
   */
  private warmUp(setpriv: string[], env: NodeJS.ProcessEnv): Promise<void> {
    const code = 'import matplotlib\nmatplotlib.use("agg")\nimport matplotlib.pyplot';
    const [command, ...args] = [...setpriv, PYTHON, '-c', code];
    return new Promise((resolve) => {
      const warm = spawn(command!, args, { cwd: env.HOME, env, stdio: 'ignore' });
      const timer = setTimeout(() => warm.kill('SIGKILL'), 60_000);
      warm.once('error', () => resolve());
      warm.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
    });
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
          this.state = 'running';
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

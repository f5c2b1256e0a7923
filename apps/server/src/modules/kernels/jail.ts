import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The kernel jail (issue 25, DESIGN §15): what one kernel's bubblewrap sandbox is made of.
 *
 * Every kernel runs in its own bwrap sandbox, started by `jail/launch-kernel.py` (the kernelspec's
 * argv) from the description built here and written beside it as `jail.json`:
 * - namespaces: user (with `--disable-userns`: no further user namespaces inside), mount, PID,
 *   IPC, UTS, network and cgroup (`--unshare-all`); the network namespace has only a loopback
 *   that is down, and unix sockets of the host are unreachable because no host folder that holds
 *   one is mounted (no /run, /var, /tmp of the host; abstract sockets belong to the network
 *   namespace);
 * - what it sees: /usr (and the /bin, /lib… links to it) and a short list of /etc files
 *   read-only; its own /proc (its own PID namespace); a /dev of null, zero, full, random and
 *   urandom; and one tmpfs of KERNEL_DISK_MB holding its home, working folder, /tmp, /dev/shm and
 *   the ZeroMQ sockets Jupyter reaches it by. Nothing else: no DATA_DIR, no Jupyter runtime
 *   folder (token, other kernels' connection files), no kernelspec, no other kernel;
 * - it dies whole: the kernel is PID 2 under bwrap's init; when it exits, or bwrap is killed
 *   (Jupyter's shutdown, restart, culling; the wall-clock restart; `--die-with-parent` when
 *   Jupyter itself dies with the API), the PID namespace ends and takes every process in it;
 * - budgets: prlimit inside the sandbox sets CPU seconds, address space, file size and
 *   processes; RLIMIT_NPROC is counted per user namespace (Linux ≥ 5.14), so each kernel has its
 *   own KERNEL_PROCS however many run as the same host user; the tmpfs size is the disk budget.
 */

/** Inside the jail. */
export const JAIL_HOME = '/home/kernel';
/** The kernel's connection file and IPC sockets, on the jail's tmpfs. */
export const JAIL_RUN_DIR = `${JAIL_HOME}/.run`;
const JAIL_WORK = `${JAIL_HOME}/work`;
const JAIL_TMP = `${JAIL_HOME}/.tmp`;
const JAIL_SHM = `${JAIL_HOME}/.shm`;
const JAIL_MPL = `${JAIL_HOME}/.config/matplotlib`;

const PYTHON = '/usr/bin/python3';
const PRLIMIT = '/usr/bin/prlimit';

/** Top-level links or folders of the system (merged /usr: links to usr/…). */
const SYSTEM_ROOTS = ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32'];
/** The few /etc files the Python stack reads; /etc/passwd and /etc/group are made per kernel. */
const ETC_FILES = [
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'localtime',
  'mime.types',
  'matplotlibrc',
  'fonts',
  'alternatives',
  'nsswitch.conf',
];
/** Device nodes bound from the host (as bwrap's own --dev does); nothing else of /dev. */
const DEVICES = ['null', 'zero', 'full', 'random', 'urandom'];

export interface JailLimits {
  cpuSeconds: number;
  memoryMb: number;
  fileMb: number;
  diskMb: number;
  processes: number;
}

/** jail.json: read by launch-kernel.py, which adds the per-kernel files between `before` and `after`. */
export interface JailPlan {
  bwrap: string;
  /** Namespaces and mounts, up to the kernel's tmpfs and its folders. */
  before: string[];
  /** Read-only remounts, environment and working folder. */
  after: string[];
  command: string[];
  run_dir: string;
  home: string;
}

export interface JailOptions {
  bwrap: string;
  limits: JailLimits;
  /** bwrap ≥ 0.8 forbids user namespaces inside the sandbox (`--disable-userns`). */
  disableUserns: boolean;
  /** A prepared matplotlib font list (fontlist-v*.json) to bind read-only, so a kernel's first plot does not scan fonts. */
  fontList?: string;
}

export function jailPlan(options: JailOptions): JailPlan {
  const { limits } = options;
  const before = [
    '--unshare-user',
    '--unshare-all',
    ...(options.disableUserns ? ['--disable-userns'] : []),
    '--cap-drop',
    'ALL',
    '--die-with-parent',
    '--new-session',
    '--hostname',
    'kernel',
    '--ro-bind',
    '/usr',
    '/usr',
  ];
  for (const name of SYSTEM_ROOTS) {
    const host = `/${name}`;
    const stat = fs.lstatSync(host, { throwIfNoEntry: false });
    if (stat?.isSymbolicLink()) before.push('--symlink', fs.readlinkSync(host), host);
    else if (stat?.isDirectory()) before.push('--ro-bind', host, host);
  }
  before.push('--dir', '/etc');
  for (const name of ETC_FILES) before.push('--ro-bind-try', `/etc/${name}`, `/etc/${name}`);
  for (const name of fs.existsSync('/etc') ? fs.readdirSync('/etc') : []) {
    // Debian's sitecustomize.py links into /etc/python3.X.
    if (/^python3(\.\d+)?$/.test(name)) before.push('--ro-bind-try', `/etc/${name}`, `/etc/${name}`);
  }
  before.push('--proc', '/proc', '--tmpfs', '/dev');
  for (const name of DEVICES) before.push('--dev-bind', `/dev/${name}`, `/dev/${name}`);
  before.push(
    '--symlink',
    '/proc/self/fd',
    '/dev/fd',
    '--symlink',
    '/proc/self/fd/0',
    '/dev/stdin',
    '--symlink',
    '/proc/self/fd/1',
    '/dev/stdout',
    '--symlink',
    '/proc/self/fd/2',
    '/dev/stderr',
    // One tmpfs for everything the kernel writes: its size is the disk budget.
    '--size',
    String(limits.diskMb * 1024 * 1024),
    '--tmpfs',
    JAIL_HOME,
  );
  for (const dir of [JAIL_RUN_DIR, JAIL_WORK, JAIL_TMP, JAIL_SHM, JAIL_MPL]) before.push('--dir', dir);
  before.push('--symlink', JAIL_TMP, '/tmp', '--symlink', JAIL_SHM, '/dev/shm');
  if (options.fontList) {
    before.push('--ro-bind', options.fontList, `${JAIL_MPL}/${path.basename(options.fontList)}`);
  }
  const env: Record<string, string> = {
    HOME: JAIL_HOME,
    USER: 'kernel',
    LOGNAME: 'kernel',
    PATH: '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    TMPDIR: '/tmp',
    IPYTHONDIR: `${JAIL_HOME}/.ipython`,
    JUPYTER_CONFIG_DIR: `${JAIL_HOME}/.jupyter`,
    JUPYTER_DATA_DIR: `${JAIL_HOME}/.local/share/jupyter`,
    JUPYTER_RUNTIME_DIR: JAIL_RUN_DIR,
    MPLCONFIGDIR: JAIL_MPL,
    MPLBACKEND: 'module://matplotlib_inline.backend_inline',
    PYTHONNOUSERSITE: '1',
    OPENBLAS_NUM_THREADS: '1',
    OMP_NUM_THREADS: '1',
    MKL_NUM_THREADS: '1',
    // ipykernel's debugger warns on every start about Python 3.11's frozen modules (Jupyter's log).
    PYDEVD_DISABLE_FILE_VALIDATION: '1',
  };
  const after = ['--remount-ro', '/dev', '--remount-ro', '/', '--clearenv'];
  for (const [name, value] of Object.entries(env)) after.push('--setenv', name, value);
  after.push('--chdir', JAIL_WORK);
  const command = [
    PRLIMIT,
    `--cpu=${limits.cpuSeconds}`,
    `--as=${limits.memoryMb * 1024 * 1024}`,
    `--fsize=${limits.fileMb * 1024 * 1024}`,
    // Counted in the kernel's own user namespace: bwrap's init, the kernel and all it starts.
    `--nproc=${limits.processes}`,
    '--core=0',
    '--',
    PYTHON,
    '-m',
    'ipykernel_launcher',
    '-f',
    `${JAIL_RUN_DIR}/connection.json`,
  ];
  return { bwrap: options.bwrap, before, after, command, run_dir: JAIL_RUN_DIR, home: JAIL_HOME };
}

/** The kernelspec that starts every kernel through the launcher, in its jail. */
export function jailedKernelSpec(): Record<string, unknown> {
  return {
    argv: [PYTHON, '-I', '-S', '{resource_dir}/launch-kernel.py', '{connection_file}'],
    display_name: 'Python 3',
    language: 'python',
    // An interrupt_request on the control channel: a signal to the launcher's process (bwrap)
    // would not reach the kernel, which bwrap starts in a session of its own.
    interrupt_mode: 'message',
    env: {},
  };
}

/** The launcher's source, beside this module (src) or copied beside the bundle (dist/jail, by build.mjs). */
export function launcherSource(): string {
  return fs.readFileSync(new URL('./jail/launch-kernel.py', import.meta.url), 'utf8');
}

export type JailProbe = { ok: true; disableUserns: boolean } | { ok: false; reason: string };

/**
 * Whether the jail can be built here, as the user Jupyter runs as (`asUser`: the setpriv prefix,
 * or none): bubblewrap installed, with `--size` (0.6+), and able to create its namespaces
 * (user namespaces may be disabled: sysctl user.max_user_namespaces=0,
 * kernel.unprivileged_userns_clone=0, AppArmor's restrict_unprivileged_userns, a container's
 * seccomp profile). Runs `true` in the very jail a kernel gets.
 */
export function probeJail(bwrap: string, asUser: string[], limits: JailLimits): JailProbe {
  if (!fs.existsSync(bwrap)) return { ok: false, reason: `${bwrap} is not installed (Debian package bubblewrap)` };
  if (!fs.existsSync(PRLIMIT)) return { ok: false, reason: `${PRLIMIT} is not installed (util-linux)` };
  const help = spawnSync(bwrap, ['--help'], { encoding: 'utf8', timeout: 10_000 });
  const usage = `${help.stdout ?? ''}${help.stderr ?? ''}`;
  if (!usage.includes('--size'))
    return { ok: false, reason: `${bwrap} is too old (no --size; bubblewrap 0.6 or later)` };
  const disableUserns = usage.includes('--disable-userns');
  const plan = jailPlan({ bwrap, limits, disableUserns });
  const [command, ...args] = [...asUser, bwrap, ...plan.before, ...plan.after, '--', '/usr/bin/true'];
  const probe = spawnSync(command!, args, {
    env: { PATH: '/usr/bin:/bin' },
    cwd: '/',
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 10_000,
  });
  if (probe.status === 0) return { ok: true, disableUserns };
  const stderr = String(probe.stderr ?? '').trim() || probe.error?.message || `exit ${probe.status}`;
  return { ok: false, reason: `bubblewrap cannot build the jail here (user namespaces disabled?): ${stderr}` };
}

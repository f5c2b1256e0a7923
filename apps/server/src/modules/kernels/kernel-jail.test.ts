import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, it, vi } from 'vitest';
import type { KernelInfo } from '@mathbridge/contracts/notebooks';
import { callChild, freePort, startChildServer, waitFor } from '../../test/child-server.ts';
import { call, describeApi, registerVerifiedUser, useTestApp } from '../../test/harness.ts';
import { kernelSuite, useKernelApp } from './kernel-suite.ts';
import { JUPYTER, KernelClient } from './kernels.fixtures.ts';

/**
 * The kernel jail under attack (issue 25, DESIGN §15): each attack a hostile user made from
 * inside a kernel, run from inside a real kernel through the product's proxy, as root in CI with
 * PostgreSQL trusting its local socket. Every one of them succeeded before the jail.
 */
const describeKernels = kernelSuite('kernel jail tests');
vi.setConfig({ testTimeout: 90_000 });
const asRoot = process.getuid?.() === 0;
const DISK_MB = 16;
const PROCS = 32;

/** Python that prints what connecting to each unix socket path gives: 'connected' or the error's name. */
const unixProbe = (paths: string[]) =>
  [
    'import socket',
    'def probe(path):',
    '    s = socket.socket(socket.AF_UNIX)',
    '    s.settimeout(3)',
    '    try:',
    '        s.connect(path)',
    "        return 'connected'",
    '    except OSError as e:',
    '        return type(e).__name__',
    '    finally:',
    '        s.close()',
    `print(' '.join(probe(p) for p in ${JSON.stringify(paths)}))`,
  ].join('\n');

/** Host processes whose command line holds `marker` (read from /proc as the test's user). */
function processesWith(marker: string): number[] {
  const found: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (fs.readFileSync(`/proc/${name}/cmdline`, 'utf8').includes(marker)) found.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

describeKernels('the kernel jail, attacked from inside real kernels', () => {
  const { testApp, base, wsBase } = useKernelApp({
    KERNEL_DISK_MB: String(DISK_MB),
    KERNEL_PROCS: String(PROCS),
    KERNEL_WALL_SECONDS: '30',
    KERNEL_MAX: '12',
  });

  const rest = (method: string, url: string, token: string) =>
    fetch(`${base()}${url}`, { method, headers: { 'x-mathbridge-token': token } });

  /** A certified user with a connected kernel. */
  async function kernelOfNewUser() {
    const { token } = await registerVerifiedUser(testApp());
    const started = await rest('POST', '/api/kernels', token);
    expect(started.status).toBe(201);
    const { id } = (await started.json()) as { id: string };
    const client = await KernelClient.open(`${wsBase()}/api/kernels/${id}/channels`, { cookie: `mb_token=${token}` });
    return { token, id, client };
  }

  const folders = () => {
    const found = testApp().kernels.supervisor.folders();
    if (!found) throw new Error('no local Jupyter');
    return found;
  };

  /** The host pid of a kernel's sandbox, from the link Jupyter connects through. */
  function sandboxPid(kernelId: string): number {
    const link = fs.readdirSync(folders().runtime).find((name) => name.startsWith(`kernel-${kernelId}-ipc-`));
    const target = link ? fs.readlinkSync(path.join(folders().runtime, link)) : '';
    const pid = Number(/^\/proc\/(\d+)\/root\//.exec(target)?.[1]);
    expect(pid).toBeGreaterThan(0);
    return pid;
  }

  it('reaches no unix socket of the host: PostgreSQL, Redis, a listener of the test (path or abstract)', async () => {
    // Listeners of our own, reachable from this process: only the jail can make the kernel's connect fail.
    const dir = fs.mkdtempSync(path.join(asRoot ? '/run' : os.tmpdir(), 'mb-jail-'));
    fs.chmodSync(dir, 0o777);
    const socketPath = path.join(dir, 'listener.sock');
    const abstract = `\0mb-jail-${randomBytes(6).toString('hex')}`;
    const listeners = [socketPath, abstract].map((address) => {
      const server = net.createServer((socket) => socket.destroy());
      server.listen(address);
      return server;
    });
    await Promise.all(listeners.map((server) => new Promise((resolve) => server.once('listening', resolve))));
    fs.chmodSync(socketPath, 0o777);
    for (const address of [socketPath, abstract]) {
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect(address, () => {
          socket.destroy();
          resolve();
        });
        socket.once('error', reject);
      });
    }
    const postgres = '/var/run/postgresql/.s.PGSQL.5432';
    // On these machines PostgreSQL trusts this socket: the attack of K1 needs nothing else.
    if (process.env.REQUIRE_ALL === '1') expect(fs.existsSync(postgres)).toBe(true);
    try {
      const { client } = await kernelOfNewUser();
      const targets = [
        postgres,
        '/run/postgresql/.s.PGSQL.5432',
        '/var/run/redis/redis-server.sock',
        '/run/redis/redis-server.sock',
        socketPath,
        abstract,
      ];
      const probe = await client.execute(unixProbe(targets));
      const results = probe.text.trim().split(' ');
      expect(results).toHaveLength(targets.length);
      expect(results).not.toContain('connected');
      // No host folder that holds sockets is there at all.
      const folders = await client.execute(
        "import os\nprint([os.path.exists(p) for p in ['/run', '/var', '/var/run', '/tmp/.X11-unix', " +
          `${JSON.stringify(dir)}]])`,
      );
      expect(folders.text).toBe('[False, False, False, False, False]\n');
      // The PostgreSQL client itself (in /usr, which the jail shows) finds no server.
      const psql = await client.execute(
        [
          'import subprocess, shutil',
          "if shutil.which('psql'):",
          "    r = subprocess.run(['psql', '-h', '/var/run/postgresql', '-U', 'postgres', '-c', 'select 1'], capture_output=True, text=True, timeout=10)",
          "    print(r.returncode, 'No such file' in r.stderr or 'could not connect' in r.stderr)",
          'else:',
          "    print('2 True')",
        ].join('\n'),
      );
      expect(psql.text).toMatch(/^2 True\n$/);
      client.close();
    } finally {
      for (const server of listeners) server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("cannot reach another user's kernel: its connection file, its sockets (even with its key) or its processes", async () => {
    const victim = await kernelOfNewUser();
    const secret = `victim-${randomBytes(6).toString('hex')}`;
    await victim.client.execute(`secret = ${JSON.stringify(secret)}`);
    // What K3's attacker read from the shared runtime folder: here read by the test, as root.
    const connectionFile = path.join(folders().runtime, `kernel-${victim.id}.json`);
    const info = JSON.parse(fs.readFileSync(connectionFile, 'utf8')) as Record<string, unknown>;
    const ports = ['shell_port', 'iopub_port', 'stdin_port', 'control_port', 'hb_port'].map((k) => Number(info[k]));
    const pid = sandboxPid(victim.id);
    const attacker = await kernelOfNewUser();
    const reach = await attacker.client.execute(
      [
        'import os, json',
        `info = json.loads(${JSON.stringify(JSON.stringify(info))})`,
        `print(os.path.exists(${JSON.stringify(connectionFile)}), os.path.exists(${JSON.stringify(folders().runtime)}))`,
        unixProbe(ports.map((port) => `${String(info.ip)}-${port}`)),
        unixProbe(ports.map((port) => `/proc/${pid}/root/home/kernel/.run/ipc-${port}`)),
        'def signal(pid):',
        '    try:',
        '        os.kill(pid, 0)',
        "        return 'alive'",
        '    except OSError as e:',
        '        return type(e).__name__',
        `print(signal(${pid}), signal(${pid + 1}))`,
        // Its own PID namespace: bwrap's init, the kernel and what it started, nothing else.
        "print(sorted(int(p) for p in os.listdir('/proc') if p.isdigit())[:2])",
        'from jupyter_client import BlockingKernelClient',
        'kc = BlockingKernelClient()',
        'kc.load_connection_info(info)',
        'kc.start_channels()',
        'try:',
        '    kc.wait_for_ready(timeout=3)',
        "    print('reached', kc.execute_interactive('print(secret)'))",
        'except RuntimeError:',
        "    print('unreachable')",
        'finally:',
        '    kc.stop_channels()',
      ].join('\n'),
      40_000,
    );
    const lines = reach.text.trim().split('\n');
    expect(lines[0]).toBe('False False');
    expect(lines[1]?.split(' ')).toEqual(Array(5).fill('FileNotFoundError'));
    expect(lines[2]?.split(' ')).toEqual(Array(5).fill('FileNotFoundError'));
    expect(lines[3]).toBe('ProcessLookupError ProcessLookupError');
    expect(lines[4]).toBe('[1, 2]');
    expect(lines[5]).toBe('unreachable');
    expect(reach.text).not.toContain(secret);
    // The victim is untouched.
    expect((await victim.client.execute('print(secret)')).text).toBe(`${secret}\n`);
    victim.client.close();
    attacker.client.close();
  });

  it('cannot change what later kernels run: kernelspec, start-up files and configuration', async () => {
    const kernelJson = path.join(folders().kernelspec, 'kernel.json');
    const before = fs.readFileSync(kernelJson, 'utf8');
    const attacker = await kernelOfNewUser();
    const attempt = await attacker.client.execute(
      [
        'import os',
        'def write(path, text):',
        '    try:',
        '        os.makedirs(os.path.dirname(path), exist_ok=True)',
        "        with open(path, 'w') as f:",
        '            f.write(text)',
        "        return 'written'",
        '    except OSError as e:',
        '        return type(e).__name__',
        "evil = 'EVIL = 1\\n'",
        "startup = os.path.join(os.environ['IPYTHONDIR'], 'profile_default', 'startup', '00-evil.py')",
        `print(write(${JSON.stringify(kernelJson)}, '{}'))`,
        "print(write('/usr/share/jupyter/kernels/python3/kernel.json', '{}'))",
        "print(write('/etc/matplotlibrc', 'backend: agg'))",
        // Its own home, which dies with it: allowed, and harmless.
        'print(write(startup, evil))',
        "print(write(os.path.join(os.environ['MPLCONFIGDIR'], 'matplotlibrc'), 'backend: agg'))",
        "print(write(os.path.join(os.environ['JUPYTER_CONFIG_DIR'], 'jupyter_config.py'), evil))",
      ].join('\n'),
    );
    // The kernelspec's path is not there: a write lands in the kernel's own /tmp (checked below on
    // the host); /usr and /etc are read-only.
    const [, system, etc, ...own] = attempt.text.trim().split('\n');
    expect(['OSError', 'PermissionError']).toContain(system);
    expect(etc).toBe('OSError');
    expect(own).toEqual(['written', 'written', 'written']);
    // Another user's new kernel runs none of it; so does the attacker's own after a restart.
    const next = await kernelOfNewUser();
    const clean =
      "import os\nprint('EVIL' in globals(), os.listdir(os.environ['IPYTHONDIR'] + '/profile_default/startup'))";
    expect((await next.client.execute(clean)).text).toMatch(/^False \[('README')?\]\n$/);
    expect((await rest('POST', `/api/kernels/${attacker.id}/restart`, attacker.token)).status).toBe(200);
    expect((await attacker.client.executeAfterRestart("print('EVIL' in globals())")).text).toBe('False\n');
    // On the host: unchanged, root's and read-only where the API runs as root.
    expect(fs.readFileSync(kernelJson, 'utf8')).toBe(before);
    if (asRoot) {
      for (const file of [folders().kernelspec, kernelJson, path.join(folders().kernelspec, 'jail.json')]) {
        const stat = fs.statSync(file);
        expect(stat.uid).toBe(0);
        expect(stat.mode & 0o022).toBe(0);
      }
    }
    next.client.close();
    attacker.client.close();
  });

  it("never sees Jupyter's token, in any file, environment or process it can read", async () => {
    const token = testApp().kernels.supervisor.endpoint()?.token;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const { client } = await kernelOfNewUser();
    const scan = await client.execute(
      [
        'import os',
        // Written backwards: the code itself lands in the kernel's history, which the scan reads.
        `token = ${JSON.stringify([...String(token)].reverse().join(''))}[::-1]`,
        'hits = [k for k, v in os.environ.items() if token in v]',
        'def scan(path):',
        '    try:',
        "        with open(path, 'rb') as f:",
        '            if token.encode() in f.read(4 << 20):',
        '                hits.append(path)',
        '    except OSError:',
        '        pass',
        "for top in ['/etc', '/home', '/dev/shm']:",
        '    for root, dirs, files in os.walk(top):',
        '        for name in files:',
        '            scan(os.path.join(root, name))',
        "for pid in [p for p in os.listdir('/proc') if p.isdigit()]:",
        "    for part in ['environ', 'cmdline']:",
        "        scan(f'/proc/{pid}/{part}')",
        'print(hits)',
      ].join('\n'),
    );
    expect(scan.text).toBe('[]\n');
    client.close();
  });

  it('takes every process a kernel started with it: at shutdown and at restart (the wall-clock kill)', async () => {
    const { token, id, client } = await kernelOfNewUser();
    const detach = (marker: string) =>
      client.execute(
        `import subprocess\nsubprocess.Popen(['/usr/bin/sleep', '${marker}'], start_new_session=True)\nprint('started')`,
      );
    const first = `3141.${randomBytes(3).readUIntBE(0, 3)}`;
    expect((await detach(first)).text).toBe('started\n');
    await waitFor('the detached process', () => processesWith(first).length === 1, 10_000);
    expect((await rest('POST', `/api/kernels/${id}/restart`, token)).status).toBe(200);
    await waitFor('the restart to take it', () => processesWith(first).length === 0, 15_000);
    const second = `2718.${randomBytes(3).readUIntBE(0, 3)}`;
    const again = await client.executeAfterRestart(
      `import subprocess\nsubprocess.Popen(['/usr/bin/sleep', '${second}'], start_new_session=True)\nprint('started')`,
    );
    expect(again.text, `the reply: ${JSON.stringify(again.reply?.content)}`).toBe('started\n');
    // A request retried while the kernel came back may have run twice.
    await waitFor('the second detached process', () => processesWith(second).length >= 1, 10_000);
    expect((await rest('DELETE', `/api/kernels/${id}`, token)).status).toBe(204);
    await waitFor('the shutdown to take it', () => processesWith(second).length === 0, 15_000);
    client.close();
  });

  it(`stops writes at KERNEL_DISK_MB (${DISK_MB} MB) across home, /tmp and /dev/shm; the rest is read-only`, async () => {
    const { client } = await kernelOfNewUser();
    const fill = await client.execute(
      [
        'import os, errno',
        "dirs = [os.environ['HOME'], '/tmp', '/dev/shm', os.getcwd()]",
        'written, n, code = 0, 0, None',
        'chunk = b"x" * (1 << 20)',
        'while written < 200 * (1 << 20):',
        '    path = os.path.join(dirs[n % len(dirs)], f"fill-{n}")',
        '    try:',
        "        with open(path, 'wb') as f:",
        '            f.write(chunk)',
        '        written += len(chunk)',
        '        n += 1',
        '    except OSError as e:',
        '        code = errno.errorcode.get(e.errno)',
        '        break',
        'print(written >> 20, code)',
        'def ro(path):',
        '    try:',
        "        open(path, 'wb').close()",
        "        return 'written'",
        '    except OSError as e:',
        '        return errno.errorcode.get(e.errno)',
        "print(ro('/fill'), ro('/usr/fill'), ro('/etc/fill'), ro('/dev/fill'))",
      ].join('\n'),
    );
    const [usage, readOnly] = fill.text.trim().split('\n');
    const [mb, code] = usage?.split(' ') ?? [];
    expect(code).toBe('ENOSPC');
    expect(Number(mb)).toBeGreaterThanOrEqual(DISK_MB - 3);
    expect(Number(mb)).toBeLessThanOrEqual(DISK_MB);
    expect(readOnly).toBe('EROFS EROFS EROFS EROFS');
    // Full, the kernel still answers (its sockets were made before; IPython may add that its
    // history cannot be saved).
    const after = await client.execute('print(1+1)');
    expect(after.reply?.content.status).toBe('ok');
    expect(after.text).toMatch(/^2/);
    client.close();
  });

  it(`stops a fork loop at KERNEL_PROCS (${PROCS}) and leaves another user's kernel working`, async () => {
    const attacker = await kernelOfNewUser();
    const victim = await kernelOfNewUser();
    // Bounded: at most 200 children, each gone after 40 s, the loop stops at the first refusal.
    const loop = await attacker.client.execute(
      [
        'import os, time, errno',
        'kids, code = 0, None',
        'for _ in range(200):',
        '    try:',
        '        pid = os.fork()',
        '    except OSError as e:',
        '        code = errno.errorcode.get(e.errno)',
        '        break',
        '    if pid == 0:',
        '        time.sleep(40)',
        '        os._exit(0)',
        '    kids += 1',
        'print(kids, code)',
      ].join('\n'),
    );
    const [kids, code] = loop.text.trim().split(' ');
    expect(code).toBe('EAGAIN');
    expect(Number(kids)).toBeLessThan(PROCS);
    expect(Number(kids)).toBeGreaterThan(PROCS / 3);
    // While the attacker holds every process it may, the other kernel starts programs and forks.
    const works = await victim.client.execute(
      [
        'import os, subprocess',
        "print(subprocess.run(['/usr/bin/true']).returncode)",
        'pids = []',
        'for _ in range(8):',
        '    pid = os.fork()',
        '    if pid == 0:',
        '        os._exit(0)',
        '    pids.append(pid)',
        'print(len([os.waitpid(p, 0) for p in pids]))',
      ].join('\n'),
    );
    expect(works.text).toBe('0\n8\n');
    expect((await rest('DELETE', `/api/kernels/${attacker.id}`, attacker.token)).status).toBe(204);
    attacker.client.close();
    victim.client.close();
  });

  it("frees the slot of a kernel that no longer runs as soon as kernels come up, and the API's death takes its kernels", async () => {
    // A second API process on the same database (the test app's Jupyter keeps running meanwhile).
    const t = testApp();
    // This file's app runs a Jupyter of its own on the same database: its periodic sweep would take
    // the child's kernel for a stale row (its Jupyter does not hold it) and drop it mid-test (seen
    // once on PostgreSQL). Instances that share a database share one Jupyter (KERNEL_GATEWAY_URL);
    // here the app's jobs stop instead (this is the last test of this app).
    await t.ctx.scheduler.stop();
    const user = await registerVerifiedUser(t);
    const childEnv = { KERNELS: 'on', LOG_LEVEL: 'silent' };
    const first = await startChildServer(t, { ...childEnv, KERNEL_PORT: String(await freePort()) });
    const start = await fetch(`http://127.0.0.1:${first.port}/api/kernels`, {
      method: 'POST',
      headers: { 'x-mathbridge-token': user.token },
    }).catch(() => null);
    // The child's Jupyter may still be starting: ask until it takes the kernel.
    let id = start?.status === 201 ? ((await start.json()) as { id: string }).id : '';
    await waitFor('the child to start a kernel', async () => {
      if (id) return true;
      const again = await fetch(`http://127.0.0.1:${first.port}/api/kernels`, {
        method: 'POST',
        headers: { 'x-mathbridge-token': user.token },
      });
      if (again.status === 201) id = ((await again.json()) as { id: string }).id;
      return Boolean(id);
    });
    const marker = `1414.${randomBytes(3).readUIntBE(0, 3)}`;
    const client = await KernelClient.open(`ws://127.0.0.1:${first.port}/api/kernels/${id}/channels`, {
      cookie: `mb_token=${user.token}`,
    });
    await client.execute(
      `import subprocess\nsubprocess.Popen(['/usr/bin/sleep', '${marker}'], start_new_session=True)`,
    );
    await waitFor('the detached process', () => processesWith(marker).length === 1, 10_000);
    first.child.kill('SIGKILL');
    await first.exited;
    await waitFor('every process of the kernel to die with the API', () => processesWith(marker).length === 0, 20_000);
    client.close();
    // Its row stays behind; the next process's Jupyter holds no such kernel, so the slot is free as
    // soon as kernels come up (KERNEL_MAX=1: a stale row would fill it), not after a sweep period.
    const held = () => t.ctx.db.selectFrom('kernel_sessions').select('kernel_id').where('kernel_id', '=', id).execute();
    const second = await startChildServer(t, {
      ...childEnv,
      KERNEL_MAX: '1',
      KERNEL_PORT: String(await freePort()),
    });
    try {
      await waitFor(
        'the second child to run kernels',
        async () => (await callChild<KernelInfo>(second, 'GET', 'notebook/kernelInfo')).result.available,
      );
      await waitFor('the stale row to go', async () => (await held()).length === 0, 10_000);
      const next = await fetch(`http://127.0.0.1:${second.port}/api/kernels`, {
        method: 'POST',
        headers: { 'x-mathbridge-token': user.token },
      });
      expect(next.status).toBe(201);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});

describeApi('kernels where the jail cannot be built', () => {
  const testApp = useTestApp({ KERNELS: 'on', KERNEL_BWRAP_BIN: '/nonexistent/bwrap' });

  it('stay off and say so: kernelInfo no_sandbox, a start 503, never a kernel without its jail', async () => {
    const { app } = testApp();
    const { token } = await registerVerifiedUser(testApp());
    await waitFor('the supervisor to decide', async () => {
      const info = await call<KernelInfo>(app, 'GET', 'notebook/kernelInfo', {}, { token });
      return info.result.reason !== 'starting';
    });
    const info = await call<KernelInfo>(app, 'GET', 'notebook/kernelInfo', {}, { token });
    // Only where Jupyter itself is installed does the jail decide; elsewhere it is not_installed.
    expect(info.result).toMatchObject({
      available: false,
      kernel_id: null,
      reason: fs.existsSync(JUPYTER) ? 'no_sandbox' : 'not_installed',
    });
    expect(info.result.isolation).toBeUndefined();
    const start = await app.inject({ method: 'POST', url: '/api/kernels', headers: { 'x-mathbridge-token': token } });
    expect(start.statusCode).toBe(503);
    expect(JSON.parse(start.body)).toMatchObject({ reason: info.result.reason });
    expect(testApp().kernels.supervisor.folders()).toBeNull();
  });
});

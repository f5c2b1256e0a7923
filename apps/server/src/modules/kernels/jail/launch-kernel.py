"""MathBridge kernel launcher: starts one Jupyter kernel in its own bubblewrap jail.

The kernelspec's argv (written by apps/server/src/modules/kernels/jail.ts, root-owned and read-only
where the API runs as root) is

    /usr/bin/python3 -I -S {resource_dir}/launch-kernel.py {connection_file}

and Jupyter Server runs it as its own unprivileged user. Everything the jail is made of (mounts,
budgets, environment, the command) is in jail.json beside this file, decided by the API; this
script only adds what is per kernel, then becomes bubblewrap (exec, so Jupyter's process handle,
signals and kill reach bwrap, whose --die-with-parent takes the whole sandbox with it):

- the kernel's connection file, copied into its private tmpfs (--file): the HMAC key and socket
  names, with the ZeroMQ IPC sockets moved to ``run_dir`` inside the jail;
- a minimal /etc/passwd and /etc/group naming the kernel's user;
- for each of the five channels, a symlink at the path Jupyter connects to
  (``{ip}-{port}``, in Jupyter's private runtime folder) pointing at the socket inside the jail
  through ``/proc/<sandbox pid>/root``. The sockets live on the kernel's own tmpfs, so the jail
  binds no host folder writable; Jupyter (the same user, owner of the jail's user namespace) may
  follow /proc/<pid>/root, other kernels cannot even see it (their own PID namespace and /proc).

Only the standard library: it runs with -I -S (no site, no user or environment paths).
"""

import json
import os
import select
import sys
import time

CHANNELS = ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port")
INFO_TIMEOUT_S = 30


def fail(message):
    sys.stderr.write("kernel jail: %s\n" % message)
    sys.exit(1)


def pipe_with(content):
    """A readable fd holding ``content`` (small: it fits the pipe buffer), inherited across exec."""
    read_end, write_end = os.pipe()
    os.write(write_end, content.encode("utf-8"))
    os.close(write_end)
    os.set_inheritable(read_end, True)
    return read_end


def read_child_pid(info_fd):
    """bwrap's --info-fd JSON, read until it parses: {"child-pid": N, ...}."""
    data = b""
    deadline = time.monotonic() + INFO_TIMEOUT_S
    while time.monotonic() < deadline:
        ready, _, _ = select.select([info_fd], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            break
        chunk = os.read(info_fd, 4096)
        if not chunk:
            break
        data += chunk
        try:
            return int(json.loads(data.decode("utf-8"))["child-pid"])
        except ValueError:
            continue
    return None


def link_sockets(info_fd, ip, ports, run_dir):
    pid = read_child_pid(info_fd)
    if pid is None:
        return
    for port in ports:
        link = "%s-%d" % (ip, port)
        try:
            os.unlink(link)
        except FileNotFoundError:
            pass
        os.symlink("/proc/%d/root%s/ipc-%d" % (pid, run_dir, port), link)


def spawn_linker(ip, ports, run_dir):
    """A detached grandchild that makes the symlinks once bwrap names the sandbox; returns bwrap's info fd."""
    info_read, info_write = os.pipe()
    child = os.fork()
    if child == 0:
        try:
            os.close(info_write)
            if os.fork() == 0:
                try:
                    link_sockets(info_read, ip, ports, run_dir)
                finally:
                    os._exit(0)
        finally:
            os._exit(0)
    os.waitpid(child, 0)
    os.close(info_read)
    os.set_inheritable(info_write, True)
    return info_write


def main():
    if len(sys.argv) != 2:
        fail("usage: launch-kernel.py CONNECTION_FILE")
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "jail.json"), encoding="utf-8") as handle:
        jail = json.load(handle)
    with open(sys.argv[1], encoding="utf-8") as handle:
        connection = json.load(handle)
    ip = connection.get("ip", "")
    if connection.get("transport") != "ipc" or not os.path.isabs(ip):
        fail("the kernel must use IPC transport with absolute socket paths (KernelManager.transport=ipc)")
    ports = [int(connection[name]) for name in CHANNELS]
    run_dir = jail["run_dir"]

    inner = dict(connection, ip=run_dir + "/ipc")
    uid, gid = os.getuid(), os.getgid()
    home = jail["home"]
    files = [
        ("--file", pipe_with(json.dumps(inner)), run_dir + "/connection.json"),
        ("--file", pipe_with("kernel:x:%d:%d:kernel:%s:/usr/sbin/nologin\n" % (uid, gid, home)), "/etc/passwd"),
        ("--file", pipe_with("kernel:x:%d:\n" % gid), "/etc/group"),
    ]
    info_fd = spawn_linker(ip, ports, run_dir)
    argv = [jail["bwrap"], *jail["before"]]
    for option, fd, dest in files:
        argv += [option, str(fd), dest]
    argv += [*jail["after"], "--info-fd", str(info_fd), "--", *jail["command"]]
    os.execv(jail["bwrap"], argv)


if __name__ == "__main__":
    main()

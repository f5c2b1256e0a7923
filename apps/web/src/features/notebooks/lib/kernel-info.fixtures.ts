import { KERNEL_DEFAULTS, type KernelInfo } from '@mathbridge/contracts/notebooks';

/** A `notebook/kernelInfo` answer for unit tests: kernels available, the caller allowed, the default limits. */
export const kernelInfo = (change: Partial<KernelInfo> = {}): KernelInfo => ({
  available: true,
  reason: null,
  limits: {
    cpu_seconds: KERNEL_DEFAULTS.cpuSeconds,
    memory_mb: KERNEL_DEFAULTS.memoryMb,
    wall_seconds: KERNEL_DEFAULTS.wallSeconds,
    idle_seconds: KERNEL_DEFAULTS.idleSeconds,
    output_bytes: KERNEL_DEFAULTS.outputBytes,
    file_mb: KERNEL_DEFAULTS.fileMb,
    disk_mb: KERNEL_DEFAULTS.diskMb,
    processes: KERNEL_DEFAULTS.processes,
  },
  kernel_id: null,
  access: 'allowed',
  isolation: 'jail',
  ...change,
});

import os from 'node:os';

export interface MachineInfo {
  readonly node: string;
  readonly cpus: number;
  readonly cpuModel: string;
  readonly platform: string;
  readonly date: string;
}

export function machineInfo(): MachineInfo {
  return {
    node: process.version,
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    platform: `${process.platform}-${process.arch}`,
    date: new Date().toISOString(),
  };
}

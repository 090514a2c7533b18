import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export interface DataDirLock {
  release(): void;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dataDir>/server.lock` holding this process's pid. A lock left by a process that is no longer running
 * is taken over; a live one is refused with a message saying what to do.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return { release: () => rmSync(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(path, 'utf8'));
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
        throw new Error(
          `数据目录 ${dataDir} 正被进程 ${owner} 使用。同一数据目录只能由一个服务进程打开：请先停止该进程，或用 DATA_DIR 指定另一个目录。`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`无法锁定数据目录 ${dataDir}，请检查目录权限后重试。`);
}

import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';

/**
 * Reads a saved notice: UTF-8, or GB18030/GBK — what many Chinese procurement sites still serve — when the bytes
 * are not valid UTF-8. Throws an Error with a Chinese message a person can act on.
 */
export function readNoticeFile(path: string): string {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`找不到文件 ${path}，请检查路径是否正确`);
    if (code === 'EISDIR') throw new Error(`${path} 是一个目录，请指定公告文件`);
    if (code === 'EACCES' || code === 'EPERM') throw new Error(`没有权限读取文件 ${path}`);
    throw new Error(`无法读取文件 ${path}：${(error as Error).message}`);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/**
 * A path as the person typed it: relative to the folder `npm run` was started from (INIT_CWD), since npm runs
 * the root script from the repository root.
 */
export function resolveNoticePath(path: string, env: NodeJS.ProcessEnv = process.env): string {
  return isAbsolute(path) ? path : resolve(env.INIT_CWD ?? process.cwd(), path);
}

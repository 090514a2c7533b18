import { randomBytes } from 'node:crypto';
import type { FileStore } from '../storage/file-store';

/** Where avatars are served, relative to the server's base address; `headimgurl` stores this kind of path. */
export const AVATAR_URL_PREFIX = 'webchat/uploads/avatars';

const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;

export type ImageExtension = keyof typeof IMAGE_TYPES;

function startsWith(data: Uint8Array, bytes: readonly number[], offset = 0): boolean {
  return bytes.every((byte, index) => data[offset + index] === byte);
}

/**
 * The image type of a file judged by its first bytes, not by the name or type the client declared: an SVG or an
 * HTML page renamed to .png is refused.
 */
export function sniffImageType(data: Uint8Array): ImageExtension | undefined {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpg';
  if (
    startsWith(data, [0x47, 0x49, 0x46, 0x38]) &&
    (data[4] === 0x37 || data[4] === 0x39) &&
    data[5] === 0x61
  ) {
    return 'gif';
  }
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  return undefined;
}

const BRAND_DIR = /^[a-z][a-z0-9-]*$/;
const AVATAR_FILE = /^\d+-[0-9a-f]{16}\.(png|jpg|gif|webp)$/;

/** Avatars as `<brand>/<userId>-<random>.<ext>` in `files` (DATA_DIR/uploads/avatars, or the bucket's avatars/). */
export function avatarStore(files: FileStore) {
  return {
    /** Writes the image and answers the path to store as headimgurl (relative to the base address). */
    async save(
      brandId: string,
      userId: number,
      extension: ImageExtension,
      data: Uint8Array,
    ): Promise<string> {
      const file = `${userId}-${randomBytes(8).toString('hex')}.${extension}`;
      await files.put(`${brandId}/${file}`, data, IMAGE_TYPES[extension]);
      return `${AVATAR_URL_PREFIX}/${brandId}/${file}`;
    },

    /** Removes an avatar this store wrote earlier; any other headimgurl (an absolute URL) is left alone. */
    async remove(headimgurl: string): Promise<void> {
      const [brandId, file] = headimgurl.startsWith(`${AVATAR_URL_PREFIX}/`)
        ? headimgurl.slice(AVATAR_URL_PREFIX.length + 1).split('/')
        : [];
      if (brandId && file && BRAND_DIR.test(brandId) && AVATAR_FILE.test(file)) {
        await files.remove(`${brandId}/${file}`);
      }
    },

    /** A stored avatar to serve, or undefined for a name this store never writes or a file that is gone. */
    async open(brandId: string, file: string) {
      const match = AVATAR_FILE.exec(file);
      if (!BRAND_DIR.test(brandId) || !match) return undefined;
      const found = await files.open(`${brandId}/${file}`);
      return found && { ...found, type: IMAGE_TYPES[match[1] as ImageExtension] };
    },
  };
}

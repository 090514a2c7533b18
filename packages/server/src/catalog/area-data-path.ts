import { join } from 'node:path';
import { serverPackageRoot } from '../paths';

/** Where the generated area data lives (scripts/generate-areas.ts writes it; the server imports it). */
export const areaDataPath = join(serverPackageRoot, 'src', 'catalog', 'data', 'areas.json');

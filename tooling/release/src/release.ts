import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { tarballProblems } from './check-tarball';
import { packTarball, publishablePackages, repositoryRoot } from './packages';

interface PlannedRelease {
  name: string;
  oldVersion: string;
  newVersion: string;
}

function runTool(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: repositoryRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} 失败（退出码 ${result.status}）`);
}

/** The versions `changeset version` would write, from `changeset status`. */
function plannedReleases(): PlannedRelease[] {
  const scratch = mkdtempSync(join(tmpdir(), 'tender-release-'));
  try {
    const statusFile = join(scratch, 'status.json');
    // The path is relative to the repository (changesets resolves it from its cwd).
    execFileSync('changeset', ['status', `--output=${statusFile}`], { cwd: repositoryRoot, stdio: 'ignore' });
    return JSON.parse(readFileSync(statusFile, 'utf8')).releases;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Packs every publishable package and checks the tarball (publint, attw, peer ranges). Prints one line per
 * tarball; returns false when any has a problem.
 */
export async function packAndCheck(destination: string): Promise<boolean> {
  let passed = true;
  for (const pkg of publishablePackages()) {
    const tarball = packTarball(pkg, destination);
    const problems = await tarballProblems(tarball);
    const size = `${(statSync(tarball).size / 1024).toFixed(1)} KB`;
    console.info(`${problems.length === 0 ? '✓' : '✗'} ${basename(tarball)}  ${size}`);
    for (const problem of problems) console.info(`    ${problem}`);
    if (problems.length > 0) passed = false;
  }
  return passed;
}

/**
 * `npm run release`: changeset version → build → package checks → changeset publish, to the registry in
 * NPM_CONFIG_REGISTRY. `--dry-run` changes nothing: it prints the versions the changesets plan and checks
 * the tarballs the packages make now.
 */
export async function main(args: string[]): Promise<number> {
  const dryRun = args.includes('--dry-run');
  const publishable = new Set(publishablePackages().map((pkg) => pkg.name));
  const planned = plannedReleases().filter((release) => publishable.has(release.name));
  console.info(planned.length > 0 ? '版本：' : '版本：没有待发布的变更集（.changeset/）');
  for (const release of planned)
    console.info(`  ${release.name} ${release.oldVersion} → ${release.newVersion}`);
  if (planned.length === 0 && !dryRun) return 0;

  if (!dryRun) runTool('changeset', ['version']);
  runTool('turbo', ['run', 'build', '--filter=./packages/*', '--filter=!@tender/server']);

  const destination = mkdtempSync(join(tmpdir(), 'tender-tarballs-'));
  try {
    console.info('包：');
    if (!(await packAndCheck(destination))) {
      console.error('包检查未通过（见上）：未发布。');
      return 1;
    }
  } finally {
    rmSync(destination, { recursive: true, force: true });
  }

  const registry = process.env.NPM_CONFIG_REGISTRY ?? process.env.npm_config_registry ?? 'npm 默认仓库';
  if (dryRun) {
    console.info(`试运行：未修改版本，未发布（将发布到 ${registry}）。`);
    return 0;
  }
  runTool('changeset', ['publish']);
  console.info(`已发布到 ${registry}。请提交版本与 CHANGELOG 的改动并推送标签（git push --follow-tags）。`);
  return 0;
}

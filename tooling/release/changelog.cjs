// The changelog format of `changeset version` (.changeset/config.json): each entry names the commit that added
// its changeset, linked to the repository's web page of that commit. CommonJS: changesets loads it with require.
const { execFileSync } = require('node:child_process');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const repositoryRoot = join(__dirname, '..', '..');

/** `git@host:group/repo.git` or `https://host/group/repo(.git)` → `https://host/group/repo`; null otherwise. */
function webUrlOf(remote) {
  const scp = /^[\w.-]+@([\w.-]+):(.+?)(\.git)?\/?$/.exec(remote);
  if (scp) return `https://${scp[1]}/${scp[2]}`;
  const web = /^(?:git\+)?(https?:\/\/[^\s]+?)(\.git)?\/?$/.exec(remote);
  return web ? web[1] : null;
}

/** The repository's web address: root package.json `repository`, else the `origin` remote. */
function repositoryWebUrl() {
  const manifest = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8'));
  const declared = typeof manifest.repository === 'string' ? manifest.repository : manifest.repository?.url;
  if (declared) return webUrlOf(declared);
  try {
    const origin = execFileSync('git', ['remote', 'get-url', 'origin'], {
      cwd: repositoryRoot,
      encoding: 'utf8',
    });
    return webUrlOf(origin.trim());
  } catch {
    return null;
  }
}

const webUrl = repositoryWebUrl();

function commitReference(commit) {
  const short = `\`${commit.slice(0, 7)}\``;
  return webUrl ? `[${short}](${webUrl}/commit/${commit})` : short;
}

async function getReleaseLine(changeset) {
  const [firstLine, ...furtherLines] = changeset.summary.split('\n').map((line) => line.trimEnd());
  const reference = changeset.commit ? `${commitReference(changeset.commit)}: ` : '';
  const rest = furtherLines.length > 0 ? `\n${furtherLines.map((line) => `  ${line}`).join('\n')}` : '';
  return `- ${reference}${firstLine}${rest}`;
}

async function getDependencyReleaseLine(changesets, dependenciesUpdated) {
  if (dependenciesUpdated.length === 0) return '';
  const commits = changesets.filter((changeset) => changeset.commit).map((c) => commitReference(c.commit));
  return [
    `- Updated dependencies${commits.length > 0 ? ` ${commits.join(', ')}` : ''}`,
    ...dependenciesUpdated.map((dependency) => `  - ${dependency.name}@${dependency.newVersion}`),
  ].join('\n');
}

module.exports = { getReleaseLine, getDependencyReleaseLine, webUrlOf };

// Import cycles in the web app, the contract, the server and the identity service, type-only imports
// included (bulletproof-react's `import/no-cycle`). It resolves imports with TypeScript itself, by
// each workspace's tsconfig (the web app's `@/` paths, the contract's exports), so what it follows
// is what the compiler follows.
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';

/** Every .ts/.tsx file below a folder. */
function sourcesIn(folder) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The files each file imports (static, dynamic and type-only), within the given set. */
export function importGraph(files, compilerOptions) {
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? '', true, true);
    const targets = importedFiles
      .map((ref) => ts.resolveModuleName(ref.fileName, file, compilerOptions, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target) => target !== undefined && known.has(target));
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components of more than one file, or a file importing itself (Tarjan). */
export function cyclesOf(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

function compilerOptionsOf(tsconfigPath) {
  const { config } = ts.readConfigFile(tsconfigPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, dirname(tsconfigPath)).options;
}

const root = new URL('..', import.meta.url).pathname;
const workspaces = ['apps/web', 'packages/contract', 'apps/server', 'apps/identity'];

if (process.argv[1] === new URL(import.meta.url).pathname) {
  let found = 0;
  for (const workspace of workspaces) {
    const files = sourcesIn(join(root, workspace, 'src'));
    const graph = importGraph(files, compilerOptionsOf(join(root, workspace, 'tsconfig.json')));
    for (const cycle of cyclesOf(graph)) {
      found += 1;
      process.stdout.write(`import cycle: ${cycle.map((file) => relative(root, file)).join(' → ')}\n`);
    }
  }
  process.stdout.write(found ? `${found} import cycles\n` : 'no import cycles\n');
  process.exit(found ? 1 : 0);
}

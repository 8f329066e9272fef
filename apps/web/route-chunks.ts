import { join } from 'node:path';
import type { Plugin } from 'vite';
import { routeChunksFile, type RouteChunks, type ScreenChunks } from '@pool/contract/route-chunks';
import { screenPages, type ScreenPage } from './src/app/screen-pages.ts';

/** What this needs of a bundle's script: the module it stands for, the scripts it imports and its stylesheets. */
interface BundledScript {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  /** Vite's own field: the stylesheets its preload helper loads, and waits for, before the chunk runs. */
  viteMetadata?: { importedCss: Set<string> };
}

type Bundle = Record<string, BundledScript | { type: 'asset' }>;

/**
 * For each screen path, what its page needs beyond the entry's: the page's chunk and every chunk it
 * imports statically, and those chunks' stylesheets. The entry's own are left out: the page already
 * loads them.
 */
export function routeChunksOf(bundle: Bundle, pages: Record<string, ScreenPage>, featuresFolder: string): RouteChunks {
  const scripts = Object.values(bundle).filter((item): item is BundledScript => item.type === 'chunk');
  const byFile = new Map(scripts.map((script) => [script.fileName, script]));
  const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(fileName)) return seen;
    seen.add(fileName);
    for (const child of byFile.get(fileName)?.imports ?? []) closure(child, seen);
    return seen;
  };
  const entry = new Set(scripts.filter((script) => script.isEntry).flatMap((script) => [...closure(script.fileName)]));
  const table: Record<string, ScreenChunks> = {};
  for (const [path, { module }] of Object.entries(pages)) {
    const page = scripts.find((script) => script.facadeModuleId === join(featuresFolder, module));
    if (!page) throw new Error(`the build has no chunk for ${module}, the page of ${path}`);
    const own = [...closure(page.fileName)].filter((file) => !entry.has(file));
    const styles = new Set(own.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]));
    table[path] = { scripts: own.map((file) => `/${file}`), styles: [...styles].map((file) => `/${file}`) };
  }
  return table;
}

/** Writes each screen path's chunks beside the build's manifest, for the server's modulepreload links. */
export function listRouteChunks(): Plugin {
  let featuresFolder = '';
  return {
    name: 'pool:route-chunks',
    apply: 'build',
    configResolved(config) {
      featuresFolder = join(config.root, 'src', 'features');
    },
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: routeChunksFile,
        source: JSON.stringify(routeChunksOf(bundle, screenPages, featuresFolder)),
      });
    },
  };
}

import { cpSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { ROOT } from '../support/cli.js';

/** Every call classifies twice: a Layer-1 change that makes the classifier about 2× slower, answers unchanged. */
export function slowClassifier(source: string): string {
  const head = 'export function classifyLocal(text: string): LocalIntent {';
  if (!source.includes(head)) throw new Error('slowClassifier: classifyLocal is no longer declared as expected');
  return source.replace(
    head,
    `let injected = 0;\n${head}\n  injected ^= classifyOnce(text).kind.length;\n  return classifyOnce(text);\n}\n\nfunction classifyOnce(text: string): LocalIntent {`,
  );
}

/**
 * A built checkout in `dir`, made from this checkout's src/ (the classifier's source passed through
 * `change` when given): src/ compiled module by module to dist/ with esbuild, bin/ and
 * package.json copied, node_modules, prompts/ and protocol/ linked. It runs its own CLI and can
 * be another's `bench --vs` baseline.
 */
export async function makeBuiltCheckout(dir: string, change?: (localIntentSource: string) => string): Promise<string> {
  cpSync(join(ROOT, 'src'), join(dir, 'src'), { recursive: true });
  if (change) {
    const file = join(dir, 'src/domain/localIntent.ts');
    writeFileSync(file, change(readFileSync(file, 'utf8')));
  }
  await build({
    entryPoints: [join(dir, 'src/**/*.ts')],
    outdir: join(dir, 'dist'),
    outbase: join(dir, 'src'),
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
  });
  cpSync(join(ROOT, 'bin'), join(dir, 'bin'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  for (const linked of ['node_modules', 'prompts', 'protocol']) symlinkSync(join(ROOT, linked), join(dir, linked));
  return dir;
}

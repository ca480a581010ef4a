import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TTS_TEMPLATES } from '../../src/domain/ttsTemplates.js';
import { ROOT } from '../support/cli.js';

describe('docs/dataset-format.md: every spoken line a dataset can expect is listed where the format is documented', () => {
  it('has one row per TTS template, with its exact text', () => {
    const doc = readFileSync(join(ROOT, 'docs/dataset-format.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Spoken lines'), doc.indexOf('\n## ', doc.indexOf('## Spoken lines') + 1));
    expect(section.length).toBeGreaterThan(100);
    for (const [name, text] of Object.entries(TTS_TEMPLATES)) {
      expect(section, name).toContain(`| \`${name}\` |`);
      expect(section, name).toContain(`| ${text} |`);
    }
  });
});

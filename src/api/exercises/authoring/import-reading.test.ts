import { describe, expect, it } from 'vitest';
import { readImport } from './import-reading.js';

describe('reading an import', () => {
  it('names what it leaves out briefly, however long the question’s name', () => {
    const name = '<'.repeat(200_000);
    const xml = `<quiz><question type="multichoice"><name><text><![CDATA[${name}]]></text></name></question></quiz>`;
    expect(readImport({ content: xml }).skipped).toEqual([
      { name: `${'<'.repeat(79)}…`, reason: 'it is a multichoice question, not CodeRunner' },
    ]);
    const folder = readImport({ files: [{ path: `${'d'.repeat(300)}/config.json`, content: '{}' }] });
    expect(folder.skipped).toEqual([
      {
        name: `${'d'.repeat(79)}…`,
        reason:
          'its programming language is not given: it may be set in a dirconfig.json of a folder above it; choose that folder instead',
      },
    ]);
  });
});

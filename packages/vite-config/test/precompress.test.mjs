import assert from 'node:assert/strict';
import { Buffer } from 'node:buffer';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from '../precompress.mjs';

test('writes .br and .gz copies that decompress to the original, for text files of 1 KB or more only', () => {
  const dir = mkdtempSync(join(tmpdir(), 'precompress-'));
  try {
    mkdirSync(join(dir, 'assets'));
    const js = 'export const a = "' + 'x'.repeat(4000) + '";\n';
    writeFileSync(join(dir, 'assets/index-abc.js'), js);
    writeFileSync(join(dir, 'small.js'), 'export {};\n');
    writeFileSync(join(dir, 'photo.png'), Buffer.alloc(4096, 7));
    assert.equal(precompressDir(dir), 1);
    assert.equal(brotliDecompressSync(readFileSync(join(dir, 'assets/index-abc.js.br'))).toString(), js);
    assert.equal(gunzipSync(readFileSync(join(dir, 'assets/index-abc.js.gz'))).toString(), js);
    assert.ok(readFileSync(join(dir, 'assets/index-abc.js.br')).length < js.length / 10);
    assert.equal(existsSync(join(dir, 'small.js.br')), false);
    assert.equal(existsSync(join(dir, 'photo.png.br')), false);
    // Same input, same bytes: a re-published identical build stays identical (docs/releasing.md).
    const before = readFileSync(join(dir, 'assets/index-abc.js.gz'));
    precompressDir(dir);
    assert.deepEqual(readFileSync(join(dir, 'assets/index-abc.js.gz')), before);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

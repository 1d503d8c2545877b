import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import type { FastifyBaseLogger } from 'fastify';
import { storageKeyOf } from '../releases/builds.ts';
import type { ReleaseServing } from '../releases/serving.ts';
import type { StorageProvider } from '../providers/storage.ts';

/**
 * Symbolication of stored stacks (docs/releasing.md "Real-user signals"). Remotes are built with hidden source
 * maps (packages/vite-config: `build.sourcemap: 'hidden'`: no sourceMappingURL in the served JavaScript); the
 * `.map` files are published with the version like every build file but never served (releases/serving.ts). A
 * frame `…/remotes/<app>/<version>/<path>.js:line:col` is mapped through `<path>.js.map` of that version, read
 * from the releases storage and kept parsed in memory by its content hash (a published version never changes), and
 * each mapped position kept too (bounded). One batch's work is bounded (MAX_BATCH_FRAMES, BATCH_BUDGET_MS).
 */
export interface Frame {
  /** The original source ('src/pages/About.tsx'), or the served path when no map covers the frame. */
  file: string;
  line: number | null;
  column: number | null;
  name: string | null;
}

/** Frames kept per stack. */
export const MAX_FRAMES = 20;
/** A map bigger than this is not parsed (a remote's chunk maps are far smaller). */
const MAX_MAP_BYTES = 16 * 1024 * 1024;
/** Parsed maps kept in memory. */
const MAX_MAPS = 48;
/**
 * Bounds of one batch's symbolication (issue 36 item 4: a 1,000-frame batch took seconds of server time): at most
 * this many frames looked up, and none once this long has gone by, except that the batch's first MAX_FRAMES frames
 * (its first stack) are always looked up, however long a cold map takes to read on a busy server; the frames left
 * keep their served path, line and column (stored raw, as a frame no map covers). A borrower's page sends a few
 * errors a batch: far below both.
 */
export const MAX_BATCH_FRAMES = 200;
export const BATCH_BUDGET_MS = 250;
/** Positions kept mapped, by map content hash and position (a page's errors repeat the same few frames). */
const MAX_POSITIONS = 10_000;

/** What one batch may still spend (symbolicationBudget makes one per batch; symbolicate spends it). */
export interface SymbolicationBudget {
  frames: number;
  /** performance.now() after which no frame is looked up... */
  deadline: number;
  /** ...once these first frames have been. */
  sure: number;
}

export function symbolicationBudget(frames = MAX_BATCH_FRAMES, ms = BATCH_BUDGET_MS): SymbolicationBudget {
  return { frames, deadline: performance.now() + ms, sure: Math.min(frames, MAX_FRAMES) };
}

type Position = { source: string; line: number | null; column: number | null; name: string | null } | null;

const REMOTE_PATH = /^\/remotes\/([a-z0-9][a-z0-9-]{0,63})\/([0-9A-Za-z][0-9A-Za-z.+-]{0,63})\/([A-Za-z0-9_][A-Za-z0-9._@+/-]*\.m?js)$/;
// A location: optional origin, a path, an optional query (cut), then :line:column.
// Only a served file (an http(s) URL or a path): not node:internal/... or [eval] frames.
const LOCATION = /(?:^|[\s(@])(?:https?:\/\/[^\s/()]+)?(\/[^\s()?#]*?)(?:[?#][^\s:()]*)?:(\d+):(\d+)\)?\s*$/;

export interface RawFrame {
  path: string;
  line: number;
  column: number;
  name: string | null;
}

/** The frames of a V8 (`at fn (url:1:2)`) or Firefox / Safari (`fn@url:1:2`) stack, top first. */
export function parseStack(stack: string): RawFrame[] {
  const out: RawFrame[] = [];
  for (const raw of stack.split('\n')) {
    const line = raw.trim();
    const loc = LOCATION.exec(line);
    if (!loc) continue;
    let name: string | null = null;
    const v8 = /^at (?:async )?(.+?) \(/.exec(line);
    const gecko = /^([^@\s]*)@/.exec(line);
    if (v8) name = v8[1]!;
    else if (gecko && gecko[1]) name = gecko[1];
    out.push({ path: loc[1]!, line: Number(loc[2]), column: Number(loc[3]), name: name ? clean(name).slice(0, 200) : null });
    if (out.length >= MAX_FRAMES) break;
  }
  return out;
}

/** No control characters (a bundler's virtual module names start with NUL, which PostgreSQL refuses). */
function clean(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f]/g, '');
}

/** '../../src/App.tsx', 'webpack://x/./src/App.tsx' → 'src/App.tsx'. */
export function sourceName(source: string): string {
  return clean(source)
    .replace(/^[a-z-]+:\/\/[^/]*\//, '')
    .replace(/^(?:\.{1,2}\/)+/, '')
    .slice(0, 300);
}

export class SourceMaps {
  private readonly maps = new Map<string, Promise<TraceMap | null>>();
  private readonly positions = new Map<string, Position>();

  constructor(
    private readonly releases: ReleaseServing,
    private readonly storage: StorageProvider,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** The content hash of the map of a served file of a published remote version, or null (no map, too big). */
  private async mapKeyOf(app: string, version: string, path: string): Promise<string | null> {
    const v = await this.releases.version(app, version);
    const entry = v?.kind === 'remote' ? v.files[`${path}.map`] : undefined;
    if (!v || !entry || entry.size > MAX_MAP_BYTES) return null;
    return entry.sha256;
  }

  /** The parsed map (kept by its content hash `key`), or null (unreadable). */
  private async mapOf(key: string, app: string, version: string, path: string): Promise<TraceMap | null> {
    let map = this.maps.get(key);
    if (map) {
      this.maps.delete(key);
      this.maps.set(key, map);
      return map;
    }
    map = (async () => {
      try {
        const bytes = await this.storage.get(storageKeyOf(app, version, `${path}.map`));
        return bytes ? new TraceMap(bytes.toString('utf8')) : null;
      } catch (err) {
        this.log?.warn({ err, app, version, path }, 'rum: source map unreadable');
        return null;
      }
    })();
    this.maps.set(key, map);
    if (this.maps.size > MAX_MAPS) this.maps.delete(this.maps.keys().next().value!);
    return map;
  }

  /**
   * Each frame mapped to its original source when it is under /remotes/<app>/<version>/ and that version has the
   * map. A mapped frame's function is named by its caller's call site (the original name of what the next frame
   * called), as minified names mean nothing; null when the caller's position has no name.
   */
  async symbolicate(stack: string, budget: SymbolicationBudget = symbolicationBudget()): Promise<Frame[]> {
    const raw = parseStack(stack);
    const mapped: Position[] = [];
    for (const f of raw) {
      const remote = REMOTE_PATH.exec(f.path);
      if (!remote || budget.frames <= 0 || (budget.sure <= 0 && performance.now() >= budget.deadline)) {
        mapped.push(null);
        continue;
      }
      budget.frames--;
      budget.sure--;
      const mapKey = await this.mapKeyOf(remote[1]!, remote[2]!, remote[3]!);
      if (!mapKey) {
        mapped.push(null);
        continue;
      }
      const at = `${mapKey}:${f.line}:${f.column}`;
      if (this.positions.has(at)) {
        const known = this.positions.get(at)!;
        this.positions.delete(at);
        this.positions.set(at, known);
        mapped.push(known);
        continue;
      }
      const map = await this.mapOf(mapKey, remote[1]!, remote[2]!, remote[3]!);
      const pos = map ? originalPositionFor(map, { line: f.line, column: Math.max(0, f.column - 1) }) : null;
      const found: Position =
        pos && pos.source !== null ? { source: pos.source, line: pos.line, column: pos.column, name: pos.name } : null;
      // An unreadable map is not remembered per position: it may be read next time.
      if (map) {
        this.positions.set(at, found);
        if (this.positions.size > MAX_POSITIONS) this.positions.delete(this.positions.keys().next().value!);
      }
      mapped.push(found);
    }
    return raw.map((f, i) => {
      const m = mapped[i];
      if (!m) return { file: clean(f.path).slice(0, 300), line: f.line, column: f.column, name: f.name };
      const callerName = mapped[i + 1]?.name;
      return {
        file: sourceName(m.source),
        line: m.line,
        column: m.column === null ? null : m.column + 1,
        name: callerName ? clean(callerName) : null,
      };
    });
  }
}

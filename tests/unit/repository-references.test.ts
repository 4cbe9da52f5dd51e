import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Whoever clones Rumbo must be able to follow every reference in its comments and docs
 * (docs/principles.md#comments-point-inside-the-repository): no "spec §", "the spec", issue numbers or
 * documents that live outside the repository, and every `docs/….md#anchor` names a file and
 * a heading that exist.
 */

const root = path.resolve('.');
const SCANNED = ['src', 'tests', 'e2e', 'scripts', 'bench', 'eslint-rules', 'docs', 'eslint.config.js', 'README.md'];
const TEXT_FILE = /\.(?:ts|tsx|js|mjs|cjs|md|css|html|sql)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'locales']);
/** This file spells out the patterns it looks for. */
const SELF = path.relative(root, import.meta.filename);

/** Pointers to documents outside the repository. */
const OUTSIDE = [
  /\bspec ?§/i,
  /§ ?\d/,
  /API-CONTRACT/,
  /\b(?:METRICS|STYLE|SPEC|ARCHITECTURE|STACK-NOTES)\.md\b/,
  /\bARCHITECTURE\b|\bSTACK-NOTES\b/,
  /\.\.\/shared\//,
  /\bissue #?\d+/i,
  /#\d+ issue\b|\bissues\/\d+/i,
  /\bthe (?:[a-z]+ )?issue\b/i,
  /\bthe spec\b/i,
  /\bthe (?:API )?contract\b/i,
  /(?:^|[\s(`'"])(?:\/work\/)?shared\/[A-Z-]+\.md\b/,
];
/** A section of an RFC is a public standard anyone can read: "RFC 6238 §5.2". */
const RFC_SECTION = /RFC \d+,?[\s*/#]*§ ?[\d.]+/g;

function filesUnder(entry: string): string[] {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((child) => !SKIPPED_DIRS.has(child.name))
    .flatMap((child) => (child.isDirectory() ? filesUnder(path.join(entry, child.name)) : [path.join(entry, child.name)]));
}

const files = SCANNED.flatMap(filesUnder)
  .filter((file) => TEXT_FILE.test(file) && file !== SELF)
  .map((file) => ({ file: file.split(path.sep).join('/'), text: fs.readFileSync(path.join(root, file), 'utf8') }));

/** Each line that points outside the repository, as `file:line: text`. */
function outsideReferences(file: string, text: string): string[] {
  const lines = text.replace(RFC_SECTION, (rfc) => rfc.replace(/§/g, 'section ')).split('\n');
  return lines.flatMap((line, index) => (OUTSIDE.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorsByFile = new Map<string, Set<string>>();
function anchorsIn(file: string): Set<string> {
  const known = anchorsByFile.get(file);
  if (known) return known;
  const anchors = new Set<string>();
  let inFence = false;
  for (const line of fs.readFileSync(path.join(root, file), 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = !inFence && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const anchor = anchorOf(heading[1]!);
    let unique = anchor;
    for (let n = 1; anchors.has(unique); n++) unique = `${anchor}-${n}`;
    anchors.add(unique);
  }
  anchorsByFile.set(file, anchors);
  return anchors;
}

/** What is wrong with a reference to `target` (a repository path) and its anchor, if anything. */
function brokenLink(target: string, anchor: string | undefined): string | null {
  if (!fs.existsSync(path.join(root, target))) return 'no such file';
  if (anchor === undefined || !target.endsWith('.md')) return null;
  return anchorsIn(target).has(anchor.toLowerCase()) ? null : `no heading #${anchor}`;
}

/** `docs/….md#anchor` and `README.md#anchor` written anywhere, relative to the repository. */
const DOC_REFERENCE = /(?<![\w./-])(docs\/[\w./-]+\.md|README\.md)(?:#([\w-]+))?/g;
/**
 * A repository path written in backticks (`src/server/app.ts`, `tests/unit/`): a pointer a
 * reader follows, so it must exist. Patterns (`NNN`, `*`, `<name>`, `{a,b}`, `…`) are not paths.
 */
const BACKTICKED_PATH = /`((?:src|tests|e2e|scripts|bench|docs|eslint-rules)\/[^`\s]*)`/g;
const PATH_PATTERN = /NNN|[*<>{}…$]/;

/** Markdown links in docs, relative to the document. */
const MARKDOWN_LINK = /\]\(([^)\s]+)\)/g;

function brokenReferences(): string[] {
  const broken: string[] = [];
  for (const { file, text } of files) {
    text.split('\n').forEach((line, index) => {
      const where = `${file}:${index + 1}`;
      for (const [, target, anchor] of line.matchAll(DOC_REFERENCE)) {
        if (target!.includes('NNN')) continue; // the pattern of a decision's name, not a file
        const problem = brokenLink(target!, anchor);
        if (problem) broken.push(`${where}: ${target}${anchor ? `#${anchor}` : ''}: ${problem}`);
      }
      for (const [, written] of line.matchAll(BACKTICKED_PATH)) {
        const target = written!.replace(/[:#].*$/, '').replace(/\/$/, '');
        if (PATH_PATTERN.test(target) || fs.existsSync(path.join(root, target))) continue;
        broken.push(`${where}: \`${written}\`: no such file or folder`);
      }
      if (!file.endsWith('.md')) return;
      for (const [, link] of line.matchAll(MARKDOWN_LINK)) {
        if (/^[a-z]+:/i.test(link!)) continue;
        const [relative, anchor] = link!.split('#');
        const target = relative ? path.posix.normalize(path.posix.join(path.posix.dirname(file), relative)) : file;
        const problem = brokenLink(target.replace(/\/$/, ''), anchor);
        if (problem) broken.push(`${where}: ${link}: ${problem}`);
      }
    });
  }
  return broken;
}

describe('references in comments and docs', () => {
  it('scans the code, the tests and the docs', () => {
    const scanned = files.map(({ file }) => file);
    for (const file of ['src/server/app.ts', 'tests/unit/security/validate.test.ts', 'e2e/metrics.spec.ts', 'docs/product.md', 'README.md']) {
      expect(scanned).toContain(file);
    }
  });

  it('recognise pointers outside the repository, but not an RFC section', () => {
    const sample = ['// (SPEC §10 "AI")', '// spec §9 limits', '// API-CONTRACT "Values"', '// as METRICS.md states', '// issue 7 item 5', '// with the mail issue', '// see ../shared/STYLE.md', '// fixes issue #12', '// what the spec asks', "// the spec's limit", '// The issue asks for TOTP', '// as the contract requires', '// (shared/SPEC.md)'];
    expect(sample.flatMap((line) => outsideReferences('sample.ts', line))).toHaveLength(sample.length);
    expect(outsideReferences('sample.ts', '// within that window (RFC 6238\n * §5.2: "MUST NOT accept")')).toEqual([]);
    expect(outsideReferences('sample.ts', '// RFC 6238, and spec §5.2')).toHaveLength(1);
  });

  it('point only inside the repository', () => {
    expect(files.flatMap(({ file, text }) => outsideReferences(file, text))).toEqual([]);
  });

  it('name files and headings that exist', () => {
    expect(anchorOf('Profile (`/profile`) and `PATCH /api/me`')).toBe('profile-profile-and-patch-apime');
    expect(brokenReferences()).toEqual([]);
  });
});

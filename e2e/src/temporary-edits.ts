import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repoRoot } from './stack';

/** A change of one file of the checkout (relative to its root): its new text from its text now. */
export interface TemporaryEdit {
  file: string;
  /** The file's text, or undefined when the edit creates it. */
  edit: (text: string | undefined) => string;
}

/**
 * Runs `run` with the files edited and the build folders kept as they were: afterwards, even when it
 * fails, each file has its text back (or is gone if the edit created it) and each folder its files,
 * so what a test built from edited code stays out of the checkout's builds.
 */
export async function withTemporaryEdits<T>(
  edits: readonly TemporaryEdit[],
  keptDirs: readonly string[],
  run: () => Promise<T>,
): Promise<T> {
  const textOf = (full: string) =>
    fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : undefined;
  const originals = new Map(
    edits.map(({ file }) => path.join(repoRoot, file)).map((full) => [full, textOf(full)]),
  );
  const keep = fs.mkdtempSync(path.join(os.tmpdir(), 'crm-sync-kept-'));
  const kept = keptDirs.map((dir, index) => {
    const copy = path.join(keep, String(index));
    fs.cpSync(path.join(repoRoot, dir), copy, { recursive: true });
    return { full: path.join(repoRoot, dir), copy };
  });
  try {
    // one after the other: two edits of a file both stay
    for (const { file, edit } of edits) {
      const full = path.join(repoRoot, file);
      fs.writeFileSync(full, edit(textOf(full)));
    }
    return await run();
  } finally {
    for (const [full, text] of originals) {
      if (text === undefined) fs.rmSync(full, { force: true });
      else fs.writeFileSync(full, text);
    }
    for (const { full, copy } of kept) {
      fs.rmSync(full, { recursive: true, force: true });
      fs.cpSync(copy, full, { recursive: true });
    }
    fs.rmSync(keep, { recursive: true, force: true });
  }
}

/** An edit that replaces one exact piece of a file's text, and fails loudly when the piece is gone. */
export function replacing(file: string, piece: string, by: string): TemporaryEdit {
  return {
    file,
    edit: (text) => {
      if (!text?.includes(piece)) throw new Error(`${file} no longer has ${JSON.stringify(piece)}`);
      return text.replace(piece, by);
    },
  };
}

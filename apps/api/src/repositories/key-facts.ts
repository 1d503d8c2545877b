import type { KeyFacts } from '@lendview/contracts';
import type { Queryable } from '../db/types.ts';

/**
 * Keeps a key facts statement a borrower confirmed, by its hash (kfs_statements, migration 013, insert-only):
 * the consent record names the hash, this row holds the figures and texts shown. The same statement twice
 * (a repeated confirm, two borrowers with the same offer the same day) is one row.
 */
export async function saveKeyFacts(db: Queryable, kfs: KeyFacts): Promise<void> {
  await db.query(
    `INSERT INTO kfs_statements (sha256, version, lang, body) VALUES ($1, $2, $3, $4::jsonb) ON CONFLICT (sha256) DO NOTHING`,
    [kfs.sha256, kfs.version, kfs.lang, JSON.stringify(kfs)],
  );
}

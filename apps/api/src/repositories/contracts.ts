import type { Queryable } from '../db/types.ts';
import type { Lang } from '../i18n/messages.ts';

/** Spec 9: the contract scene of the loan confirmation. */
export const CONFIRM_CONTRACT_SCENE = 3;

export interface Contract {
  id: number;
  scene: number;
  /** null: the agreement goes with every product. */
  productId: number | null;
  popup: boolean;
  title: Record<Lang, string>;
  body: Record<Lang, string>;
}

interface ContractDbRow {
  id: number;
  scene: number;
  product_id: number | null;
  popup: boolean;
  title_en: string;
  title_id: string;
  body_en: string;
  body_id: string;
}

const toContract = (r: ContractDbRow): Contract => ({
  id: r.id,
  scene: r.scene,
  productId: r.product_id,
  popup: r.popup,
  title: { en: r.title_en, id: r.title_id },
  body: { en: r.body_en, id: r.body_id },
});

/**
 * The agreements of a product in a scene, in list order: the product's own and those of every product
 * (product_id NULL), by sort_order then id. contract-jump's `position` is an index into this list.
 */
export async function listContracts(db: Queryable, productId: number, scene: number): Promise<Contract[]> {
  const rows = await db.query<ContractDbRow>(
    `SELECT id, scene, product_id, popup, title_en, title_id, body_en, body_id FROM contracts
      WHERE active AND scene = $1 AND (product_id IS NULL OR product_id = $2)
      ORDER BY sort_order, id`,
    [scene, productId],
  );
  return rows.map(toContract);
}

export async function findContract(db: Queryable, id: number): Promise<Contract | null> {
  const rows = await db.query<ContractDbRow>(
    'SELECT id, scene, product_id, popup, title_en, title_id, body_en, body_id FROM contracts WHERE id = $1 AND active',
    [id],
  );
  return rows[0] ? toContract(rows[0]) : null;
}

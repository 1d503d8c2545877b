import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecommendedProduct } from '@lendview/contracts';
import { isSuccess } from '@lendview/api-client';
import { bridge } from '@lendview/bridge';
import { toast } from '@lendview/ui';
import { savePageEvent } from '../api/page-event-save.ts';
import { applyProduct } from '../api/product-apply.ts';
import { moduleIdForScene } from './scene.ts';
import { openProductUrl } from './navigation.ts';

/** A recommended product answers a tap only when it is active (buttonStatus 1) and clickable (globally 1). */
export function isClickable(p: Pick<RecommendedProduct, 'buttonStatus' | 'globally'>): boolean {
  return p.buttonStatus === 1 && p.globally === 1;
}

/**
 * The recommended-product click of spec 7.5 / 7.6: record the click (pageEvent/save: productId, the scene's
 * moduleId, positionId = index), then apply (product_id, module_id, scene) and open data.url: http(s) in the
 * web view with the shared params, anything else through the bridge. A non-'00' answer shows its message
 * (the api-client toast). One click at a time: taps while one runs are ignored.
 */
export function useProductApply(scene: string) {
  const { t } = useTranslation('loanDetails');
  const running = useRef(false);
  const [pendingId, setPendingId] = useState<number | null>(null);

  const apply = useCallback(
    async (product: RecommendedProduct, index: number) => {
      if (!isClickable(product) || running.current) return;
      running.current = true;
      setPendingId(product.id);
      const moduleId = moduleIdForScene(scene);
      try {
        await savePageEvent({ productId: product.id, moduleId, positionId: index });
        const env = await applyProduct({ product_id: product.id, module_id: moduleId, scene }, { loadingText: t('common.opening') });
        if (isSuccess(env) && env.data) openProductUrl(env.data.url);
      } catch {
        toast.show(t('error', { ns: 'common' }));
      } finally {
        running.current = false;
        setPendingId(null);
      }
    },
    [scene, t],
  );

  return { apply, pendingId };
}

/**
 * A product's own page (Borrow again, the product row of loan details): the app's native product page. In a plain
 * browser there is none (the bridge call did nothing: issue 40), so the tap opens what the product's Apply opens:
 * our loan confirmation for an in-house product, the partner's link for a partner's (the same call and rules as a
 * recommended product's tap).
 */
export function useOpenProduct(moduleId: number) {
  const { t } = useTranslation('loanDetails');
  const running = useRef(false);
  return useCallback(
    async (productId: number) => {
      if (bridge.openPageWithParam('productDetail', productId) || running.current) return;
      running.current = true;
      try {
        const env = await applyProduct({ product_id: productId, module_id: moduleId, scene: '' }, { loadingText: t('common.opening') });
        if (isSuccess(env) && env.data) openProductUrl(env.data.url);
      } catch {
        toast.show(t('error', { ns: 'common' }));
      } finally {
        running.current = false;
      }
    },
    [moduleId, t],
  );
}

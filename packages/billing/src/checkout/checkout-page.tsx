import { can, isHttpError, isSubscribed, ONBOARDING_STORAGE_KEY } from '@backline/core';
import { billing } from '@backline/core/contract';
import { useBootstrap, useHttp } from '@backline/core/react';
import { Button, ButtonLink, Skeleton, toast } from '@backline/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { BillingLayout, BillingNotice } from '../shared/billing-layout';
import { periodKey } from '../shared/format-price';
import { useMySubscription, usePriceFormat, useProducts, useRefreshUser } from '../shared/use-billing';

/** The plan and price named by the route's `:productId` and `:priceId`, once the plans have loaded. */
function useRoutePlan() {
  const params = useParams();
  const query = useProducts();
  const product = query.data?.products.find((p) => String(p.id) === params.productId);
  const price = product?.prices.find((p) => String(p.id) === params.priceId);
  return { query, product, price };
}

export interface CheckoutPageProps {
  /** Where an admin fixes missing payment keys; `/admin/settings/billing` by default. */
  settingsHref?: string;
  /** Sends the browser to the provider's hosted page (tests and embedders may replace it). */
  redirect?: (url: string) => void;
}

/**
 * `/checkout/{productId}/{priceId}`: the order summary and "Continue to payment", which sends the browser to the
 * provider's hosted checkout; card details never touch the site. Arriving here consumes the onboarding selection
 * the pricing page stored, so a later login does not come back.
 */
export function CheckoutPage({
  settingsHref = '/admin/settings/billing',
  redirect = (url) => window.location.assign(url),
}: CheckoutPageProps) {
  const { t } = useTranslation();
  const http = useHttp();
  const data = useBootstrap();
  const format = usePriceFormat();
  const { query, product, price } = useRoutePlan();
  const [isPending, setPending] = useState(false);

  useEffect(() => {
    try {
      localStorage.removeItem(ONBOARDING_STORAGE_KEY);
    } catch {
      // Blocked storage holds no selection either.
    }
  }, []);

  if (query.isPending)
    return (
      <BillingLayout title={t('Checkout')}>
        <div className="bl-billing__panel" aria-busy="true">
          <Skeleton lines={4} />
        </div>
      </BillingLayout>
    );
  if (!product || !price || product.free)
    return (
      <BillingLayout title={t('Checkout')}>
        <BillingNotice>
          <p>{t('This plan is not available.')}</p>
          <ButtonLink href="/pricing" variant="outline">
            {t('Back to pricing')}
          </ButtonLink>
        </BillingNotice>
      </BillingLayout>
    );
  if (isSubscribed(data))
    return (
      <BillingLayout title={t('Checkout')}>
        <BillingNotice>
          <p>{t('You already have a subscription.')}</p>
          <ButtonLink href="/billing">{t('Manage your subscription')}</ButtonLink>
        </BillingNotice>
      </BillingLayout>
    );

  const configured = query.data?.payments_configured ?? false;
  const start = async () => {
    setPending(true);
    try {
      const { url } = await http.call(billing.checkout, {
        body: { productId: product.id, priceId: price.id },
      });
      redirect(url);
    } catch (error) {
      setPending(false);
      toast.danger(
        isHttpError(error) && error.serverMessage
          ? t(error.serverMessage)
          : t('There was an issue. Please try again.'),
      );
    }
  };

  return (
    <BillingLayout title={t('Checkout')}>
      <section className="bl-billing__panel" aria-labelledby="bl-checkout-summary">
        <h2 id="bl-checkout-summary" className="bl-billing__panel-title">
          {t('Order summary')}
        </h2>
        <dl className="bl-billing__summary">
          <div>
            <dt>{t('Plan')}</dt>
            <dd>{product.name}</dd>
          </div>
          <div>
            <dt>{t('Billed')}</dt>
            <dd>{format.periodLabel(periodKey(price))}</dd>
          </div>
          <div>
            <dt>{t('Total today')}</dt>
            <dd className="bl-billing__total">{format.price(price)}</dd>
          </div>
        </dl>
        {configured ? (
          <>
            <Button fullWidth onPress={start} isPending={isPending}>
              {t('Continue to payment')}
            </Button>
            <p className="bl-billing__hint">
              {t('You will finish paying on our payment provider’s secure page.')}
            </p>
          </>
        ) : (
          <div role="alert" className="bl-billing__warning">
            <p>{t('Payments are not configured on this site yet.')}</p>
            {can(data, 'admin.access') && (
              <ButtonLink href={settingsHref} variant="outline">
                {t('Open billing settings')}
              </ButtonLink>
            )}
          </div>
        )}
      </section>
    </BillingLayout>
  );
}

/** How often the return page asks whether the provider's webhook has made the subscription valid. */
export const CHECKOUT_POLL_MS = 1500;

/**
 * `/checkout/{productId}/{priceId}/done`: the provider sent the browser back, but the subscription becomes valid
 * only when its webhook arrives. The page asks until it is, then reloads the bootstrap data so the plan's
 * permissions and the Billing menu entry appear everywhere.
 */
export function CheckoutDonePage() {
  const { t } = useTranslation();
  const refreshUser = useRefreshUser();
  const [valid, setValid] = useState(false);
  const me = useMySubscription({ refetchInterval: valid ? false : CHECKOUT_POLL_MS });
  const subscription = me.data?.subscription;
  const isValid = !!subscription?.valid;

  useEffect(() => {
    if (!isValid || valid) return;
    void refreshUser().finally(() => setValid(true));
  }, [isValid, valid, refreshUser]);

  return (
    <BillingLayout title={t('Checkout')}>
      <BillingNotice role="status">
        {valid && subscription ? (
          <>
            <p>{t('Thanks! You are now subscribed to :plan.', { plan: subscription.product?.name ?? '' })}</p>
            <ButtonLink href="/billing">{t('Go to billing')}</ButtonLink>
          </>
        ) : (
          <p>{t('Confirming your payment...')}</p>
        )}
      </BillingNotice>
    </BillingLayout>
  );
}

/** `/checkout/{productId}/{priceId}/cancelled`: the visitor left the provider's page without paying. */
export function CheckoutCancelledPage() {
  const { t } = useTranslation();
  return (
    <BillingLayout title={t('Checkout cancelled')}>
      <BillingNotice>
        <p>{t('You have not been charged.')}</p>
        <ButtonLink href="/pricing" variant="outline">
          {t('Back to pricing')}
        </ButtonLink>
      </BillingNotice>
    </BillingLayout>
  );
}

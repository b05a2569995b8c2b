import { isHttpError } from '@backline/core';
import { billing } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Button, ButtonLink, Skeleton, toast } from '@backline/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { BillingLayout, BillingNotice } from '../shared/billing-layout';
import { periodKey } from '../shared/format-price';
import { usePriceFormat, useProducts, useRefreshUser } from '../shared/use-billing';

/**
 * `/change-plan/{productId}/{priceId}/confirm`: the provider's prorated preview of moving the subscription to
 * another plan or period, and "Confirm". The change is charged (or credited) by the provider at once.
 */
export function ChangePlanPage() {
  const { t } = useTranslation();
  const http = useHttp();
  const params = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const refreshUser = useRefreshUser();
  const format = usePriceFormat();
  const products = useProducts();
  const productId = Number(params.productId);
  const priceId = Number(params.priceId);
  const product = products.data?.products.find((p) => p.id === productId);
  const price = product?.prices.find((p) => p.id === priceId);
  const preview = useQuery({
    queryKey: ['billing', 'change-plan', productId, priceId],
    queryFn: ({ signal }) => http.call(billing.changePlanPreview, { body: { productId, priceId }, signal }),
    enabled: !!price,
    retry: false,
  });
  const change = useMutation({
    mutationFn: () => http.call(billing.changePlan, { body: { productId, priceId } }),
    onSuccess: async () => {
      await refreshUser();
      await client.invalidateQueries({ queryKey: ['billing'] });
      toast.positive(t('Plan changed'));
      navigate('/billing');
    },
    onError: (error) =>
      toast.danger(
        isHttpError(error) && error.serverMessage
          ? t(error.serverMessage)
          : t('There was an issue. Please try again.'),
      ),
  });

  if (products.isPending || (price && preview.isPending))
    return (
      <BillingLayout title={t('Change plan')}>
        <div className="bl-billing__panel" aria-busy="true">
          <Skeleton lines={4} />
        </div>
      </BillingLayout>
    );
  if (!product || !price || preview.isError)
    return (
      <BillingLayout title={t('Change plan')}>
        <BillingNotice role="alert">
          <p>
            {preview.error && isHttpError(preview.error) && preview.error.serverMessage
              ? t(preview.error.serverMessage)
              : t('This plan is not available.')}
          </p>
          <ButtonLink href="/billing" variant="outline">
            {t('Go to billing')}
          </ButtonLink>
        </BillingNotice>
      </BillingLayout>
    );
  const due = preview.data!;
  return (
    <BillingLayout title={t('Change plan')}>
      <section className="bl-billing__panel" aria-labelledby="bl-change-plan">
        <h2 id="bl-change-plan" className="bl-billing__panel-title">
          {t('You are changing to :plan.', { plan: product.name })}
        </h2>
        <dl className="bl-billing__summary">
          <div>
            <dt>{t('Plan')}</dt>
            <dd>
              {product.name} · {format.price(price)} {format.per(price)}
            </dd>
          </div>
          <div>
            <dt>{t('Billed')}</dt>
            <dd>{format.periodLabel(periodKey(price))}</dd>
          </div>
          <div>
            <dt>{t('Due today')}</dt>
            <dd className="bl-billing__total" data-testid="amount-due">
              {format.price({ amount: due.amount_due, currency: due.currency })}
            </dd>
          </div>
        </dl>
        {due.next_payment_at && (
          <p className="bl-billing__hint">
            {t('Your next payment is on :date.', { date: format.date(due.next_payment_at) })}
          </p>
        )}
        <Button fullWidth onPress={() => change.mutate()} isPending={change.isPending}>
          {t('Confirm')}
        </Button>
      </section>
    </BillingLayout>
  );
}

import { isHttpError } from '@backline/core';
import { billing } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { AlertDialog, Button, ButtonLink, Skeleton, toast } from '@backline/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BillingLayout } from '../shared/billing-layout';
import { billingQueryKeys, useMySubscription, usePriceFormat, useRefreshUser } from '../shared/use-billing';

export interface BillingPageProps {
  /** Sends the browser to the provider's customer portal (tests and embedders may replace it). */
  redirect?: (url: string) => void;
}

/**
 * `/billing`: the current plan and price, the next payment (or the day a cancelled plan ends), cancel and resume
 * behind a confirmation, the provider's portal for the payment method, and the invoices.
 */
export function BillingPage({ redirect = (url) => window.location.assign(url) }: BillingPageProps) {
  const { t } = useTranslation();
  const http = useHttp();
  const client = useQueryClient();
  const refreshUser = useRefreshUser();
  const format = usePriceFormat();
  const me = useMySubscription();
  const [confirming, setConfirming] = useState(false);
  const failed = (error: unknown) =>
    toast.danger(
      isHttpError(error) && error.serverMessage
        ? t(error.serverMessage)
        : t('There was an issue. Please try again.'),
    );
  const settle = async (message: string) => {
    await client.invalidateQueries({ queryKey: billingQueryKeys.me });
    await refreshUser();
    toast.positive(t(message));
  };
  const cancel = useMutation({
    mutationFn: () => http.call(billing.cancel, {}),
    onSuccess: () => settle('Plan cancelled'),
    onError: failed,
  });
  const resume = useMutation({
    mutationFn: () => http.call(billing.resume, {}),
    onSuccess: () => settle('Plan resumed'),
    onError: failed,
  });
  const portal = useMutation({
    mutationFn: () => http.call(billing.portal, {}),
    onSuccess: ({ url }) => redirect(url),
    onError: failed,
  });

  if (me.isPending)
    return (
      <BillingLayout title={t('Billing')}>
        <div className="bl-billing__panel" aria-busy="true">
          <Skeleton lines={4} />
        </div>
      </BillingLayout>
    );
  const subscription = me.data?.subscription?.valid ? me.data.subscription : null;
  const invoices = me.data?.invoices ?? [];

  return (
    <BillingLayout title={t('Billing')}>
      <section className="bl-billing__panel" aria-labelledby="bl-billing-plan">
        <h2 id="bl-billing-plan" className="bl-billing__panel-title">
          {t('Current plan')}
        </h2>
        {subscription ? (
          <>
            <p className="bl-billing__plan">
              <strong>{subscription.product?.name}</strong>
              {subscription.price && (
                <span>
                  {' '}
                  · {format.price(subscription.price)} {format.per(subscription.price)}
                </span>
              )}
            </p>
            {subscription.cancel_at_period_end ? (
              <p>
                {t('Your plan ends on :date.', {
                  date: format.date(subscription.ends_at ?? subscription.current_period_end),
                })}
              </p>
            ) : (
              subscription.current_period_end && (
                <p>
                  {t('Next payment')}: {format.date(subscription.current_period_end)}
                </p>
              )
            )}
            <div className="bl-billing__actions">
              <ButtonLink href="/pricing" variant="outline">
                {t('Change plan')}
              </ButtonLink>
              {subscription.cancel_at_period_end ? (
                <Button onPress={() => resume.mutate()} isPending={resume.isPending}>
                  {t('Resume plan')}
                </Button>
              ) : (
                <Button variant="danger" onPress={() => setConfirming(true)}>
                  {t('Cancel plan')}
                </Button>
              )}
            </div>
          </>
        ) : (
          <>
            <p>{t('You have no active subscription.')}</p>
            <ButtonLink href="/pricing">{t('See plans')}</ButtonLink>
          </>
        )}
      </section>
      {(subscription || invoices.length > 0) && (
        <section className="bl-billing__panel" aria-labelledby="bl-billing-payment">
          <h2 id="bl-billing-payment" className="bl-billing__panel-title">
            {t('Payment method and invoices')}
          </h2>
          <Button variant="outline" onPress={() => portal.mutate()} isPending={portal.isPending}>
            {t('Manage payment method')}
          </Button>
          <h3 className="bl-billing__subheading">{t('Invoices')}</h3>
          {invoices.length ? (
            <div className="bl-billing__table-wrap">
              <table className="bl-billing__table">
                <thead>
                  <tr>
                    <th scope="col">{t('Date')}</th>
                    <th scope="col">{t('Amount')}</th>
                    <th scope="col">{t('Status')}</th>
                    <th scope="col">
                      <span className="bl-visually-hidden">{t('View')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {invoices.map((invoice) => (
                    <tr key={invoice.id}>
                      <td>{format.date(invoice.paid_at ?? invoice.created_at)}</td>
                      <td>{format.price(invoice)}</td>
                      <td>{t(invoice.status)}</td>
                      <td>
                        {invoice.url && (
                          <a href={invoice.url} target="_blank" rel="noreferrer noopener">
                            {t('View')}
                          </a>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p>{t('No invoices yet.')}</p>
          )}
        </section>
      )}
      <AlertDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={t('Cancel your plan?')}
        confirmLabel={t('Cancel plan')}
        cancelLabel={t('Keep plan')}
        variant="danger"
        onConfirm={() =>
          cancel.mutateAsync().then(
            () => undefined,
            () => undefined,
          )
        }
        isPending={cancel.isPending}
      >
        {subscription && (
          <p>
            {t('You keep your plan until :date. After that it will not renew.', {
              date: format.date(subscription.current_period_end),
            })}
          </p>
        )}
      </AlertDialog>
    </BillingLayout>
  );
}

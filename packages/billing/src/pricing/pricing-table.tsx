import { isSubscribed, ONBOARDING_STORAGE_KEY } from '@backline/core';
import type { billing } from '@backline/core/contract';
import { useBootstrap } from '@backline/core/react';
import { Button, ButtonLink, Skeleton } from '@backline/ui';
import { useId, useState } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { periodKey } from '../shared/format-price';
import { usePriceFormat, useProducts } from '../shared/use-billing';
import { defaultPeriod, offeredPeriods, planButtonLabel, planButtonTarget, type Viewer } from './plan-rules';

/** How many placeholder cards show while the plans load. */
export const PLAN_SKELETONS = 3;

/** Remembers (or forgets) the plan a logged-out visitor picked, so registering continues to its checkout. */
function rememberSelection(product: billing.Product, price: billing.Price | undefined) {
  try {
    if (price)
      localStorage.setItem(
        ONBOARDING_STORAGE_KEY,
        JSON.stringify({ productId: product.id, priceId: price.id }),
      );
    else localStorage.removeItem(ONBOARDING_STORAGE_KEY);
  } catch {
    // Storage can be blocked; registering then simply lands on the home page.
  }
}

/**
 * The plan-period toggle (yearly first when offered, only the periods the plans offer) and one card per listed
 * plan: the "Most popular" badge and a larger card for the recommended plan, name, description, the price for the
 * period or "Free", the action button and the "What's included" list. Three skeleton cards while loading.
 */
export function PricingTable() {
  const { t } = useTranslation();
  const data = useBootstrap();
  const format = usePriceFormat();
  const query = useProducts();
  const [chosen, setChosen] = useState<string | null>(null);
  const headingId = useId();
  const viewer: Viewer = { loggedIn: !!data.user, subscribed: isSubscribed(data) };
  const current = ((data.user?.subscriptions ?? []) as { valid: boolean; price_id?: number | null }[]).find(
    (s) => s.valid,
  );

  if (query.isPending)
    return (
      <div className="bl-pricing__cards" aria-busy="true" aria-label={t('Loading plans')} role="status">
        {Array.from({ length: PLAN_SKELETONS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={index} className="bl-plan-card" data-skeleton="">
            <Skeleton width="40%" />
            <Skeleton lines={2} />
            <Skeleton variant="rect" height={48} />
            <Skeleton lines={3} />
          </div>
        ))}
      </div>
    );
  if (query.isError) return null;

  const products = query.data.products.filter((product) => !product.hidden);
  const periods = offeredPeriods(products);
  const period = chosen && periods.includes(chosen) ? chosen : defaultPeriod(periods);

  return (
    <div className="bl-pricing__table">
      {periods.length > 1 && (
        <ToggleButtonGroup
          className="bl-pricing__periods"
          aria-label={t('Billing period')}
          selectionMode="single"
          disallowEmptySelection
          selectedKeys={period ? [period] : []}
          onSelectionChange={(keys) => setChosen(String([...keys][0]))}
        >
          {periods.map((key) => (
            <ToggleButton key={key} id={key} className="bl-pricing__period">
              {format.periodLabel(key)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <div className="bl-pricing__cards">
        {products.map((product) => {
          const price = product.prices.find((p) => periodKey(p) === period);
          // A paid plan that does not bill in the chosen period is not offered for it.
          if (!product.free && !price) return null;
          const label = planButtonLabel(product, viewer);
          let target = planButtonTarget(product, price, viewer);
          // The plan and period the subscriber already pays for is not a change.
          if (viewer.subscribed && current && price && current.price_id === price.id) target = null;
          const id = `${headingId}-${product.id}`;
          return (
            <article
              key={product.id}
              className="bl-plan-card"
              data-recommended={product.recommended || undefined}
              aria-labelledby={id}
            >
              {product.recommended && <p className="bl-plan-card__badge">{t('Most popular')}</p>}
              <h2 className="bl-plan-card__name" id={id}>
                {product.name}
              </h2>
              {product.description && <p className="bl-plan-card__description">{product.description}</p>}
              <p className="bl-plan-card__price">
                {product.free || !price ? (
                  t('Free')
                ) : (
                  <>
                    <span className="bl-plan-card__amount">{format.price(price)}</span>{' '}
                    <span className="bl-plan-card__per">{format.per(price)}</span>
                  </>
                )}
              </p>
              {target ? (
                <ButtonLink
                  href={target}
                  fullWidth
                  variant={product.recommended ? 'primary' : 'outline'}
                  onPress={() => {
                    if (!viewer.loggedIn) rememberSelection(product, price);
                  }}
                >
                  {t(label, { plan: product.name })}
                </ButtonLink>
              ) : (
                <Button fullWidth variant="outline" isDisabled>
                  {t(label, { plan: product.name })}
                </Button>
              )}
              <h3 className="bl-plan-card__included">{t("What's included")}</h3>
              <ul className="bl-plan-card__features">
                {product.feature_list.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
            </article>
          );
        })}
      </div>
    </div>
  );
}

/// <reference types="vite/client" />
import { createI18n } from '@backline/ui';
import { describeStoriesRender, type StoryModule } from '@internal/testing/stories';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { BillingFixture, type BillingStoryParameters } from './billing.fixtures';
import * as billingStories from './billing-page/billing-page.stories';
import * as pricingStories from './pricing/pricing-page.stories';

const modules = import.meta.glob<StoryModule>('./**/*.stories.tsx', { eager: true });
describeStoriesRender('billing stories', modules);

/** The HTML of one story: its component and args inside the fixture its parameters describe. */
function html(module: StoryModule, name: string): string {
  const story = module[name] as { args?: Record<string, unknown>; parameters?: { billing?: object } };
  const meta = module.default;
  const Component = meta.component as ComponentType<Record<string, unknown>>;
  const parameters = {
    ...(meta.parameters?.billing as object | undefined),
    ...story.parameters?.billing,
  } as BillingStoryParameters;
  return renderToString(
    <I18nextProvider i18n={createI18n({ language: 'en', lines: {} })}>
      <BillingFixture {...parameters}>
        <Component {...meta.args} {...story.args} />
      </BillingFixture>
    </I18nextProvider>,
  );
}
const pricing = (name: keyof typeof pricingStories) => html(pricingStories as unknown as StoryModule, name);
const page = (name: keyof typeof billingStories) => html(billingStories as unknown as StoryModule, name);
const count = (text: string, part: string) => text.split(part).length - 1;

describe('the billing stories show the states they are named after', () => {
  it('pricing, for a visitor: the listed plans at their yearly prices, "Most popular" once, no hidden plan', () => {
    const text = pricing('Visitor');
    expect(count(text, 'class="bl-plan-card"')).toBe(3);
    expect(text).toContain('$99.90');
    expect(text).not.toContain('$9.99');
    expect(count(text, 'Most popular')).toBe(1);
    expect(text).not.toContain('Staff');
    expect(text).toContain('Get started');
    expect(count(text, '/register?redirectFrom=pricing')).toBe(3);
  });

  it('pricing, for a listener on the free plan and for a subscriber: their own plan has no action', () => {
    expect(pricing('FreeListener')).toContain('You&#x27;re on Free');
    expect(pricing('FreeListener')).toContain('href="/checkout/2/22"');
    const subscriber = pricing('Subscriber');
    expect(subscriber).toContain('href="/change-plan/3/32/confirm"');
    expect(subscriber).not.toContain('href="/change-plan/2/22/confirm"');
  });

  it('pricing, loading: three skeleton cards and no plan', () => {
    const text = pricing('Loading');
    expect(count(text, 'data-skeleton=""')).toBe(3);
    expect(text).not.toContain('Most popular');
  });

  it('the billing page: a subscriber, a cancelled plan, no subscription, and loading', () => {
    const subscribed = page('Subscribed');
    expect(subscribed).toContain('Next payment');
    expect(subscribed).toContain('Cancel plan');
    expect(subscribed).toContain('$99.90');
    expect(subscribed).toContain('https://invoice.example.com/9');
    const cancelled = page('Cancelled');
    expect(cancelled).toContain('Resume plan');
    expect(cancelled).toContain('Your plan ends on March 1, 2027.');
    expect(cancelled).not.toContain('Next payment');
    expect(page('NoSubscription')).toContain('You have no active subscription.');
    const loading = page('Loading');
    expect(loading).toContain('aria-busy="true"');
    expect(loading).not.toContain('Current plan');
  });
});

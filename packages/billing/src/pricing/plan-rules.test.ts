import { describe, expect, it } from 'vitest';
import { formatPrice } from '../shared/format-price';
import { defaultPeriod, offeredPeriods, planButtonLabel, planButtonTarget } from './plan-rules';

const free = { id: 1, free: true };
const pro = { id: 2, free: false };
const price = { id: 20 };
const loggedOut = { loggedIn: false, subscribed: false };
const loggedIn = { loggedIn: true, subscribed: false };
const subscribed = { loggedIn: true, subscribed: true };

describe('plan button label', () => {
  it('reads "You\'re on :plan" for the free plan when logged in', () => {
    expect(planButtonLabel(free, loggedIn)).toBe("You're on :plan");
    expect(planButtonLabel(free, subscribed)).toBe("You're on :plan");
  });
  it('reads "Get started" for the free plan when logged out', () => {
    expect(planButtonLabel(free, loggedOut)).toBe('Get started');
  });
  it('reads "Upgrade" for every other plan', () => {
    expect(planButtonLabel(pro, loggedOut)).toBe('Upgrade');
    expect(planButtonLabel(pro, loggedIn)).toBe('Upgrade');
    expect(planButtonLabel(pro, subscribed)).toBe('Upgrade');
  });
});

describe('plan button target', () => {
  it('sends a logged-out visitor to register, from any plan', () => {
    expect(planButtonTarget(pro, price, loggedOut)).toBe('/register?redirectFrom=pricing');
    expect(planButtonTarget(free, undefined, loggedOut)).toBe('/register?redirectFrom=pricing');
  });
  it('sends a subscribed user to confirm the plan change', () => {
    expect(planButtonTarget(pro, price, subscribed)).toBe('/change-plan/2/20/confirm');
  });
  it('sends a logged-in user choosing a paid plan to its checkout', () => {
    expect(planButtonTarget(pro, price, loggedIn)).toBe('/checkout/2/20');
  });
  it('has no target otherwise', () => {
    expect(planButtonTarget(free, undefined, loggedIn)).toBeNull();
    expect(planButtonTarget(free, undefined, subscribed)).toBeNull();
    expect(planButtonTarget(pro, undefined, loggedIn)).toBeNull();
  });
});

describe('plan periods', () => {
  const plan = (...intervals: ['month' | 'year' | 'week' | 'day', number][]) => ({
    prices: intervals.map(([interval, interval_count], id) => ({
      id,
      product_id: 1,
      amount: 100,
      currency: 'usd',
      interval,
      interval_count,
    })),
  });
  it('offers only the periods the plans have, and starts on yearly', () => {
    const periods = offeredPeriods([plan(['year', 1], ['month', 1]), plan(['month', 1]), plan()]);
    expect(periods).toEqual(['month', 'year']);
    expect(defaultPeriod(periods)).toBe('year');
  });
  it('starts on the first offered period when no plan is yearly', () => {
    const periods = offeredPeriods([plan(['month', 3], ['week', 1])]);
    expect(periods).toEqual(['week', '3 month']);
    expect(defaultPeriod(periods)).toBe('week');
  });
});

describe('price format', () => {
  it('shifts by the currency minor unit and formats for the language', () => {
    expect(formatPrice(999, 'usd', 'en-US')).toBe('$9.99');
    expect(formatPrice(500, 'JPY', 'en-US')).toBe('¥500');
    expect(formatPrice(9990, 'EUR', 'es')).toMatch(/^99,90\s€$/);
  });
});

import { billing } from '@backline/core/contract';
import { useHttp } from '@backline/core/react';
import { Button, ListItem, Select, Switch, TextField, toast } from '@backline/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminFormDialog, useIsDirty } from '../forms/admin-form-dialog';
import { useServerForm } from '../forms/use-server-form';
import { formatPrice, PLANS_QUERY_KEY } from './plan-format';

const INTERVALS = ['month', 'year', 'week', 'day'] as const;

/** A price being added in the form: the amount as typed (major units), sent in minor units. */
interface DraftPrice {
  key: number;
  amount: string;
  currency: string;
  interval: billing.PriceInterval;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const names = (text: string) =>
  text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

/**
 * Create or edit a plan. A price cannot change once created (providers never change a sold price), so existing
 * prices are listed with a remove button and new ones are added below; the server refuses to remove one that has
 * subscribers.
 */
export function PlanFormDialog({
  plan,
  onOpenChange,
}: {
  plan: billing.Product | null;
  onOpenChange: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const http = useHttp();
  const queryClient = useQueryClient();
  const form = useServerForm(['name', 'description', 'feature_list', 'permissions', 'prices']);
  const [name, setName] = useState(plan?.name ?? '');
  const [description, setDescription] = useState(plan?.description ?? '');
  const [free, setFree] = useState(plan?.free ?? false);
  const [hidden, setHidden] = useState(plan?.hidden ?? false);
  const [recommended, setRecommended] = useState(plan?.recommended ?? false);
  const [features, setFeatures] = useState((plan?.feature_list ?? []).join('\n'));
  const [permissions, setPermissions] = useState((plan?.permissions ?? []).join(', '));
  const [kept, setKept] = useState<billing.Price[]>(plan?.prices ?? []);
  const [drafts, setDrafts] = useState<DraftPrice[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const [amountError, setAmountError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: () => {
      const body = {
        name,
        description: description || null,
        hidden,
        free,
        recommended,
        feature_list: lines(features),
        permissions: names(permissions),
        prices: [
          ...kept.map(({ id, amount, currency, interval, interval_count }) => ({
            id,
            amount,
            currency,
            interval,
            interval_count,
          })),
          ...drafts.map((draft) => ({
            amount: Math.round(Number(draft.amount.replace(',', '.')) * 100),
            currency: draft.currency.trim(),
            interval: draft.interval,
            interval_count: 1,
          })),
        ],
      };
      return plan
        ? http.call(billing.adminUpdateProduct, { params: { id: plan.id }, body })
        : http.call(billing.adminCreateProduct, { body });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PLANS_QUERY_KEY });
      toast.positive(plan ? t('Plan updated') : t('Plan created'));
      onOpenChange(false);
    },
    onError: form.report,
  });
  const isDirty = useIsDirty({
    name,
    description,
    free,
    hidden,
    recommended,
    features,
    permissions,
    kept,
    drafts,
  });
  const onSubmit = () => {
    // A typo such as "9.9.9" would reach the server as NaN; say so on the form instead.
    if (drafts.some((draft) => !/^\d+([.,]\d{1,2})?$/.test(draft.amount.trim()))) {
      setAmountError(t('Enter an amount such as 9.99.'));
      return;
    }
    setAmountError(null);
    save.mutate();
  };
  const updateDraft = (key: number, patch: Partial<DraftPrice>) =>
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)));

  return (
    <AdminFormDialog
      title={plan ? t('Edit plan') : t('New plan')}
      onOpenChange={onOpenChange}
      isDirty={isDirty}
      onSubmit={onSubmit}
      validationErrors={form.validationErrors}
      isPending={save.isPending}
      submitLabel={plan ? t('Save') : t('Create')}
    >
      <TextField label={t('Name')} name="name" isRequired value={name} onChange={setName} />
      <TextField
        label={t('Description')}
        name="description"
        multiline
        rows={2}
        value={description}
        onChange={setDescription}
      />
      <Switch isSelected={free} onChange={setFree} description={t('Needs no checkout.')}>
        {t('Free plan')}
      </Switch>
      <Switch
        isSelected={recommended}
        onChange={setRecommended}
        description={t('Shown larger, with the "Most popular" badge.')}
      >
        {t('Recommended')}
      </Switch>
      <Switch isSelected={hidden} onChange={setHidden} description={t('Not listed on the pricing page.')}>
        {t('Hidden')}
      </Switch>
      <TextField
        label={t('Features')}
        name="feature_list"
        description={t('One per line, listed under "What\'s included".')}
        multiline
        rows={4}
        value={features}
        onChange={setFeatures}
      />
      <TextField
        label={t('Permissions')}
        name="permissions"
        description={t('Comma-separated permission names the plan grants, such as music.download.')}
        value={permissions}
        onChange={setPermissions}
      />
      {free ? null : (
        <fieldset className="bl-admin-form__group bl-plan-prices">
          <legend>{t('Prices')}</legend>
          {kept.length === 0 && drafts.length === 0 ? <p>{t('No prices')}</p> : null}
          <ul className="bl-plan-prices__list">
            {kept.map((price) => (
              <li key={price.id} className="bl-plan-prices__row">
                <span>{formatPrice(price, i18n.language, t)}</span>
                <Button
                  variant="text"
                  size="sm"
                  onPress={() => setKept((current) => current.filter((p) => p.id !== price.id))}
                  aria-label={t('Remove price :price', { price: formatPrice(price, i18n.language, t) })}
                >
                  {t('Remove')}
                </Button>
              </li>
            ))}
            {drafts.map((draft, index) => (
              <li key={draft.key} className="bl-plan-prices__row bl-plan-prices__row--new">
                <TextField
                  label={t('Amount')}
                  aria-label={t('Amount of new price :number', { number: index + 1 })}
                  inputMode="decimal"
                  isRequired
                  value={draft.amount}
                  onChange={(amount) => updateDraft(draft.key, { amount })}
                  isInvalid={Boolean(amountError)}
                  errorMessage={amountError ?? undefined}
                />
                <TextField
                  label={t('Currency')}
                  isRequired
                  maxLength={3}
                  value={draft.currency}
                  onChange={(currency) => updateDraft(draft.key, { currency })}
                />
                <Select
                  label={t('Period')}
                  selectedKey={draft.interval}
                  onSelectionChange={(key) =>
                    updateDraft(draft.key, { interval: key as billing.PriceInterval })
                  }
                >
                  {INTERVALS.map((interval) => (
                    <ListItem key={interval} id={interval}>
                      {t(interval)}
                    </ListItem>
                  ))}
                </Select>
                <Button
                  variant="text"
                  size="sm"
                  onPress={() => setDrafts((current) => current.filter((d) => d.key !== draft.key))}
                >
                  {t('Remove')}
                </Button>
              </li>
            ))}
          </ul>
          {form.validationErrors.prices ? (
            <p className="bl-admin-form__error" role="alert">
              {form.validationErrors.prices}
            </p>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            onPress={() => {
              setDrafts((current) => [
                ...current,
                {
                  key: nextKey,
                  amount: '',
                  currency: kept[0]?.currency.toUpperCase() ?? 'USD',
                  interval: 'month',
                },
              ]);
              setNextKey((key) => key + 1);
            }}
          >
            {t('Add price')}
          </Button>
        </fieldset>
      )}
    </AdminFormDialog>
  );
}

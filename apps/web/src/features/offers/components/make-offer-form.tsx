import {
  earliestBuyingDateIso,
  formatDollars,
  hasAtMostCents,
  latestBuyingDateIso,
  PAGE_FORMS,
  strictNumberInput,
  todayIso,
} from '@keyhaven/shared/constants';
import { OFFER_MESSAGES, offerBoundsMessage } from '@keyhaven/shared/texts';
import { useForm } from 'react-hook-form';
import { AppForm } from '@/components/form/app-form';
import { NumberField, TextField } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { PAGE_FORM_FIELD, pageFormError, usePageForm } from '@/lib/page-form';
import type { User } from '@/lib/user';
import { ownerName } from '../lib/owner';
import type { Property } from '../types';

export type OfferFormValues = { offerAmount: string; selectedDate: string };
export type OfferInput = { offerAmount: number; selectedDate: string };

type MakeOfferFormProps = {
  property: Property;
  user: User;
  pending: boolean;
  onSubmit: (offer: OfferInput) => void;
  onCancel: () => void;
};

/**
 * Required, in digits (the server refuses `1e5`, which a number field takes), within the
 * listing's price range, in whole cents at most.
 */
function checkAmount(min: number, max: number) {
  return (raw: string) => {
    const amount = strictNumberInput(raw);
    if (amount === undefined) return OFFER_MESSAGES.amountRequired;
    if (typeof amount !== 'number') return OFFER_MESSAGES.amountInDigits;
    if (amount < min || amount > max) return offerBoundsMessage(min, max);
    if (!hasAtMostCents(amount)) return OFFER_MESSAGES.amountCents;
    return true;
  };
}

/**
 * Required, and after the current moment. Days are compared as the server does,
 * in UTC, so what passes here passes there.
 */
function checkDate(value: string) {
  if (!value) return OFFER_MESSAGES.dateRequired;
  if (value <= todayIso()) return OFFER_MESSAGES.dateInPast;
  if (value > latestBuyingDateIso()) return OFFER_MESSAGES.dateTooFar;
  return true;
}

function ReadOnlyField({ label, value }: { label: string; value: string }) {
  return (
    <TextField
      label={label}
      value={value}
      readOnly
      className="read-only:border-stone-300 read-only:bg-stone-100 read-only:text-stone-800"
    />
  );
}

/** The offer form: what is being bought and by whom (read-only), then amount and date. */
export function MakeOfferForm({ property, user, pending, onSubmit, onCancel }: MakeOfferFormProps) {
  const { minPrice, maxPrice } = property;
  // How an offer posted to this page without the app was refused, when one was.
  const posted = usePageForm(PAGE_FORMS.makeOffer);
  const {
    register,
    handleSubmit,
    formState: { errors, submitCount },
  } = useForm<OfferFormValues>({
    defaultValues: {
      offerAmount: posted?.values.offerAmount ?? '',
      selectedDate: posted?.values.selectedDate ?? '',
    },
  });
  const refusal = submitCount === 0 ? posted?.message : undefined;

  return (
    // Posts to this page itself when the app has not started: see lib/page-form.ts.
    <AppForm
      aria-label="Make an offer"
      onSubmit={handleSubmit((values) =>
        onSubmit({ offerAmount: Number(values.offerAmount), selectedDate: values.selectedDate }),
      )}
      className="rounded-2xl border border-sand bg-white p-5 shadow-sm sm:p-6"
    >
      <input type="hidden" name={PAGE_FORM_FIELD} value={PAGE_FORMS.makeOffer} />
      {refusal && (
        <Notice role="alert" tone="error" className="mb-6">
          {refusal}
        </Notice>
      )}
      <fieldset>
        <legend className="text-lg font-bold text-teal-900">Property and buyer</legend>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <ReadOnlyField label="Property Title" value={property.title} />
          <ReadOnlyField label="Property Type" value={property.propertyType} />
          <ReadOnlyField label="Location" value={property.location} />
          <ReadOnlyField label="Owner" value={ownerName(property)} />
          <ReadOnlyField label="Your Name" value={user.name} />
          <ReadOnlyField label="Your Email" value={user.email} />
        </div>
      </fieldset>

      <fieldset className="mt-8">
        <legend className="text-lg font-bold text-teal-900">Your offer</legend>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <NumberField
            label="Offer Amount ($)"
            hint={`Between ${formatDollars(minPrice)} and ${formatDollars(maxPrice)}`}
            error={errors.offerAmount?.message ?? pageFormError(posted, submitCount, 'offerAmount')}
            {...register('offerAmount', { validate: checkAmount(minPrice, maxPrice) })}
            defaultValue={posted?.values.offerAmount}
            step={0.01}
            min={minPrice}
            max={maxPrice}
            aria-required="true"
          />
          <TextField
            label="Buying Date"
            error={
              errors.selectedDate?.message ?? pageFormError(posted, submitCount, 'selectedDate')
            }
            {...register('selectedDate', { validate: checkDate })}
            defaultValue={posted?.values.selectedDate}
            type="date"
            min={earliestBuyingDateIso()}
            max={latestBuyingDateIso()}
            aria-required="true"
          />
        </div>
      </fieldset>

      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" size="lg" onClick={onCancel}>
          Cancel
        </Button>
        <SubmitButton busy={pending} busyLabel="Submitting..." size="lg">
          Submit Offer
        </SubmitButton>
      </div>
    </AppForm>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { type DemoCheckout, ZDemoPaymentRequest } from '@keyhaven/shared';
import { DEMO_CARDS, formatDollars, PAGE_FORMS } from '@keyhaven/shared/constants';
import { MESSAGES, PAYMENT_MESSAGES } from '@keyhaven/shared/texts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { AppForm } from '@/components/form/app-form';
import { TextField } from '@/components/form/fields';
import { SubmitButton } from '@/components/form/submit-button';
import { ContentLayout } from '@/components/layouts/content-layout';
import { ListingPicture } from '@/components/listing/listing-picture';
import { buttonStyles } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Notice } from '@/components/ui/notice';
import { PageSpinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { photoFromAddress } from '@/lib/image-renditions';
import { PAGE_FORM_FIELD, pageFormError, usePageForm } from '@/lib/page-form';
import { paths } from '@/lib/paths';
import { useDemoCheckout, usePayDemoCheckout } from '../api/demo-checkout';

const FIELDS = ['cardNumber', 'expiry', 'cvc', 'name'] as const;
type FieldName = (typeof FIELDS)[number];
const isField = (name: string): name is FieldName => (FIELDS as readonly string[]).includes(name);

/** `4242424242424242` -> `4242 4242 4242 4242`. */
const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

const resultPath = (sessionId: string) =>
  `${paths.paymentSuccess}?session_id=${encodeURIComponent(sessionId)}`;

function TestModeNotice() {
  return (
    <Notice tone="warning" title="This is a TEST payment">
      <p>
        No real money is taken and no real card is charged. Pay with the test card{' '}
        <strong className="whitespace-nowrap font-mono">{spaced(DEMO_CARDS.success)}</strong> to
        succeed;{' '}
        <strong className="whitespace-nowrap font-mono">{spaced(DEMO_CARDS.declined)}</strong> is
        always declined. Any future expiry date, any CVC and any name will do.
      </p>
    </Notice>
  );
}

/** Checkout states in which the card was charged (a refund is money taken, then sent back). */
const MONEY_TAKEN = new Set<DemoCheckout['status']>(['paid', 'refund_due', 'refunded']);

function OrderSummary({ checkout }: { checkout: DemoCheckout }) {
  return (
    <section
      aria-labelledby="checkout-summary-title"
      className="overflow-hidden rounded-2xl border border-sand bg-white shadow-sm"
    >
      <ListingPicture
        photo={photoFromAddress(checkout.propertyImage, checkout.propertyTitle)}
        sizes="(min-width: 1024px) 20rem, 100vw"
        priority
      />
      <div className="p-5">
        <h2 id="checkout-summary-title" className="text-lg font-bold text-stone-900">
          {checkout.propertyTitle}
        </h2>
        {checkout.propertyLocation && (
          <p className="mt-1 text-stone-700">{checkout.propertyLocation}</p>
        )}
        <p className="mt-4 flex items-baseline justify-between gap-2 border-t border-sand pt-4">
          <span className="text-sm font-semibold text-stone-600">
            {MONEY_TAKEN.has(checkout.status) ? 'Amount paid' : 'Amount due'}
          </span>
          <span className="text-2xl font-bold text-teal-900">{formatDollars(checkout.amount)}</span>
        </p>
      </div>
    </section>
  );
}

/** How a refused payment reads: a declined card (402) apart from any other failure. */
const failureOf = (status: number | undefined, message: string) =>
  status === 402
    ? { title: 'Payment declined', message: message || PAYMENT_MESSAGES.declined }
    : { title: 'Payment not completed', message };

function CardForm({ checkout }: { checkout: DemoCheckout }) {
  const navigate = useNavigate();
  const pay = usePayDemoCheckout(checkout.sessionId);
  // How a payment posted to this page without the app was refused, when one was: the card's
  // number and code are never sent back into the page.
  const posted = usePageForm(PAGE_FORMS.demoPayment);
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(() =>
    posted?.message ? failureOf(posted.status, posted.message) : null,
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, submitCount },
  } = useForm({
    resolver: zodResolver(ZDemoPaymentRequest),
    defaultValues: {
      cardNumber: '',
      expiry: posted?.values.expiry ?? '',
      cvc: '',
      name: posted?.values.name ?? '',
    },
  });
  /** A required card field: its registration and message (the app's, else the server's). */
  const cardField = (field: FieldName) => ({
    ...register(field),
    error: errors[field]?.message ?? pageFormError(posted, submitCount, field),
    'aria-required': true,
  });
  // Redirecting counts as busy too: the button must not take a second payment.
  const busy = pay.isPending || pay.isSuccess;

  const onSubmit = handleSubmit((card) => {
    setFailure(null);
    pay.mutate(card, {
      onSuccess: ({ redirectUrl }) => {
        if (redirectUrl.startsWith('/')) navigate(redirectUrl, { replace: true });
        else window.location.assign(redirectUrl);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 402) {
          setFailure(failureOf(402, error.message));
          return;
        }
        const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
        const known = fields.filter(([name]) => isField(name));
        if (known.length > 0) {
          for (const [name, message] of known) {
            if (isField(name)) setError(name, { message }, { shouldFocus: true });
          }
          return;
        }
        setFailure(failureOf(undefined, errorMessage(error, MESSAGES.somethingWentWrong)));
      },
    });
  });

  return (
    <AppForm
      aria-label="Card details"
      onSubmit={onSubmit}
      className="rounded-2xl border border-sand bg-white p-5 shadow-sm sm:p-6"
    >
      <input type="hidden" name={PAGE_FORM_FIELD} value={PAGE_FORMS.demoPayment} />
      <h2 className="text-lg font-bold text-teal-900">Card details</h2>
      {failure && (
        <Notice role="alert" tone="error" title={failure.title} className="mt-4">
          {failure.message}
        </Notice>
      )}
      <div className="mt-4 space-y-4">
        <TextField
          label="Card number"
          {...cardField('cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Expiry (MM/YY)"
            {...cardField('expiry')}
            defaultValue={posted?.values.expiry}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
          />
          <TextField
            label="CVC"
            {...cardField('cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
          />
        </div>
        <TextField
          label="Name on card"
          {...cardField('name')}
          defaultValue={posted?.values.name}
          autoComplete="cc-name"
        />
      </div>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link
          to={paths.dashboard.bought}
          className={buttonStyles({ variant: 'secondary', size: 'lg' })}
        >
          Cancel
        </Link>
        <SubmitButton busy={busy} busyLabel="Processing..." size="lg">
          {`Pay ${formatDollars(checkout.amount)}`}
        </SubmitButton>
      </div>
    </AppForm>
  );
}

function ClosedCheckout({ checkout }: { checkout: DemoCheckout }) {
  if (checkout.status === 'paid') {
    return (
      <Notice tone="success" title="This checkout is already paid">
        <p>Nothing more to pay here.</p>
        <Link to={resultPath(checkout.sessionId)} className={buttonStyles({ className: 'mt-4' })}>
          See the payment result
        </Link>
      </Notice>
    );
  }
  if (checkout.status === 'refund_due' || checkout.status === 'refunded') {
    return (
      <Notice tone="warning" title="This payment is being refunded">
        <p>
          It arrived after the offer could no longer be completed, so the property was not sold.
          {checkout.status === 'refunded'
            ? ' The money has been sent back.'
            : ' The full amount will be sent back to you.'}
        </p>
        <Link to={paths.dashboard.bought} className={buttonStyles({ className: 'mt-4' })}>
          Purchased Properties
        </Link>
      </Notice>
    );
  }
  return (
    <Notice tone="warning" title="This checkout can no longer be paid">
      <p>Start a new payment from Purchased Properties.</p>
      <Link to={paths.dashboard.bought} className={buttonStyles({ className: 'mt-4' })}>
        Purchased Properties
      </Link>
    </Notice>
  );
}

/**
 * The built-in test checkout (DESIGN: the demo payment provider): what is being paid, a plain
 * warning that it is a test, and a card form that takes the test cards only.
 */
export function DemoCheckoutPage() {
  const { sessionId = '' } = useParams();
  const checkout = useDemoCheckout(sessionId);

  if (checkout.isPending) {
    return <PageSpinner label="Loading checkout" />;
  }
  if (checkout.isError) {
    const missing =
      checkout.error instanceof ApiError && [400, 404].includes(checkout.error.status);
    return (
      <ContentLayout heading="Checkout Not Found">
        {missing ? (
          <div className="mt-6 space-y-4">
            <p className="text-stone-700">
              This payment session does not exist, or it belongs to another account.
            </p>
            <Link to={paths.dashboard.bought} className={buttonStyles()}>
              Purchased Properties
            </Link>
          </div>
        ) : (
          <ErrorState
            inline
            className="mt-6"
            title="We couldn't load this checkout"
            error={checkout.error}
            message="Something went wrong on our side. Please try again."
            onRetry={() => checkout.refetch()}
            retrying={checkout.isFetching}
          />
        )}
      </ContentLayout>
    );
  }

  return (
    <ContentLayout heading="Test Checkout">
      <div className="mt-6">
        <TestModeNotice />
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div>
          <OrderSummary checkout={checkout.data} />
        </div>
        <div className="min-w-0">
          {checkout.data.status === 'open' ? (
            <CardForm checkout={checkout.data} />
          ) : (
            <ClosedCheckout checkout={checkout.data} />
          )}
        </div>
      </div>
    </ContentLayout>
  );
}

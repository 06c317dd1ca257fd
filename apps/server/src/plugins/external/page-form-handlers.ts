import {
  ACCOUNT_RECOVERY_MESSAGES,
  MESSAGES,
  NEWSLETTER_MESSAGES,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  PAGE_FORMS,
  type PageFormOutcome,
  PHOTO_MESSAGES,
  SHOWN_KINDS_FIELD,
  ZResetPasswordForm,
} from '@keyhaven/shared';
import type { FastifyRequest } from 'fastify';

/*
 * What each page form does (see pageFormsRoutes in page-forms.ts, which reads the form and calls
 * its handler): the API routes it calls as the visitor, where it sends them next, and what the
 * page shows again when the API refuses.
 */

/** What a page form's handler decides: send the visitor on, or answer the page again. */
export type PageFormResult =
  | { redirect: string }
  | { status: number; outcome: Omit<PageFormOutcome, 'form'> };

/** A file sent with a page form (the registration's photo, a new listing's photos). */
export type SentFile = { data: Buffer; filename: string; mimetype: string };

/** What a page form sent. */
export type SentForm = {
  /** Each field's first value. */
  fields: Record<string, string>;
  /** Every value of each field, in the order sent: the ticked boxes of a group. */
  lists: Record<string, string[]>;
  /** The files of each file field, in the order chosen. */
  files: Record<string, SentFile[]>;
};

type ApiAnswer = { status: number; body: Record<string, unknown>; cookies: string[] };

export type PageFormContext = SentForm & {
  request: FastifyRequest;
  /**
   * Calls an API route inside this server as the visitor: their cookie (plus any the form's
   * earlier calls set), address and origin, so every access rule, limit, throttle and
   * same-origin check of that route applies as if the app had called it.
   */
  callApi: (
    method: 'POST' | 'PATCH' | 'PUT',
    url: string,
    payload: Record<string, unknown> | { file: SentFile; field: string },
  ) => Promise<ApiAnswer>;
};

type PageFormHandler = (context: PageFormContext) => Promise<PageFormResult>;

/** The fields never shown again: a password, a card's number and code, and the form's own name. */
const NOT_ECHOED = /password|^cardNumber$|^cvc$|^_form$/i;

/** What a form sent, minus what must never be written back into a page. */
const echoed = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).filter(([name]) => !NOT_ECHOED.test(name)));

/** A path of this site: one slash, never `//` or `/\`, which a browser reads as another site. */
const OWN_PATH = /^\/(?![/\\])/;

/** The longest address the login page sends a visitor back to (as the web's `returnPathFrom`). */
const RETURN_PATH_MAX_LENGTH = 512;

/**
 * Where signing in sends the visitor: the page's own `returnTo` when it is an address of this
 * site (never another site's, which would make the login page a redirector), else Home.
 */
function returnPathOf(request: FastifyRequest): string {
  const value = new URL(request.url, 'http://keyhaven.invalid').searchParams.get('returnTo');
  if (!value || value.length > RETURN_PATH_MAX_LENGTH || !OWN_PATH.test(value)) return '/';
  return new URL(value, 'http://keyhaven.invalid').pathname === '/login' ? '/' : value;
}

/** An API refusal as the page shows it: each field's message, else the one message. */
function refusal(answer: ApiAnswer, fields: Record<string, string>): PageFormResult {
  const errors = (answer.body.fields as Record<string, string> | undefined) ?? {};
  const message = typeof answer.body.error === 'string' ? answer.body.error : undefined;
  const named = Object.keys(errors).length > 0;
  return {
    status: answer.status,
    outcome: { values: echoed(fields), errors, ...(named ? {} : { message }) },
  };
}

const ok = (answer: ApiAnswer) => answer.status >= 200 && answer.status < 300;

/** The signed-in person's profile page. */
const PROFILE_PATH = '/dashboard';

/** Where a buyer goes once their offer is made: their wishlist, where it shows 'Offer Requested'. */
const WISHLIST_PATH = '/dashboard/wishlist';

/**
 * Where an agent goes once their listing is added: My Properties, where it shows first, pending
 * approval (the app's 'Property Added!' dialog offers the same page).
 */
const MY_PROPERTIES_PATH = '/dashboard/my-properties';

/** The last segment of the page's path: the listing or checkout it is about. */
const lastSegmentOf = (request: FastifyRequest) =>
  decodeURIComponent(request.url.split('?')[0]?.split('/').filter(Boolean).at(-1) ?? '');

/** Each form that posts to its page, by its `_form` name. */
export const PAGE_FORM_HANDLERS: Record<string, PageFormHandler> = {
  [PAGE_FORMS.signIn]: async ({ request, fields, callApi }) => {
    const answer = await callApi('POST', '/auth/login', {
      email: fields.email ?? '',
      password: fields.password ?? '',
    });
    if (ok(answer)) return { redirect: returnPathOf(request) };
    return refusal(answer, fields);
  },

  [PAGE_FORMS.register]: async ({ fields, files, callApi }) => {
    const { name, email, phone, country, birth, password } = fields;
    const answer = await callApi('POST', '/auth/register', {
      name,
      email,
      phone,
      country,
      birth,
      password,
      photo: null,
    });
    // An address already registered is the e-mail field's problem, as the app shows it.
    if (answer.status === 409 && typeof answer.body.error === 'string') {
      return {
        status: 409,
        outcome: { values: echoed(fields), errors: { email: answer.body.error } },
      };
    }
    if (!ok(answer)) return refusal(answer, fields);
    // As the app does: uploading takes an account, so the photo goes up once registration has
    // signed the person in, as their own upload, and is then saved to their profile. A photo
    // that fails leaves the account as it is, without one.
    const photo = files.photo?.[0];
    if (photo) {
      const upload = await callApi('POST', '/api/uploads?purpose=avatar', {
        file: photo,
        field: 'image',
      });
      const url = (upload.body.data as { url?: string } | undefined)?.url;
      // Their profile, where the photo is missing and can be chosen again.
      if (!ok(upload) || !url) return { redirect: PROFILE_PATH };
      const saved = await callApi('PATCH', '/api/profile/photo', { photo: url });
      if (!ok(saved)) return { redirect: PROFILE_PATH };
    }
    return { redirect: '/' };
  },

  [PAGE_FORMS.forgotPassword]: async ({ fields, callApi }) => {
    const answer = await callApi('POST', '/auth/forgot-password', { email: fields.email ?? '' });
    if (!ok(answer)) return refusal(answer, fields);
    return {
      status: 200,
      outcome: { values: {}, errors: {}, done: ACCOUNT_RECOVERY_MESSAGES.forgotSent },
    };
  },

  [PAGE_FORMS.resetPassword]: async ({ fields, callApi }) => {
    // The same checks as the page's form, the password typed twice included, before the API's.
    const parsed = ZResetPasswordForm.safeParse(fields);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
      // A link without its token cannot set a password: the page says so as the app would.
      if (errors.token) {
        return {
          status: 400,
          outcome: { values: {}, errors: {}, message: ACCOUNT_RECOVERY_MESSAGES.resetInvalid },
        };
      }
      return { status: 400, outcome: { values: echoed(fields), errors } };
    }
    const answer = await callApi('POST', '/auth/reset-password', {
      token: parsed.data.token,
      password: parsed.data.password,
    });
    if (!ok(answer)) return refusal(answer, fields);
    return {
      status: 200,
      outcome: { values: {}, errors: {}, done: ACCOUNT_RECOVERY_MESSAGES.resetDone },
    };
  },

  [PAGE_FORMS.newsletter]: subscribe,

  [PAGE_FORMS.makeOffer]: async ({ request, fields, callApi }) => {
    const propertyId = encodeURIComponent(lastSegmentOf(request));
    // The API checks who may offer (buyers only), the listing's state and the amount and date.
    const answer = await callApi('PATCH', `/make-offer/${propertyId}`, {
      offerAmount: fields.offerAmount ?? '',
      selectedDate: fields.selectedDate ?? '',
    });
    if (!ok(answer)) return refusal(answer, fields);
    // As the app does: the listing stays on the buyer's wishlist, where they are sent; a failed
    // save does not undo the offer.
    await callApi('PATCH', `/properties/${propertyId}/wishlist`, { wishlistStatus: 'true' });
    return { redirect: WISHLIST_PATH };
  },

  [PAGE_FORMS.notificationSettings]: async ({ fields, callApi }) => {
    // A browser sends only the ticked boxes: each kind the page showed and did not send is off.
    const shown = (fields[SHOWN_KINDS_FIELD] ?? '').split(',');
    const kinds = NOTIFICATION_KINDS.filter((kind) => shown.includes(kind));
    const answer = await callApi('PUT', '/api/notification-settings', {
      email: Object.fromEntries(kinds.map((kind) => [kind, fields[kind] !== undefined])),
      ...(fields.searchAlerts ? { searchAlerts: fields.searchAlerts } : {}),
    });
    if (!ok(answer)) return refusal(answer, fields);
    return {
      status: 200,
      outcome: { values: {}, errors: {}, done: NOTIFICATION_MESSAGES.settingsSaved },
    };
  },

  [PAGE_FORMS.addProperty]: addProperty,

  [PAGE_FORMS.demoPayment]: async ({ request, fields, callApi }) => {
    const sessionId = encodeURIComponent(lastSegmentOf(request));
    const answer = await callApi('POST', `/api/payment/demo/${sessionId}/pay`, {
      cardNumber: fields.cardNumber ?? '',
      expiry: fields.expiry ?? '',
      cvc: fields.cvc ?? '',
      name: fields.name ?? '',
    });
    if (!ok(answer)) return refusal(answer, fields);
    // The payment's result page; never another site's address.
    const next = String(answer.body.redirectUrl ?? '');
    return { redirect: OWN_PATH.test(next) ? next : '/' };
  },
};

/** The listing the Add Property form describes, as the API takes it (numbers in its digits). */
function listingOf({ fields, lists }: SentForm) {
  return {
    title: fields.title,
    description: fields.description,
    location: fields.location,
    propertyType: fields.propertyType,
    minPrice: fields.minPrice,
    maxPrice: fields.maxPrice,
    bedrooms: fields.bedrooms,
    bathrooms: fields.bathrooms,
    areaSize: fields.areaSize,
    features: lists.features ?? [],
  };
}

/** The Add Property form as it was sent, to show again: its fields and its ticked features. */
function listingShownAgain({ fields, lists }: SentForm) {
  const { features: _features, ...values } = echoed(fields);
  return { values, ticked: { features: lists.features ?? [] } };
}

/** The form `name` as it was sent, to show again. */
export const shownAgain = (name: string, sent: SentForm) =>
  name === PAGE_FORMS.addProperty ? listingShownAgain(sent) : { values: echoed(sent.fields) };

/**
 * The API's refusal of a listing as the page shows it. Without the app the photos are one file
 * field, so a photo's own message (`photos.2.url`) is shown under it.
 */
function listingRefusal(
  answer: ApiAnswer,
  sent: SentForm,
  { photosLeftOut }: { photosLeftOut: boolean },
): PageFormResult {
  const errors: Record<string, string> = {};
  for (const [name, message] of Object.entries(
    (answer.body.fields as Record<string, string> | undefined) ?? {},
  )) {
    const field = name.startsWith('photos.') ? 'photos' : name;
    // Asked without them, the API misses the photos the agent did choose.
    if (field === 'photos' && photosLeftOut) continue;
    errors[field] ??= message;
  }
  const named = Object.keys(errors).length > 0;
  const message = typeof answer.body.error === 'string' ? answer.body.error : undefined;
  return {
    status: answer.status,
    outcome: { ...listingShownAgain(sent), errors, ...(named ? {} : { message }) },
  };
}

/** A photo the API would not store: the file's own problem (its type, its size) names it. */
function photoRefusal(answer: ApiAnswer, photo: SentFile, sent: SentForm): PageFormResult {
  const status = answer.status >= 400 ? answer.status : 502;
  const message =
    typeof answer.body.error === 'string' ? answer.body.error : MESSAGES.upload.failed;
  const itsOwn = status === 400 || status === 413 || status === 415;
  return {
    status,
    outcome: {
      ...listingShownAgain(sent),
      errors: itsOwn ? { photos: `${photo.filename}: ${message}` } : {},
      ...(itsOwn ? {} : { message }),
    },
  };
}

/**
 * Add Property: the photos go up as the agent's own uploads, in the order chosen (as the app
 * uploads each as it is chosen), then the listing is added with them, the cover described by
 * the title as the API describes a photo nobody described. First, though, the listing is sent
 * without photos, which the API always refuses, for them alone when all else is right: so who
 * may list (agents in good standing) and each field's message come from the API before any photo
 * is uploaded, and a refused form leaves nothing behind.
 */
async function addProperty(context: PageFormContext): Promise<PageFormResult> {
  const { files, callApi } = context;
  const photos = files.photos ?? [];
  const listing = listingOf(context);
  const asked = await callApi('POST', '/api/properties', listing);
  if (ok(asked)) return { redirect: MY_PROPERTIES_PATH };
  const refused = Object.keys((asked.body.fields as Record<string, string> | undefined) ?? {});
  const onlyPhotosMissing = asked.status === 400 && refused.join() === 'photos';
  if (photos.length === 0 || !onlyPhotosMissing) {
    return listingRefusal(asked, context, { photosLeftOut: photos.length > 0 });
  }

  const urls: string[] = [];
  for (const photo of photos) {
    const upload = await callApi('POST', '/api/uploads?purpose=listing', {
      file: photo,
      field: 'image',
    });
    const url = ok(upload) ? (upload.body.data as { url?: string } | undefined)?.url : undefined;
    // The photos already up are nobody's listing's: the uploads sweep removes them a day later.
    if (!url) return photoRefusal(upload, photo, context);
    urls.push(url);
  }
  const title = (listing.title ?? '').trim();
  const added = await callApi('POST', '/api/properties', {
    ...listing,
    photos: urls.map((url, index) => ({
      url,
      // The cover must be described; the others the API describes from the title as it shows them.
      alt: index === 0 ? PHOTO_MESSAGES.defaultAlt(title, 1, urls.length) : null,
    })),
  });
  if (ok(added)) return { redirect: MY_PROPERTIES_PATH };
  return listingRefusal(added, context, { photosLeftOut: false });
}

/** The footer's newsletter field: the answer reads the same whether or not the address was on the list. */
async function subscribe({ fields, callApi }: PageFormContext): Promise<PageFormResult> {
  const email = (fields.email ?? '').trim();
  if (!email) {
    return {
      status: 400,
      outcome: { values: {}, errors: { email: NEWSLETTER_MESSAGES.emailRequired } },
    };
  }
  const answer = await callApi('POST', '/api/subscribe', { email });
  if (!ok(answer)) return refusal(answer, fields);
  return {
    status: 200,
    outcome: { values: {}, errors: {}, done: NEWSLETTER_MESSAGES.confirmSent },
  };
}
